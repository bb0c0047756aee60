/**
 * Field rules and their checks: the forms build Yup schemas from them (schemas.ts) and the server
 * validates with the very same functions, bundled into pb_hooks. What each submission kind carries
 * is in submissions.ts.
 *
 * The loops over a kind's rules are indexed, not for-of: PocketBase's JS engine runs every request
 * through them, and there a for-of step (the iterator protocol) costs about five times an indexed
 * one: a fifth of a quote's checks.
 */
import { isValidPhone } from '@brazilian-utils/brazilian-utils/is-valid-phone';
import { isValidCnpj, isValidCpf } from './documents';
import { formatDecimal } from './format';
import { readDecimal, readMoneyCents } from './numbers';
import { cleanText, isMailAddress } from './text';

export const REQUIRED = 'Este campo é obrigatório';
export const INVALID_EMAIL = 'Email inválido';
export const TOO_LONG = (max: number) => `Use no máximo ${max} caracteres`;
export const NOT_AN_OPTION = 'Escolha uma das opções';
export const NOT_A_NUMBER = 'Informe um número maior que zero';
export const NOT_DIGITS = 'Use apenas números';
export const NOT_MONEY = 'Informe um valor em reais, como 1.234,56';
export const INVALID_CEP = 'CEP inválido';
export const INVALID_PHONE = 'Telefone inválido';
export const INVALID_DATE = 'Data inválida';
export const TOO_BIG = (max: number, unit: string) =>
  `Use no máximo ${unit === 'R$' ? `R$ ${formatDecimal(max)}` : `${formatDecimal(max, 0)} ${unit}`}`;
/** 0,01 kg, 0,1 cm: as many decimals as the smallest value needs. */
export const TOO_SMALL = (min: number, unit: string) =>
  `Use no mínimo ${formatDecimal(min, min >= 1 ? 0 : min >= 0.1 ? 1 : 2)} ${unit}`;

/**
 * text, choice, digits: as typed. email: an address a mail server takes (isMailAddress). document:
 * CPF or CNPJ by the type in `documentTypeField`. cep: 8 digits. phone: 10 or 11 digits with the
 * DDD. date: a calendar day as 'AAAA-MM-DD' (what a date input gives). decimal: a number from `minValue` (or just above 0) up to `maxValue` in `unit`, stored as a
 * number. money: reais up to `maxValue`, stored as cents in `<name>Cents`.
 */
export type FieldKind =
  | 'text'
  | 'email'
  | 'choice'
  | 'document'
  | 'digits'
  | 'cep'
  | 'phone'
  | 'date'
  | 'decimal'
  | 'money';

export interface FieldRule {
  name: string;
  /** How the field is named to a person, e.g. in the calculator's list of missing fields. */
  label: string;
  kind: FieldKind;
  required: boolean;
  /** Message when a required field is empty (each form has its own wording). */
  requiredMessage?: string;
  options?: readonly string[];
  /** Longest text, in characters. */
  max?: number;
  /** Largest number (decimal: in `unit`; money: in reais). */
  maxValue?: number;
  /** Smallest number (decimal, in `unit`): below it a figure is a typo or a probe, not a parcel. */
  minValue?: number;
  unit?: string;
  /** Personal data (LGPD): anonymized once the request is older than the retention period. */
  personal?: boolean;
  /** Multi-line text keeps its line breaks. */
  multiline?: boolean;
  /** For kind 'document': the field that holds 'cpf' or 'cnpj' (without it: told by the length). */
  documentTypeField?: string;
  /** A field that only counts when another has a given value (otherwise stored empty). */
  onlyWhen?: { field: string; equals: string };
  /** What the field becomes when left empty (checked after): a value, or another field's value. */
  fallback?: string | { copy: string };
}

/** An ordinary text field: 200 characters unless said otherwise. */
export function textRule(
  name: string,
  label: string,
  required: boolean,
  extra: Partial<FieldRule> = {},
): FieldRule {
  return { name, label, kind: 'text', required, max: 200, ...extra };
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  return typeof value === 'string' && value.trim() === '';
}

