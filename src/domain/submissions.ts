/**
 * The catalogue of submission kinds (SPEC.md §3, §5 and §7, DESIGN.md): for quotes, urgent requests
 * and pickup requests, every fact in one place — the field rules, the collection, the label, the
 * defaults, the derived fields (the quote price, computed on the server) and the rows of the e-mail.
 * The forms, the outbox and, through the generated bundle, the PocketBase hooks all read it here.
 * Adding a field to a kind is a change here and in a migration; tests/server/catalogue.test.ts
 * checks that the two agree.
 */
import { DOCUMENT_TYPES } from './documents';
import { formatCents, formatDecimal, formatKg } from './format';
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
import { defang } from './text';

import { PARCEL_TYPES } from './parcel-types';
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

/** The calculator fields listed by name when missing (SPEC.md §5). */
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

/** A stored submission as the e-mail reads it: stored field names, numbers as numbers. */
export type StoredSubmission = Record<string, unknown>;

/** The corporate client's fixed pickup place (pb_hooks/lib/company.json), for the pickup e-mail. */
export interface FixedPickupPlace {
  name: string;
  taxId: string;
  stateRegistration: string;
  street: string;
  town: string;
}

export interface MailSection {
  title: string;
  rows: [label: string, value: string][];
}

export interface MailContent {
  subject: string;
  /** The heading of the message. */
  title: string;
  replyTo: string;
  /** Plain paragraphs under the heading. */
  paragraphs?: string[];
  sections: MailSection[];
  /** Buttons under the text (a confirmation link, the lookup page). */
  links?: { label: string; href: string }[];
}

/** How customers reach the company (pb_hooks/lib/company.json), for the confirmation e-mail. */
export interface CompanyContact {
  name: string;
  phone: string;
  email: string;
  whatsapp: string;
}

/** What a requester is told was received, in the confirmation e-mail. */
interface Receipt {
  subject: string;
  /** The name typed in the form: shown as data ('Nome informado'), never in the greeting. */
  name: string;
  next: string;
  rows: [string, string][];
}

export interface SubmissionKindDef {
  kind: SubmissionKind;
  collection: string;
  /** How the kind is named to a person (the outbox panel, the staff screens). */
  label: string;
  rules: readonly FieldRule[];
  /** Kinds that get a request number from the server: the first one. */
  firstNumber?: number;
  /** Number fields the server derives from the submission (never taken from the sender). */
  derived?: {
    fields: readonly string[];
    compute: (stored: Record<string, StoredValue>) => Record<string, number>;
  };
  /** The e-mail to the company. */
  mail: (r: StoredSubmission, fixedPlace: FixedPickupPlace) => MailContent;
  /** The field with the requester's e-mail address: the confirmation e-mail goes there. */
  requesterEmail: string;
  /**
   * Anyone may send it, without signing in: its confirmation e-mail goes to an address nobody has
   * vouched for, so it draws on that mailbox's daily budget (CONFIRMATIONS_PER_MAILBOX_PER_DAY).
   */
  public: boolean;
  receipt: (r: StoredSubmission) => Receipt;
}

const str = (r: StoredSubmission, name: string) => {
  const v = r[name];
  return v === undefined || v === null ? '' : String(v);
};
const num = (r: StoredSubmission, name: string) => Number(r[name]) || 0;
const cm = (r: StoredSubmission, names: [string, string, string]) =>
  `${names.map((n) => formatDecimal(num(r, n), 1)).join(' × ')} cm (C × L × A)`;
const documentLabel = (type: string) => (type === 'cnpj' ? 'CNPJ' : 'CPF');

function partySection(r: StoredSubmission, prefix: 'sender' | 'recipient'): MailSection {
  const rows: [string, string][] = [
    ['Nome', str(r, `${prefix}Name`)],
    [documentLabel(str(r, `${prefix}DocumentType`)), str(r, `${prefix}Document`)],
    ['Endereço', str(r, `${prefix}Address`)],
    ['CEP', str(r, `${prefix}Zip`)],
    ['Cidade', str(r, `${prefix}City`)],
    ['Telefone', str(r, `${prefix}Phone`)],
  ];
  if (prefix === 'sender') rows.push(['E-mail', str(r, 'senderEmail')]);
  if (prefix === 'recipient') rows.push(['Recebedor', str(r, 'recipientReceiver')]);
  return { title: prefix === 'sender' ? 'Remetente' : 'Destinatário', rows };
}

