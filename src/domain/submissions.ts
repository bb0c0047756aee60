/**
 * The catalogue of submission kinds: for quotes, urgent requests and pickup requests, every fact
 * in one place — the field rules, the collection, the label, the defaults and the derived fields
 * (the quote price, computed on the server). Their e-mails are in submission-mails.ts.
 * The forms, the outbox and, through the generated bundle, the PocketBase hooks all read it here.
 * Adding a field to a kind is a change here and in a migration; tests/server/catalogue.test.ts
 * checks that the two agree.
 */
import { cepPlaceProblem } from './cep';
import { DOCUMENT_TYPES } from './documents';
import { formatCents } from './format';
import {
  INVALID_EMAIL,
  storedName,
  textRule,
  toStored,
  validateSubmission,
  withFallbacks,
  type FieldErrors,
  type FieldRule,
  type StoredValue,
} from './fields';
import { LOCALITIES } from './localities';
import { CONSULTAR, quoteParcel, type Quote } from './pricing';
import { STATE_CODES } from './states';
import { parseDecimal, moneyCents } from './numbers';

import { PARCEL_TYPES } from './parcel-types';
import { cleanText } from './text';
export const DELIVERY_TYPES = [
  'Amostra de Soja',
  'Amostra de Lecitina',
  'Amostras Outras',
  'Peças',
  'Documentos',
  'Outros',
] as const;
export const YES_NO = ['sim', 'não'] as const;
export const NOT_INFORMED = 'Não informado';

/** Upper bounds on what a person can send (the price table ends at 30 kg: above it, 'Consultar'). */
export const MAX_WEIGHT_KG = 1000;
export const MAX_DIMENSION_CM = 500;
export const MAX_INVOICE_REAIS = 10_000_000;
/** Lower bounds: the smallest parcel anyone sends, well above a typo such as 0,0001 or 1e-320. */
export const MIN_WEIGHT_KG = 0.01;
export const MIN_DIMENSION_CM = 0.1;

function partyRules(
  prefix: 'sender' | 'recipient',
  requireCity: boolean,
  requireEmail: boolean,
): FieldRule[] {
  const who = prefix === 'sender' ? 'remetente' : 'destinatário';
  return [
    {
      name: `${prefix}DocumentType`,
      label: `Tipo de documento do ${who}`,
      kind: 'choice',
      required: true,
      options: DOCUMENT_TYPES,
    },
    {
      name: `${prefix}Document`,
      label: `CPF/CNPJ do ${who}`,
      kind: 'document',
      required: true,
      max: 18,
      documentTypeField: `${prefix}DocumentType`,
      personal: true,
    },
    textRule(`${prefix}Name`, `Nome do ${who}`, true, { personal: true }),
    textRule(`${prefix}Address`, `Endereço do ${who}`, true, { max: 300, personal: true }),
    {
      name: `${prefix}Zip`,
      label: `CEP do ${who}`,
      kind: 'cep',
      required: true,
      max: 9,
      personal: true,
    },
    {
      name: `${prefix}Phone`,
      label: `Telefone do ${who}`,
      kind: 'phone',
      required: true,
      max: 15,
      personal: true,
    },
    textRule(`${prefix}City`, `Cidade do ${who}`, requireCity, {
      fallback: requireCity ? undefined : NOT_INFORMED,
    }),
    ...(prefix === 'sender'
      ? [
          {
            name: 'senderEmail',
            label: 'E-mail do remetente',
            kind: 'email',
            required: requireEmail,
            max: 254,
            personal: true,
          } as FieldRule,
        ]
      : []),
  ];
}

const decimal = (name: string, label: string, unit: 'kg' | 'cm'): FieldRule => ({
  name,
  label,
  kind: 'decimal',
  required: true,
  minValue: unit === 'kg' ? MIN_WEIGHT_KG : MIN_DIMENSION_CM,
  maxValue: unit === 'kg' ? MAX_WEIGHT_KG : MAX_DIMENSION_CM,
  unit,
});

