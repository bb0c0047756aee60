/**
 * The API for a client company's own systems (docs/api.md): its keys, its limit, and what each
 * answer carries. Everything a system sends or reads is the screens' own: the pickup form's
 * catalogue (submissions.ts), the simulator's price (pricing.ts), 'Minhas solicitações' fields
 * (clientReadableFields) and the public lookup's view of a shipment's stages. The server's routes
 * (server/api/) and the OpenAPI document they serve are built from here, so neither can drift.
 */
import { attemptLogOf, reasonLabel, REGISTERED_TEXT, RETURNED_TEXT } from './attempts';
import { textRule, validateSubmission, type FieldErrors, type FieldRule } from './fields';
import { formatCents } from './format';
import { CONSULTAR } from './pricing';
import { destinationOf } from './shipments';
import { normalizeStages, stageTimesOf, TRACKING_STAGES } from './stages';
import {
  SUBMISSION_KINDS,
  clientReadableFields,
  priceQuote,
  storedFields,
  type SubmissionKindDef,
} from './submissions';
import { initials } from './tracking-changes';

/** Every key starts so: a leaked one is recognisable in a log or a repository ('rvk' = Rota Veloz key). */
export const API_KEY_PREFIX = 'rvk_';
/** Random characters after the prefix, from API_KEY_ALPHABET: about 238 bits. */
export const API_KEY_SECRET_LENGTH = 40;
export const API_KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Kept in clear to recognise a key on the list: the prefix and the secret's first six. */
export const API_KEY_SHOWN = API_KEY_PREFIX.length + 6;
/** Active keys a company may have at once. */
export const API_KEYS_PER_COMPANY = 10;
/** Requests a minute per key, counted by the server; past it, 429 with Retry-After. */
export const API_REQUESTS_PER_MINUTE = 120;
/** Lists: items per page when none is asked for, and the most a page holds. */
export const API_PER_PAGE = 50;
export const API_MAX_PER_PAGE = 100;