function invoiceValueText(r: StoredSubmission, name: string): string {
  return num(r, name) > 0 ? formatCents(num(r, name)) : NOT_INFORMED;
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

export const SUBMISSION_KINDS: Record<SubmissionKind, SubmissionKindDef> = {
  quote: {
    kind: 'quote',
    collection: 'quotes',
    label: 'Cotação expressa',
    rules: QUOTE_RULES,
    requesterEmail: 'senderEmail',
    public: true,
    receipt: (r) => ({
      subject: 'Recebemos sua solicitação de cotação',
      name: str(r, 'senderName'),
      next: 'Recebemos sua solicitação de cotação. Nossa equipe vai conferir os dados e responder por e-mail com a confirmação do valor.',
      rows: [
        ['Retirada', str(r, 'pickupLocation')],
        ['Entrega', str(r, 'deliveryLocation')],
        ['Peso', formatKg(num(r, 'weightKg'))],
        ['Valor estimado', priceText(num(r, 'priceCents'))],
      ],
    }),
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
    mail: (r) => ({
      subject: 'Solicitação de Cotação',
      title: 'Solicitação de Cotação',
      replyTo: str(r, 'senderEmail'),
      sections: [
        {
          title: 'Encomenda',
          rows: [
            ['Local de retirada', str(r, 'pickupLocation')],
            ['Local de entrega', str(r, 'deliveryLocation')],
            ['Tipo', str(r, 'parcelType') === 'documento' ? 'Documento' : 'Encomenda'],
            ['Peso', formatKg(num(r, 'weightKg'))],
            ['Dimensões', cm(r, ['lengthCm', 'widthCm', 'heightCm'])],
            ['Nota fiscal', str(r, 'invoiceNumber')],
            ['Valor da nota fiscal', invoiceValueText(r, 'invoiceValueCents')],
            ['Taxa de seguro da NF (1%)', formatCents(num(r, 'insuranceCents'))],
            ['Valor Total', priceText(num(r, 'priceCents'))],
          ],
        },
        partySection(r, 'sender'),
        partySection(r, 'recipient'),
        { title: 'Item', rows: [['Descrição', str(r, 'itemDescription')]] },
      ],
    }),
  },
  urgent: {
    kind: 'urgent',
    collection: 'urgent_requests',
    label: 'Entrega urgente',
    rules: URGENT_RULES,
    requesterEmail: 'senderEmail',
    public: true,
    receipt: (r) => ({
      subject: 'Recebemos sua solicitação de entrega urgente',
      name: str(r, 'senderName'),
      next: 'Recebemos sua solicitação de entrega urgente. Vamos verificá-la e enviar uma cotação para sua aprovação.',
      rows: [
        ['De', str(r, 'senderCity')],
        ['Para', `${str(r, 'recipientName')} — ${str(r, 'recipientCity')}`],
        ['Peso', formatKg(num(r, 'weightKg'))],
      ],
    }),
    mail: (r) => ({
      subject: `Solicitação de Entrega Urgente - ${str(r, 'senderName')}`,
      title: 'Solicitação de Entrega Urgente',
      replyTo: str(r, 'senderEmail'),
      sections: [
        partySection(r, 'sender'),
        {
          title: 'Nota fiscal',
          rows: [
            ['Número', str(r, 'invoiceNumber')],
            ['Valor', invoiceValueText(r, 'invoiceValueCents')],
          ],
        },
        partySection(r, 'recipient'),
        {
          title: 'Volume',
          rows: [
            ['Peso', formatKg(num(r, 'weightKg'))],
            ['Dimensões', cm(r, ['lengthCm', 'widthCm', 'heightCm'])],
            ['Prazo desejado', str(r, 'desiredDeadline')],
          ],
        },
        { title: 'Item', rows: [['Descrição', str(r, 'itemDescription')]] },
      ],
    }),
  },
  pickup: {
    kind: 'pickup',
    collection: 'pickup_requests',
    label: 'Solicitação de coleta',
    rules: PICKUP_RULES,
    firstNumber: 1035,
    requesterEmail: 'email',
    public: false,
    receipt: (r) => ({
      subject: `Recebemos sua solicitação de coleta nº ${num(r, 'number')}`,
      name: str(r, 'solicitadaPor'),
      next: `A solicitação de coleta nº ${num(r, 'number')} foi recebida. Vamos verificá-la e responder por e-mail ainda hoje.`,
      rows: [
        ['Número da solicitação', String(num(r, 'number'))],
        ['Coleta em', `${str(r, 'empresa')} — ${str(r, 'cidade')} - ${str(r, 'estado')}`],
        ['O que vamos entregar', str(r, 'tipoEntrega')],
      ],
    }),
    mail: (r, place) => {
      const title = 'Formulário de Solicitação';
      const tipo = str(r, 'tipoEntrega');
      const outro = str(r, 'outroTipoEntrega');
      return {
        subject: `${title} ${num(r, 'number')} - ${str(r, 'solicitadaPor')}`,
        title: `${title} nº ${num(r, 'number')}`,
        replyTo: str(r, 'email'),
        sections: [
          {
            title: 'Solicitação',
            rows: [
              ['Número da solicitação', String(num(r, 'number'))],
              ['Solicitada por', str(r, 'solicitadaPor')],
              ['O que vamos entregar', tipo === 'Outros' && outro ? `${tipo}: ${outro}` : tipo],
              ['Sai do local de coleta fixo', str(r, 'saiLocalColeta') === 'não' ? 'Não' : 'Sim'],
            ],
          },
          {
            title: 'Local de coleta fixo',
            rows: [
              ['Empresa', place.name],
              ['CNPJ', place.taxId],
              ['Inscrição estadual', place.stateRegistration],
              ['Endereço', place.street],
              ['Cidade', place.town],
            ],
          },
          {
            title: 'Onde será a coleta deste material?',
            rows: [
              ['Empresa', str(r, 'empresa')],
              ['Contato', str(r, 'contato')],
              ['Telefone', str(r, 'telefone')],
              ['Email', str(r, 'email')],
              ['Endereço', str(r, 'endereco')],
              ['Cidade', `${str(r, 'cidade')} - ${str(r, 'estado')}`],
            ],
          },
          {
            title: 'Peso e Dimensões',
            rows: [
              ['Peso', formatKg(num(r, 'pesoKg'))],
              ['Dimensões', cm(r, ['comprimentoCm', 'larguraCm', 'alturaCm'])],
              ['Valor da NF', formatCents(num(r, 'valorNFCents'))],
            ],
          },
        ],
      };
    },
  },
};

/**
 * A stored request as its e-mails show it: every free-text value defanged, so that nothing a
 * visitor typed becomes a link in a mail client; e-mail addresses (checked by their rule) stay
 * usable, and choices, numbers and documents follow their own strict rules.
 */
export function mailValues(def: SubmissionKindDef, r: StoredSubmission): StoredSubmission {
  const out = { ...r };
  for (const rule of def.rules) {
    if (rule.kind === 'text' && typeof out[rule.name] === 'string')
      out[rule.name] = defang(out[rule.name] as string);
  }
  return out;
}

/** The e-mail to the company about a stored request, with the sender's text defanged. */
export function companyMail(
  def: SubmissionKindDef,
  r: StoredSubmission,
  fixedPlace: FixedPickupPlace,
): MailContent {
  return def.mail(mailValues(def, r), fixedPlace);
}

/**
 * The short confirmation e-mail to the person who sent a request. Anyone can type any address
 * and any name, so the text is ours alone: a fixed greeting, and what was typed only as data in
 * the table, defanged.
 */
export function confirmationMail(
  def: SubmissionKindDef,
  r: StoredSubmission,
  contact: CompanyContact,
): MailContent & { to: string } {
  const receipt = def.receipt(mailValues(def, r));
  const whatsapp = contact.whatsapp.replace(/^55(\d{2})(\d{5})(\d{4})$/, '($1) $2-$3');
  return {
    to: str(r, def.requesterEmail),
    subject: `${receipt.subject} - ${contact.name}`,
    title: receipt.subject,
    replyTo: contact.email,
    paragraphs: [
      'Olá!',
      receipt.next,
      'Se algo estiver errado, responda a este e-mail ou fale conosco pelos contatos abaixo.',
    ],
    sections: [
      { title: 'O que recebemos', rows: [['Nome informado', receipt.name], ...receipt.rows] },
      {
        title: 'Fale conosco',
        rows: [
          ['Telefone', contact.phone],
          ['WhatsApp', whatsapp],
          ['E-mail', contact.email],
        ],
      },
    ],
  };
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
] as const;

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
  const errors = validateSubmission(def.rules, values);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const stored = toStored(def.rules, values);
  return { ok: true, record: { ...stored, ...(def.derived?.compute(stored) ?? {}) } };
}

/** Every stored field of a kind with its type, as the migration must define it (checked by a test). */
export interface StoredField {
  name: string;
  type: 'text' | 'number' | 'choice';
  max?: number;
  options?: readonly string[];
}

export function storedFields(def: SubmissionKindDef): StoredField[] {
  const fields: StoredField[] = def.rules.map((rule) => {
    if (rule.kind === 'decimal' || rule.kind === 'money')
      return { name: storedName(rule), type: 'number' };
    if (rule.kind === 'choice') return { name: rule.name, type: 'choice', options: rule.options };
    return { name: rule.name, type: 'text', max: rule.max };
  });
  for (const name of def.derived?.fields ?? []) fields.push({ name, type: 'number' });
  if (def.firstNumber !== undefined) fields.push({ name: 'number', type: 'number' });
  return fields;
}