const dimensionRules: FieldRule[] = [
  decimal('weight', 'Peso', 'kg'),
  decimal('width', 'Largura', 'cm'),
  decimal('length', 'Comprimento', 'cm'),
  decimal('height', 'Altura', 'cm'),
];

const invoiceRules: FieldRule[] = [
  textRule('invoiceNumber', 'Número da NF', false, { max: 60 }),
  {
    name: 'invoiceValue',
    label: 'Valor da NF',
    kind: 'money',
    required: false,
    maxValue: MAX_INVOICE_REAIS,
  },
];

const receiverRule = (required: boolean) =>
  textRule('recipientReceiver', 'Recebedor', required, {
    fallback: required ? undefined : { copy: 'recipientName' },
    personal: true,
  });

const QUOTE_RULES: FieldRule[] = [
  {
    name: 'pickupLocation',
    label: 'Local de retirada',
    kind: 'choice',
    required: true,
    options: LOCALITIES,
  },
  {
    name: 'deliveryLocation',
    label: 'Local de entrega',
    kind: 'choice',
    required: true,
    options: LOCALITIES,
  },
  {
    name: 'parcelType',
    label: 'Tipo de encomenda',
    kind: 'choice',
    required: true,
    options: PARCEL_TYPES,
    fallback: 'encomenda',
  },
  ...dimensionRules,
  ...invoiceRules,
  ...partyRules('sender', false, true),
  ...partyRules('recipient', false, false),
  receiverRule(false),
  textRule('itemDescription', 'Descrição do item', false, {
    max: 2000,
    multiline: true,
    fallback: NOT_INFORMED,
  }),
];

const URGENT_RULES: FieldRule[] = [
  ...partyRules('sender', true, true),
  ...invoiceRules,
  ...partyRules('recipient', true, false),
  receiverRule(true),
  textRule('itemDescription', 'Descrição do item', true, { max: 2000, multiline: true }),
  ...dimensionRules,
  textRule('desiredDeadline', 'Prazo desejado para a entrega', false, {
    max: 100,
    fallback: NOT_INFORMED,
  }),
];

const PICKUP_RULES: FieldRule[] = [
  textRule('solicitadaPor', 'Solicitada por', true, {
    requiredMessage: 'Nome é obrigatório',
    personal: true,
  }),
  {
    name: 'tipoEntrega',
    label: 'O que vamos entregar?',
    kind: 'choice',
    required: true,
    options: DELIVERY_TYPES,
    requiredMessage: 'Selecione o tipo de entrega',
  },
  textRule('outroTipoEntrega', 'O que vamos buscar?', false, {
    max: 1000,
    multiline: true,
    onlyWhen: { field: 'tipoEntrega', equals: 'Outros' },
  }),
  {
    name: 'saiLocalColeta',
    label: 'Sai do local de coleta fixo?',
    kind: 'choice',
    required: true,
    options: YES_NO,
    fallback: 'sim',
  },
  textRule('empresa', 'Empresa', true, { requiredMessage: 'Empresa é obrigatória' }),
  textRule('contato', 'Contato', true, {
    requiredMessage: 'Contato é obrigatório',
    personal: true,
  }),
  {
    name: 'telefone',
    label: 'Telefone',
    kind: 'phone',
    required: true,
    requiredMessage: 'Telefone é obrigatório',
    max: 30,
    personal: true,
  },
  {
    name: 'email',
    label: 'Email',
    kind: 'email',
    required: true,
    requiredMessage: INVALID_EMAIL,
    max: 254,
    personal: true,
  },
  textRule('endereco', 'Endereço', true, {
    requiredMessage: 'Endereço é obrigatório',
    max: 300,
    personal: true,
  }),
  textRule('cidade', 'Cidade', true, { requiredMessage: 'Cidade é obrigatória' }),
  {
    name: 'estado',
    label: 'Estado',
    kind: 'choice',
    required: true,
    options: STATE_CODES,
    requiredMessage: 'Estado é obrigatório',
  },
  { ...decimal('peso', 'Peso (kg)', 'kg'), requiredMessage: 'Peso é obrigatório' },
  { ...decimal('altura', 'Altura (cm)', 'cm'), requiredMessage: 'Altura é obrigatória' },
  {
    ...decimal('comprimento', 'Comprimento (cm)', 'cm'),
    requiredMessage: 'Comprimento é obrigatório',
  },
  { ...decimal('largura', 'Largura (cm)', 'cm'), requiredMessage: 'Largura é obrigatória' },
  {
    name: 'valorNF',
    label: 'Valor da NF',
    kind: 'money',
    required: true,
    requiredMessage: 'Valor da nota fiscal é obrigatório',
    maxValue: MAX_INVOICE_REAIS,
  },
];

