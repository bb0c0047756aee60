import { foldText } from './text';
/** The 16 places served, all Express with delivery in 24-48h. */
export const LOCALITIES = [
  'São Paulo - SP',
  'Guarulhos - SP',
  'Alphaville - SP',
  'Ribeirão Preto - SP',
  'Brasília - DF',
  'Anápolis - GO',
  'Aparecida de Goiânia - GO',
  'Caldas Novas - GO',
  'Catalão - GO',
  'Goiânia - GO',
  'Itumbiara - GO',
  'Jataí - GO',
  'Rio Verde - GO',
  'Uberlândia - MG',
  'Rio de Janeiro - RJ',
  'Curitiba - PR',
] as const;

export type Locality = (typeof LOCALITIES)[number];

export const DELIVERY_TIME = '24-48h';
export const SERVICE_NAME = 'Express';
export const DEFAULT_ORIGIN: Locality = 'São Paulo - SP';

/** Cities where the express service applies; elsewhere the urgent (scheduled) service is used. */
export const EXPRESS_ONLY_CITIES = [
  'São Paulo',
  'Guarulhos',
  'Uberlândia',
  'Goiânia',
  'Itumbiara',
  'Ipameri',
  'Rio Verde',
] as const;

export const BASE_CITIES = ['São Paulo - SP', 'Guarulhos - SP'] as const;

/** Case- and accent-insensitive filter for the location pickers. */
export function filterLocalities(query: string): Locality[] {
  const q = foldText(query.trim());
  return LOCALITIES.filter((l) => foldText(l).includes(q));
}
