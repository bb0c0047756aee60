/**
 * What each submission carries and the rules on every field (SPEC.md §3 and §5, DESIGN.md).
 * One table per kind: the forms build their Yup schemas from it (schemas.ts) and the server
 * validates with `validateSubmission`, bundled into pb_hooks from this very file.
 */
import { isValidCnpj, isValidCpf } from './documents';
import { LOCALITIES } from './localities';
import { STATE_CODES } from './states';

export const REQUIRED = 'Este campo é obrigatório';
export const INVALID_EMAIL = 'Email inválido';
export const TOO_LONG = (max: number) => `Use no máximo ${max} caracteres`;
export const NOT_AN_OPTION = 'Escolha uma das opções';
export const NOT_A_NUMBER = 'Informe um número maior que zero';
export const NOT_DIGITS = 'Use apenas números';

export type FieldKind = 'text' | 'email' | 'choice' | 'number' | 'document' | 'digits';

export interface FieldRule {
  name: string;
  /** How the field is named to a person, e.g. in the calculator's list of missing fields. */
  label: string;
  kind: FieldKind;
  required: boolean;
  /** Message when a required field is empty (SPEC.md §5 wording). */
  requiredMessage?: string;
  options?: readonly string[];
  max?: number;
  /** For kind 'document': the field that holds 'cpf' or 'cnpj'. */
  documentTypeField?: string;
}

const t = (
  name: string,
  label: string,
  required: boolean,
  extra: Partial<FieldRule> = {},
): FieldRule => ({
  name,
  label,
  kind: 'text',
  required,
  max: 200,
  ...extra,
});

export const PARCEL_TYPES = ['documento', 'encomenda'] as const;
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
      options: ['cpf', 'cnpj'],
    },
    {
      name: `${prefix}Document`,
      label: `CPF/CNPJ do ${who}`,
      kind: 'document',
      required: true,
      documentTypeField: `${prefix}DocumentType`,
    },
    t(`${prefix}Name`, `Nome do ${who}`, true),
    t(`${prefix}Address`, `Endereço do ${who}`, true, { max: 300 }),
    t(`${prefix}Zip`, `CEP do ${who}`, true, { max: 9 }),
    t(`${prefix}Phone`, `Telefone do ${who}`, true, { max: 15 }),
    t(`${prefix}City`, `Cidade do ${who}`, requireCity),
    ...(prefix === 'sender'
      ? [
          {
            name: 'senderEmail',
            label: 'E-mail do remetente',
            kind: 'email',
            required: requireEmail,
            max: 254,
          } as FieldRule,
        ]
      : []),
  ];
}

const dimensionRules: FieldRule[] = [
  { name: 'weight', label: 'Peso', kind: 'number', required: true },
  { name: 'width', label: 'Largura', kind: 'number', required: true },
  { name: 'length', label: 'Comprimento', kind: 'number', required: true },
  { name: 'height', label: 'Altura', kind: 'number', required: true },
];

export const QUOTE_RULES: FieldRule[] = [
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
  },
  ...dimensionRules,
  t('invoiceNumber', 'Número da NF', false, { max: 60 }),
  t('invoiceValue', 'Valor da NF', false, { max: 30 }),
  ...partyRules('sender', false, true),
  ...partyRules('recipient', false, false),
  t('recipientReceiver', 'Recebedor', false),
  t('itemDescription', 'Descrição do item', false, { max: 2000 }),
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

export const URGENT_RULES: FieldRule[] = [
  ...partyRules('sender', true, true),
  t('invoiceNumber', 'Número da NF', false, { max: 60 }),
  t('invoiceValue', 'Valor da NF', false, { max: 30 }),
  ...partyRules('recipient', true, false),
  t('recipientReceiver', 'Recebedor', true),
  t('itemDescription', 'Descrição do item', true, { max: 2000 }),
  ...dimensionRules,
];