/** The calculator fields listed by name when missing. */
export const QUOTE_CALCULATOR_FIELDS = [
  'pickupLocation',
  'deliveryLocation',
  'weight',
  'width',
  'length',
  'height',
];

export const TRACKING_NUMBER_RULE: FieldRule = {
  name: 'number',
  label: 'Número de rastreio',
  kind: 'digits',
  required: true,
  requiredMessage: 'Digite um número de rastreio',
  max: 32,
};

export interface SubmissionKindDef {
  kind: SubmissionKind;
  collection: string;
  /** How the kind is named to a person (the outbox panel, the staff screens). */
  label: string;
  rules: readonly FieldRule[];
  /** Kinds numbered by the server one after another (the form shows the next): the first one. */
  firstNumber?: number;
  /**
   * Kinds numbered by the server with a protocol number drawn at random (PROTOCOL_DIGITS digits,
   * unique in the kind): the requester quotes it when calling, and no number tells another.
   */
  drawnNumber?: boolean;
  /** Number fields the server derives from the submission (never taken from the sender). */
  derived?: {
    fields: readonly string[];
    compute: (stored: Record<string, StoredValue>) => Record<string, number>;
  };
  /** The field with the requester's e-mail address: the confirmation e-mail goes there. */
  requesterEmail: string;
  /**
   * Each CEP with the field that names its place (a city, written 'Goiânia - GO' when it has its
   * UF): a UF there that contradicts the CEP is refused (`cepProblems`), and the forms fill the
   * place from the CEP.
   */
  cepPlaces?: readonly { cep: string; place: string }[];
  /** The fields that tell one request from another at a glance: who, and from where to where. */
  summaryFields: { who: readonly string[]; from: string; to: string };
  /**
   * Anyone may send it, without signing in: its confirmation e-mail goes to an address nobody has
   * vouched for, so it draws on that mailbox's daily budget (CONFIRMATIONS_PER_MAILBOX_PER_DAY).
   */
  public: boolean;
}

/** 'R$ 124,50', or 'Consultar' above the price table (stored as 0: a priced quote is never free). */
export function priceText(priceCents: number): string {
  return priceCents > 0 ? formatCents(priceCents) : CONSULTAR;
}

/** The quote's figures from its values as typed, read with the same parsers the server uses. */
export function priceQuote(values: Record<string, unknown>): Quote {
  return quoteParcel({
    weightKg: parseDecimal(values.weight),
    lengthCm: parseDecimal(values.length),
    widthCm: parseDecimal(values.width),
    heightCm: parseDecimal(values.height),
    invoiceCents: moneyCents(values.invoiceValue),
  });
}

export type SubmissionKind = 'quote' | 'urgent' | 'pickup';

// The pickup form names its place with a city and a UF but has no CEP: nothing to check there.
const PARTY_CEP_PLACES = [
  { cep: 'senderZip', place: 'senderCity' },
  { cep: 'recipientZip', place: 'recipientCity' },
] as const;

/** A place that contradicts its CEP, per field of the place ({} when none does). */
export function cepProblems(
  def: Pick<SubmissionKindDef, 'cepPlaces'>,
  values: Record<string, unknown>,
): FieldErrors {
  const errors: FieldErrors = {};
  const places = def.cepPlaces ?? [];
  // Indexed, not for-of with destructuring (an iterator per step in the server's JS engine).
  for (let i = 0; i < places.length; i++) {
    const { cep, place } = places[i]!;
    const problem = cepPlaceProblem(String(values[cep] ?? ''), String(values[place] ?? ''));
    if (problem) errors[place] = problem;
  }
  return errors;
}