/** The message for one field, or null when the value is fine. */
export function checkField(
  rule: FieldRule,
  value: unknown,
  values: Record<string, unknown>,
): string | null {
  if (isEmpty(value)) return rule.required ? (rule.requiredMessage ?? REQUIRED) : null;
  if (rule.kind === 'decimal') {
    const n = readDecimal(value);
    if (!(n > 0)) return NOT_A_NUMBER;
    if (rule.minValue !== undefined && n < rule.minValue)
      return TOO_SMALL(rule.minValue, rule.unit ?? '');
    return rule.maxValue !== undefined && n > rule.maxValue
      ? TOO_BIG(rule.maxValue, rule.unit ?? '')
      : null;
  }
  if (rule.kind === 'money') {
    const cents = readMoneyCents(value);
    if (Number.isNaN(cents)) return NOT_MONEY;
    return rule.maxValue !== undefined && cents > rule.maxValue * 100
      ? TOO_BIG(rule.maxValue, 'R$')
      : null;
  }
  if (typeof value !== 'string') return rule.kind === 'text' ? null : NOT_AN_OPTION;
  const text = value;
  if (rule.max !== undefined && text.length > rule.max) return TOO_LONG(rule.max);
  switch (rule.kind) {
    case 'email':
      return isMailAddress(text.trim()) ? null : INVALID_EMAIL;
    case 'choice':
      return rule.options!.includes(text) ? null : NOT_AN_OPTION;
    case 'digits':
      return /^\d+$/.test(text) ? null : NOT_DIGITS;
    case 'cep':
      return /^\d{5}-?\d{3}$/.test(text.trim()) ? null : INVALID_CEP;
    case 'phone':
      // A real DDD, then a landline (starting 2–6) or a mobile (9 digits) number: brazilian-utils
      // knows the area codes, which a length check alone does not.
      return /^[\d\s()+-]+$/.test(text.trim()) && isValidPhone(text) ? null : INVALID_PHONE;
    case 'date':
      return isCalendarDay(text.trim()) ? null : INVALID_DATE;
    case 'document': {
      const type = rule.documentTypeField
        ? values[rule.documentTypeField]
        : text.replace(/[^0-9A-Za-z]/g, '').length > 11
          ? 'cnpj'
          : 'cpf';
      if (type !== 'cpf' && type !== 'cnpj') return null; // the type's own message says what is wrong
      if (type === 'cnpj') return isValidCnpj(text) ? null : 'CNPJ inválido';
      return isValidCpf(text) ? null : 'CPF inválido';
    }
    default:
      return null;
  }
}

/** 'AAAA-MM-DD' naming a day that exists (no 31 de fevereiro), between 2000 and 2099. */
export function isCalendarDay(text: string): boolean {
  const m = /^(20\d\d)-(\d\d)-(\d\d)$/.exec(text);
  if (!m) return false;
  const day = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return day.toISOString().slice(0, 10) === text;
}

export type FieldErrors = Record<string, string>;

/** Every field's message, keyed by field name; empty when the submission is valid. */
export function validateSubmission(
  rules: readonly FieldRule[],
  values: Record<string, unknown>,
): FieldErrors {
  const errors: FieldErrors = {};
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    const message = checkField(rule, values[rule.name], values);
    if (message) errors[rule.name] = message;
  }
  return errors;
}

/** Optional fields left empty take their fallback; everything else is kept as sent. */
export function withFallbacks(
  rules: readonly FieldRule[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  // Copied key by key: the server's body is a Go map, which a spread copies at twice the cost.
  const out: Record<string, unknown> = {};
  const keys = Object.keys(values);
  for (let i = 0; i < keys.length; i++) out[keys[i]!] = values[keys[i]!];
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    if (!rule.fallback || !isEmpty(out[rule.name])) continue;
    out[rule.name] =
      typeof rule.fallback === 'string' ? rule.fallback : (out[rule.fallback.copy] ?? '');
  }
  return out;
}

export type StoredValue = string | number;

/**
 * The name under which a field is stored: money as whole cents in `<name>Cents`, a decimal with its
 * unit (`weightKg`, `heightCm`). The names differ from what a form sends on purpose: PocketBase casts
 * a value sent under a number field's name before the hooks see it ('1,5' would arrive as 0), so the
 * typed text reaches the domain's parser untouched.
 */
export function storedName(rule: FieldRule): string {
  if (rule.kind === 'money') return `${rule.name}Cents`;
  if (rule.kind === 'decimal') {
    const unit = rule.unit ?? '';
    return `${rule.name}${unit.charAt(0).toUpperCase()}${unit.slice(1)}`;
  }
  return rule.name;
}

/** Validated values as they are stored: numbers read once, text cleaned of control characters. */
export function toStored(
  rules: readonly FieldRule[],
  values: Record<string, unknown>,
): Record<string, StoredValue> {
  const out: Record<string, StoredValue> = {};
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    const applies = !rule.onlyWhen || values[rule.onlyWhen.field] === rule.onlyWhen.equals;
    const value = applies ? values[rule.name] : '';
    if (rule.kind === 'decimal') out[storedName(rule)] = isEmpty(value) ? 0 : readDecimal(value);
    else if (rule.kind === 'money')
      out[storedName(rule)] = isEmpty(value) ? 0 : readMoneyCents(value);
    else out[rule.name] = cleanText(isEmpty(value) ? '' : String(value), rule.multiline);
  }
  return out;
}