export const PICKUP_RULES: FieldRule[] = [
  t('solicitadaPor', 'Solicitada por', true, { requiredMessage: 'Nome é obrigatório' }),
  {
    name: 'tipoEntrega',
    label: 'O que vamos entregar?',
    kind: 'choice',
    required: true,
    options: DELIVERY_TYPES,
    requiredMessage: 'Selecione o tipo de entrega',
  },
  t('outroTipoEntrega', 'O que vamos buscar?', false, { max: 1000 }),
  {
    name: 'saiLocalColeta',
    label: 'Sai do local de coleta fixo?',
    kind: 'choice',
    required: true,
    options: YES_NO,
  },
  t('empresa', 'Empresa', true, { requiredMessage: 'Empresa é obrigatória' }),
  t('contato', 'Contato', true, { requiredMessage: 'Contato é obrigatório' }),
  t('telefone', 'Telefone', true, { requiredMessage: 'Telefone é obrigatório', max: 30 }),
  {
    name: 'email',
    label: 'Email',
    kind: 'email',
    required: true,
    requiredMessage: INVALID_EMAIL,
    max: 254,
  },
  t('endereco', 'Endereço', true, { requiredMessage: 'Endereço é obrigatório', max: 300 }),
  t('cidade', 'Cidade', true, { requiredMessage: 'Cidade é obrigatória' }),
  {
    name: 'estado',
    label: 'Estado',
    kind: 'choice',
    required: true,
    options: STATE_CODES,
    requiredMessage: 'Estado é obrigatório',
  },
  t('peso', 'Peso (kg)', true, { requiredMessage: 'Peso é obrigatório', max: 20 }),
  t('altura', 'Altura (cm)', true, { requiredMessage: 'Altura é obrigatória', max: 20 }),
  t('comprimento', 'Comprimento (cm)', true, {
    requiredMessage: 'Comprimento é obrigatório',
    max: 20,
  }),
  t('largura', 'Largura (cm)', true, { requiredMessage: 'Largura é obrigatória', max: 20 }),
  t('valorNF', 'Valor da NF', true, {
    requiredMessage: 'Valor da nota fiscal é obrigatório',
    max: 20,
  }),
];

export const TRACKING_NUMBER_RULE: FieldRule = {
  name: 'number',
  label: 'Número de rastreio',
  kind: 'digits',
  required: true,
  requiredMessage: 'Digite um número de rastreio',
  max: 32,
};

export type SubmissionKind = 'quote' | 'urgent' | 'pickup';
export const RULES: Record<SubmissionKind, FieldRule[]> = {
  quote: QUOTE_RULES,
  urgent: URGENT_RULES,
  pickup: PICKUP_RULES,
};

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isEmpty(rule: FieldRule, value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  // The server hands over number fields already parsed, an empty one as 0.
  return rule.kind === 'number' && value === 0;
}

/** The message for one field, or null when the value is fine. */
export function checkField(
  rule: FieldRule,
  value: unknown,
  values: Record<string, unknown>,
): string | null {
  if (isEmpty(rule, value)) return rule.required ? (rule.requiredMessage ?? REQUIRED) : null;
  if (rule.kind === 'number') {
    const n = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
    return Number.isFinite(n) && n > 0 ? null : NOT_A_NUMBER;
  }
  const text = String(value);
  if (rule.max !== undefined && text.length > rule.max) return TOO_LONG(rule.max);
  switch (rule.kind) {
    case 'email':
      return EMAIL_RE.test(text.trim()) ? null : INVALID_EMAIL;
    case 'choice':
      return rule.options!.includes(text) ? null : NOT_AN_OPTION;
    case 'digits':
      return /^\d+$/.test(text) ? null : NOT_DIGITS;
    case 'document': {
      const type = values[rule.documentTypeField!];
      if (type !== 'cpf' && type !== 'cnpj') return null; // the type's own message says what is wrong
      if (type === 'cnpj') return isValidCnpj(text) ? null : 'CNPJ inválido';
      return isValidCpf(text) ? null : 'CPF inválido';
    }
    default:
      return null;
  }
}

export type FieldErrors = Record<string, string>;

/** Every field's message, keyed by field name; empty when the submission is valid. */
export function validateSubmission(
  rules: readonly FieldRule[],
  values: Record<string, unknown>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (const rule of rules) {
    const message = checkField(rule, values[rule.name], values);
    if (message) errors[rule.name] = message;
  }
  return errors;
}