export const SUBMISSION_KINDS: Record<SubmissionKind, SubmissionKindDef> = {
  quote: {
    kind: 'quote',
    collection: 'quotes',
    label: 'Cotação expressa',
    drawnNumber: true,
    rules: QUOTE_RULES,
    requesterEmail: 'senderEmail',
    cepPlaces: PARTY_CEP_PLACES,
    summaryFields: { who: ['senderName'], from: 'pickupLocation', to: 'deliveryLocation' },
    public: true,
    derived: {
      fields: ['insuranceCents', 'priceCents'],
      compute: (stored) => {
        const quote = quoteParcel({
          weightKg: Number(stored.weightKg),
          lengthCm: Number(stored.lengthCm),
          widthCm: Number(stored.widthCm),
          heightCm: Number(stored.heightCm),
          invoiceCents: Number(stored.invoiceValueCents),
        });
        return { insuranceCents: quote.insuranceCents, priceCents: quote.totalCents ?? 0 };
      },
    },
  },
  urgent: {
    kind: 'urgent',
    collection: 'urgent_requests',
    label: 'Entrega urgente',
    drawnNumber: true,
    rules: URGENT_RULES,
    requesterEmail: 'senderEmail',
    cepPlaces: PARTY_CEP_PLACES,
    summaryFields: { who: ['senderName'], from: 'senderCity', to: 'recipientCity' },
    public: true,
  },
  pickup: {
    kind: 'pickup',
    collection: 'pickup_requests',
    label: 'Solicitação de coleta',
    rules: PICKUP_RULES,
    firstNumber: 1035,
    requesterEmail: 'email',
    summaryFields: { who: ['solicitadaPor', 'tipoEntrega'], from: '', to: 'cidade' },
    public: false,
  },
};

/**
 * A request in one line, as it was typed ('Ana Souza: São Paulo - SP → Goiânia - GO'): for a
 * person looking at several waiting on the device. Empty parts are left out.
 */
export function requestSummary(kind: SubmissionKind, values: Record<string, unknown>): string {
  const { who, from, to } = SUBMISSION_KINDS[kind].summaryFields;
  const part = (name: string) => {
    const value = name
      ? cleanText(String(values[name] ?? ''))
          .replace(/\s+/g, ' ')
          .trim()
      : '';
    return value === NOT_INFORMED ? '' : value;
  };
  const names = who.map(part).filter(Boolean).join(', ');
  const route = [part(from), part(to)].filter(Boolean).join(' → ');
  return [names, route].filter(Boolean).join(': ');
}

/** What the server keeps on every request besides what was sent: its e-mails' state and who handled it. */
export const SUBMISSION_STATE_FIELDS = [
  'mailStatus',
  'mailAttempts',
  'mailError',
  'mailSentAt',
  'mailNextAt',
  'confirmationStatus',
  'handledAt',
  'handledBy',
  'handledByName',
  'anonymizedAt',
  // Who erased its personal data at the person's request (`npm run lgpd`; empty for retention).
  'erasedBy',
  // The shipment the request became: its record id and number, its latest stage and, once
  // delivered, the receiver's initials and the time (what the requester may see of it).
  'shipment',
  'shipmentNumber',
  'shipmentStage',
  'shipmentDeliveredTo',
  'shipmentDeliveredAt',
  // The corporate client's account that made a pickup request, its company, and who that was.
  'client',
  'company',
  'requestedBy',
] as const;

/**
 * What a corporate client reads of its own requests besides what it sent: the shipment's number,
 * its latest stage and, once delivered, the receiver's initials and the time. Never the e-mails'
 * state, who on our staff handled it, the shipment's record or the account field.
 */
export const CLIENT_SHIPMENT_FIELDS = [
  'shipmentNumber',
  'shipmentStage',
  'shipmentDeliveredTo',
  'shipmentDeliveredAt',
] as const;

