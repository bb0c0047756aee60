import { emptyShipment, todayInBrazil } from '../../src/domain/shipments';
// Valid submissions as a person would type them (the CPF and CNPJ are well-known valid examples).
export function quotePayload(overrides: Record<string, unknown> = {}) {
  return {
    pickupLocation: 'São Paulo - SP',
    deliveryLocation: 'Goiânia - GO',
    parcelType: 'encomenda',
    weight: 2.5,
    width: 30,
    length: 40,
    height: 20,
    invoiceNumber: 'NF-778',
    invoiceValue: '1500,00',
    senderDocumentType: 'cpf',
    senderDocument: '529.982.247-25',
    senderName: 'Maria Souza',
    senderAddress: 'Rua Augusta, 100',
    senderZip: '01305-000',
    senderPhone: '(11) 98765-4321',
    senderCity: 'São Paulo',
    senderEmail: 'maria@cliente.example',
    recipientDocumentType: 'cnpj',
    recipientDocument: '11.222.333/0001-81',
    recipientName: 'Oficina Central Ltda',
    recipientAddress: 'Av. Goiás, 500',
    recipientZip: '74000-000',
    recipientPhone: '(62) 3333-4444',
    recipientCity: 'Goiânia',
    itemDescription: 'Peças de reposição',
    ...overrides,
  };
}

export function urgentPayload(overrides: Record<string, unknown> = {}) {
  return {
    senderDocumentType: 'cnpj',
    senderDocument: '12.ABC.345/01DE-35',
    senderName: 'Laboratório Vida',
    senderAddress: 'Rua da Consolação, 900',
    senderZip: '01302-000',
    senderPhone: '(11) 3222-1111',
    senderCity: 'São Paulo',
    senderEmail: 'lab@vida.example',
    invoiceNumber: '4411',
    invoiceValue: '250,00',
    recipientDocumentType: 'cpf',
    recipientDocument: '111.444.777-35',
    recipientName: 'João Lima',
    recipientAddress: 'Rua XV, 10',
    recipientZip: '80020-000',
    recipientPhone: '(41) 99999-0000',
    recipientReceiver: 'Portaria',
    recipientCity: 'Curitiba',
    itemDescription: 'Amostras refrigeradas',
    weight: 4,
    width: 20,
    length: 30,
    height: 25,
    ...overrides,
  };
}

export function pickupPayload(overrides: Record<string, unknown> = {}) {
  return {
    solicitadaPor: 'Carla Mendes',
    tipoEntrega: 'Amostra de Soja',
    outroTipoEntrega: '',
    saiLocalColeta: 'sim',
    empresa: 'Laboratório Análise',
    contato: 'Pedro',
    telefone: '(64) 3431-0000',
    email: 'carla@cliente.example',
    endereco: 'Rua das Indústrias, 45',
    cidade: 'Itumbiara',
    estado: 'GO',
    peso: '3,5',
    altura: '20',
    comprimento: '40',
    largura: '30',
    valorNF: '1234,56',
    ...overrides,
  };
}

/** A shipment's fields as the office form sends them: São Paulo to Goiânia, ready to save. */
export function shipmentFields(overrides: Record<string, string> = {}) {
  return {
    ...emptyShipment(todayInBrazil()),
    senderName: 'Balcão',
    senderZip: '01310-100',
    senderStreet: 'Av. Paulista',
    senderStreetNumber: '1000',
    senderCity: 'São Paulo',
    senderState: 'SP',
    recipientName: 'Cliente Final',
    recipientPhone: '(62) 99999-0000',
    recipientZip: '74000-000',
    recipientStreet: 'Rua 7',
    recipientStreetNumber: '45',
    recipientCity: 'Goiânia',
    recipientState: 'GO',
    contents: 'Documentos',
    weight: '1',
    ...overrides,
  };
}

/** A 1×1 px JPEG: PocketBase tells a file's type from its first bytes. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

/** A 1×1 px white PNG (8-bit RGB), as a phone's canvas gives a receiver's signature. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC',
  'base64',
);

/**
 * A valid CPF made from a whole number (its last nine digits are the CPF's base): a tracking
 * number the office may register, unique per number. The server takes a new record's number only
 * as a reserved shipment number, a CPF or a CNPJ.
 */
export function cpfFrom(n: number | string): string {
  let base = String(n).replace(/\D/g, '').slice(-9).padStart(9, '0');
  if (/^(\d)\1{8}$/.test(base)) base = `${base.slice(0, 8)}${(Number(base[8]) + 1) % 10}`;
  let digits = base;
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(digits[i]) * (len + 1 - i);
    digits += String(((sum * 10) % 11) % 10);
  }
  return digits;
}

/** A valid CNPJ from a whole number (its last eight digits, then branch 0001, then check digits). */
export function cnpjFrom(n: number | string): string {
  const digits = `${String(n).replace(/\D/g, '').slice(-8).padStart(8, '0')}0001`
    .split('')
    .map(Number);
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const rest = weights.reduce((s, w, i) => s + w * digits[i]!, 0) % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join('');
}

/**
 * Record ids as a phone makes them (15 characters of [a-z0-9]), unique in a test run: `tag`
 * (two letters) says which test made the record, when one is looked at in the data folder.
 */
export function recordIds(tag: string): () => string {
  let seq = 0;
  return () =>
    `${tag}${Date.now().toString(36)}${(seq++).toString(36)}`.padEnd(15, '0').slice(0, 15);
}