const KEY_SHAPE = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{${API_KEY_SECRET_LENGTH}}$`);

/** Whether `text` could be a key at all (a key of another shape is never looked up). */
export const isApiKeyShape = (text: string): boolean => KEY_SHAPE.test(text);

/** What the list shows of a key: 'rvk_AbC12x…'. */
export const shownPart = (key: string): string => key.slice(0, API_KEY_SHOWN);

/** 'Nova chave': only a name, to tell the company's keys apart. */
export const API_KEY_RULES: FieldRule[] = [
  textRule('name', 'Nome da chave', true, {
    max: 60,
    requiredMessage: 'Dê um nome à chave, como "ERP da loja"',
  }),
];

export function checkApiKeyName(values: Record<string, unknown>): FieldErrors {
  return validateSubmission(API_KEY_RULES, values);
}

/** The key's name as stored (and as each pickup made with it names who asked). */
export const storedKeyName = (name: unknown): string =>
  String(name ?? '')
    .trim()
    .replace(/\s+/g, ' ');

export const API_MESSAGES = {
  adminOnly: 'Só um administrador da empresa cria e revoga chaves de API.',
  keyNotFound: 'Chave não encontrada.',
  tooManyKeys: `A empresa já tem ${API_KEYS_PER_COMPANY} chaves ativas. Revogue uma que não use mais.`,
  noKey:
    'Envie a chave de API no cabeçalho Authorization (Bearer <chave>) ou X-Api-Key. Um administrador da empresa cria a chave em "Chaves de API".',
  badKey: 'Chave de API inválida ou revogada.',
  companyDisabled: 'O acesso desta empresa está desativado. Fale com a transportadora.',
  rateLimited: (seconds: number) =>
    `Limite de ${API_REQUESTS_PER_MINUTE} requisições por minuto desta chave atingido. Tente de novo em ${seconds} s.`,
  tooManyCreates: 'Muitas solicitações de coleta seguidas desta empresa. Aguarde um pouco.',
  pickupNotFound: 'Solicitação de coleta não encontrada.',
  shipmentNotFound: 'Remessa não encontrada.',
  idTaken: 'Este id já é de outra solicitação. Gere outro.',
  badId: 'Use 15 letras minúsculas e números.',
  page: 'Use um número inteiro a partir de 1.',
  perPage: `Use um número inteiro de 1 a ${API_MAX_PER_PAGE}.`,
  tooLarge: 'O corpo da requisição é grande demais.',
  checkFields: 'Confira os campos destacados.',
} as const;

/** A page number and size from the query ('page', 'perPage'), or the field's message. */
export function pageOf(query: {
  page?: unknown;
  perPage?: unknown;
}): { page: number; perPage: number } | { errors: FieldErrors } {
  const read = (value: unknown, fallback: number) =>
    value === undefined || value === '' ? fallback : Number(value);
  const page = read(query.page, 1);
  const perPage = read(query.perPage, API_PER_PAGE);
  const errors: FieldErrors = {};
  if (!Number.isInteger(page) || page < 1) errors.page = API_MESSAGES.page;
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > API_MAX_PER_PAGE) {
    errors.perPage = API_MESSAGES.perPage;
  }
  return Object.keys(errors).length ? { errors } : { page, perPage };
}

/** A list's page as every list of the API answers it (PocketBase's own shape). */
export interface ApiPage<T> {
  page: number;
  perPage: number;
  totalItems: number;
  totalPages: number;
  items: T[];
}

export function apiPage<T>(items: T[], page: number, perPage: number, total: number): ApiPage<T> {
  return { page, perPage, totalItems: total, totalPages: Math.ceil(total / perPage), items };
}

// —— Quotes: the simulator's figures ——

const QUOTE = SUBMISSION_KINDS.quote;
/** The simulator's fields, with the quote form's own rules (units, bounds, messages). */
export const API_QUOTE_FIELDS = ['weight', 'length', 'width', 'height', 'invoiceValue'] as const;
export const API_QUOTE_RULES: readonly FieldRule[] = API_QUOTE_FIELDS.map((name) =>
  QUOTE.rules.find((rule) => rule.name === name)!,
);

/** What the simulator shows, in cents and kilos ('Consultar' above the price table: nulls). */
export interface ApiQuote {
  actualKg: number;
  volumetricKg: number;
  chargeableKg: number;
  freightCents: number | null;
  insuranceCents: number;
  totalCents: number | null;
  /** As the site writes it: 'R$ 124,50', or 'Consultar'. */
  total: string;
}

export function apiQuote(
  values: Record<string, unknown>,
): { ok: true; quote: ApiQuote } | { ok: false; errors: FieldErrors } {
  const errors = validateSubmission(API_QUOTE_RULES, values);
  if (Object.keys(errors).length) return { ok: false, errors };
  const quote = priceQuote(values);
  return {
    ok: true,
    quote: {
      actualKg: quote.actualKg,
      volumetricKg: quote.volumetricKg,
      chargeableKg: quote.chargeableKg,
      freightCents: quote.baseCents,
      insuranceCents: quote.insuranceCents,
      totalCents: quote.totalCents,
      total: quote.totalCents === null ? CONSULTAR : formatCents(quote.totalCents),
    },
  };
}

// —— Pickup requests: the form's catalogue ——

export const PICKUPS: SubmissionKindDef = SUBMISSION_KINDS.pickup;

/** The type of a field as the API's JSON carries it. */
export interface ApiField {
  name: string;
  type: 'string' | 'number' | 'integer';
  options?: readonly string[];
  max?: number;
}

/** Fields the catalogue does not list, each with its type. */
const PICKUP_EXTRA_TYPES: Record<string, ApiField['type']> = {
  number: 'integer',
  shipmentStage: 'integer',
};

/**
 * What a system reads of a pickup request: exactly what the company's people read of it
 * (clientReadableFields), less the two names PocketBase adds for its own SDK.
 */
export function apiPickupFields(): ApiField[] {
  const stored = new Map(storedFields(PICKUPS).map((f) => [f.name, f]));
  return clientReadableFields(PICKUPS)
    .filter((name) => name !== 'collectionId' && name !== 'collectionName')
    .map((name): ApiField => {
      const extra = PICKUP_EXTRA_TYPES[name];
      if (extra) return { name, type: extra };
      const field = stored.get(name);
      if (field?.type === 'number') return { name, type: 'number' };
      if (field?.type === 'choice') return { name, type: 'string', options: field.options };
      return { name, type: 'string', ...(field?.max ? { max: field.max } : {}) };
    });
}

/** A pickup request that passes every rule of the form: the document's example, and the tests'. */
export const API_PICKUP_EXAMPLE = {
  id: 'erp000000000001',
  solicitadaPor: 'Carla Mendes',
  tipoEntrega: 'Amostra de Soja',
  saiLocalColeta: 'sim',
  empresa: 'Laboratório Análise',
  contato: 'Pedro Souza',
  telefone: '(64) 3431-0000',
  email: 'carla@cliente.example',
  endereco: 'Rua das Indústrias, 45',
  cidade: 'Itumbiara',
  estado: 'GO',
  peso: '3,5',
  altura: 20,
  comprimento: 40,
  largura: 30,
  valorNF: '1234,56',
};

export const API_QUOTE_EXAMPLE = {
  weight: 2.5,
  length: 40,
  width: 30,
  height: 20,
  invoiceValue: '1500,00',
};

// —— Shipments: the stages, as the public lookup tells them ——

/** What a system reads of one of its company's shipments: where it stands, nothing personal. */
export interface ApiShipment {
  number: string;
  /** The number of the pickup request it was made from (0: none). */
  requestNumber: number;
  service: string;
  /** When it was made; 'AAAA-MM-DD' it is promised for; 'Cidade - UF' it goes to. */
  registeredAt: string;
  promisedDate: string;
  destination: string;
  weightKg: number;
  /** The furthest stage reached (0: only made), its words, and each stage's time. */
  stage: number;
  stageLabel: string;
  stages: number[];
  stageTimes: Record<string, string>;
  /** Once delivered: the receiver's initials and when; once returned, when. */
  deliveredTo: string;
  deliveredAt: string;
  returnedAt: string;
  /**
   * Failed delivery attempts: when and why, as the reason's code ('ausente') and its words
   * ('Destinatário ausente'); never the note, driver, place or photo.
   */
  attempts: { at: string; reason: string; reasonLabel: string }[];
}

/** The stored shipment's columns this view reads (and nothing else). */
export const API_SHIPMENT_COLUMNS = [
  'number',
  'service',
  'registeredAt',
  'created',
  'promisedDate',
  'recipientCity',
  'recipientState',
  'weightKg',
  'stages',
  'stage1At',
  'stage2At',
  'stage3At',
  'stage4At',
  'receiverName',
  'returnedAt',
  'attemptLog',
] as const;

export function apiShipmentOf(row: Record<string, unknown>, requestNumber: number): ApiShipment {
  const text = (name: string) => (typeof row[name] === 'string' ? (row[name] as string) : '');
  const stages = normalizeStages((row.stages || []) as readonly unknown[]);
  const stage = stages.length ? stages[stages.length - 1]! : 0;
  const times = stageTimesOf(row, stages);
  const delivered = stages.indexOf(4) !== -1;
  return {
    number: text('number'),
    requestNumber,
    service: text('service'),
    registeredAt: text('registeredAt') || text('created'),
    promisedDate: text('promisedDate'),
    destination: destinationOf(row),
    weightKg: Number(row.weightKg) || 0,
    stage,
    stageLabel: text('returnedAt')
      ? RETURNED_TEXT
      : stage
        ? TRACKING_STAGES.find((s) => s.stage === stage)!.label
        : REGISTERED_TEXT,
    stages,
    stageTimes: times,
    deliveredTo: delivered && text('receiverName') ? initials(text('receiverName')) : '',
    deliveredAt: delivered ? (times['4'] ?? '') : '',
    returnedAt: text('returnedAt'),
    attempts: attemptLogOf(row.attemptLog).map((a) => ({
      at: a.at,
      reason: a.reason,
      reasonLabel: reasonLabel(a.reason),
    })),
  };
}

/** A key as the company's administrator sees it on 'Chaves de API' (never the key itself). */
export interface ApiKeyView {
  id: string;
  name: string;
  /** The key's first characters, to recognise it: 'rvk_AbC12x'. */
  shown: string;
  created: string;
  createdBy: string;
  /** The last request made with it (to the minute), or ''. */
  lastUsedAt: string;
  revokedAt: string;
  revokedBy: string;
}