/** Every field a corporate client may read (or filter and sort by) of a request of this kind. */
export function clientReadableFields(
  def: Pick<SubmissionKindDef, 'rules' | 'derived' | 'firstNumber' | 'drawnNumber'>,
): string[] {
  return [
    'id',
    'created',
    'updated',
    'collectionId',
    'collectionName',
    ...storedFields(def).map((f) => f.name),
    ...CLIENT_SHIPMENT_FIELDS,
    // Who of the company's people asked (its administrator's, a colleague's or the shared password).
    'requestedBy',
  ];
}

/** What is erased from a request once it is older than the retention period (LGPD). */
export const ANONYMIZED = 'Anonimizado';

export function personalFields(def: SubmissionKindDef): string[] {
  return def.rules.filter((r) => r.personal).map((r) => r.name);
}

export const SUBMISSION_KIND_LIST = Object.values(SUBMISSION_KINDS);

export function kindOfCollection(collection: string): SubmissionKindDef | undefined {
  return SUBMISSION_KIND_LIST.find((k) => k.collection === collection);
}

export type PreparedSubmission =
  { ok: true; record: Record<string, StoredValue> } | { ok: false; errors: FieldErrors };

/**
 * What the server does with a submission, in one step: defaults for what was left empty, the
 * checks, and the record to store (numbers read, text cleaned, derived fields computed here).
 */
export function prepareSubmission(
  def: SubmissionKindDef,
  sent: Record<string, unknown>,
): PreparedSubmission {
  const values = withFallbacks(def.rules, sent);
  // A field's own rule speaks first ('Use no máximo 200 caracteres' before the UF). Assigned, not
  // spread: in the server's JS engine a spread of an object costs some 2 µs a key.
  const errors = cepProblems(def, values);
  const own = validateSubmission(def.rules, values);
  for (const name in own) errors[name] = own[name]!;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const record = toStored(def.rules, values);
  const derived = def.derived?.compute(record);
  for (const name in derived) record[name] = derived[name]!;
  return { ok: true, record };
}

/** Every stored field of a kind with its type, as the migration must define it (checked by a test). */
export interface StoredField {
  name: string;
  type: 'text' | 'number' | 'choice';
  max?: number;
  options?: readonly string[];
}

/** Digits of a drawn protocol number: 100000 to 999999. */
export const PROTOCOL_DIGITS = 6;

/**
 * The most pickup requests one request to the server carries (a spreadsheet's rows, sent from the
 * outbox together): a thousand rows in twenty round trips instead of a thousand.
 */
export const PICKUP_BATCH_MAX = 50;

/**
 * The id a device gives a request it sends, so that a retry is known as one: PocketBase's own
 * shape, 15 lowercase letters and digits.
 */
export function isRequestId(id: unknown): id is string {
  return typeof id === 'string' && /^[a-z0-9]{15}$/.test(id);
}

/** Whether the server gives this kind's requests a number (in a sequence or drawn). */
export function isNumbered(def: Pick<SubmissionKindDef, 'firstNumber' | 'drawnNumber'>): boolean {
  return def.firstNumber !== undefined || def.drawnNumber === true;
}

/** How a numbered request is named: 'Cotação nº 482913', 'Solicitação de coleta nº 1035'. */
export function numberedName(def: SubmissionKindDef, number: unknown): string {
  const name = def.kind === 'quote' ? 'Cotação' : def.label;
  return number ? `${name} nº ${String(number)}` : name;
}

export function storedFields(
  def: Pick<SubmissionKindDef, 'rules' | 'derived' | 'firstNumber' | 'drawnNumber'>,
): StoredField[] {
  const fields: StoredField[] = def.rules.map((rule) => {
    if (rule.kind === 'decimal' || rule.kind === 'money')
      return { name: storedName(rule), type: 'number' };
    if (rule.kind === 'choice') return { name: rule.name, type: 'choice', options: rule.options };
    return { name: rule.name, type: 'text', max: rule.max };
  });
  for (const name of def.derived?.fields ?? []) fields.push({ name, type: 'number' });
  if (isNumbered(def)) fields.push({ name: 'number', type: 'number' });
  return fields;
}
