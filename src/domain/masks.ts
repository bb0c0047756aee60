/**
 * Input rules of SPEC.md §5 and DESIGN.md. The mask options are plain imask options: the
 * forms hand them to react-imask, and the pure functions below run the very same masks
 * through IMask.pipe, so screens, tests and the server agree on one definition.
 */
import IMask from 'imask';

export type DocumentType = 'cpf' | 'cnpj';
export const DOCUMENT_TYPES: readonly DocumentType[] = ['cpf', 'cnpj'];

export const CPF_MASK = { mask: '000.000.000-00' } as const;

/** CNPJ, also in the alphanumeric form in use since July 2026: 12 letters/digits, 2 check digits. */
export const CNPJ_MASK = {
  mask: 'XX.XXX.XXX/XXXX-00',
  definitions: { X: /[0-9A-Za-z]/ },
  prepareChar: (ch: string) => ch.toUpperCase(),
} as const;

/** Landline or mobile; at most 15 characters, as SPEC.md asks. */
export const PHONE_MASK = {
  mask: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }],
} as const;

export const CEP_MASK = { mask: '00000-000' } as const;

/** The simulator's currency input ('R$ 0,00'). */
export const BRL_MASK = {
  mask: 'R$ num',
  blocks: {
    num: {
      mask: Number,
      thousandsSeparator: '.',
      radix: ',',
      mapToRadix: ['.'],
      scale: 2,
      padFractionalZeros: false,
      normalizeZeros: true,
      min: 0,
      max: 999999999,
    },
  },
} as const;

type PipeMask = Parameters<typeof IMask.pipe>[1];

function pipe(value: string, mask: object): string {
  return IMask.pipe(value, mask as PipeMask);
}

export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}

export function formatCpf(value: string): string {
  return pipe(digitsOnly(value).slice(0, 11), CPF_MASK);
}

export function formatCnpj(value: string): string {
  return pipe(value.replace(/[^0-9A-Za-z]/g, '').slice(0, 14), CNPJ_MASK);
}

export function formatDocument(type: DocumentType, value: string): string {
  return type === 'cpf' ? formatCpf(value) : formatCnpj(value);
}

export function formatPhone(value: string): string {
  return pipe(digitsOnly(value).slice(0, 11), PHONE_MASK);
}

export function formatCep(value: string): string {
  return pipe(digitsOnly(value).slice(0, 8), CEP_MASK);
}

/** 'R$ 1.234,56' or '1.234,56' -> 123456 cents; anything unreadable -> 0. */
export function parseBrlToCents(value: string): number {
  const cleaned = value.replace(/[^0-9,]/g, '');
  if (!cleaned) return 0;
  const [intPart = '', fracPart = ''] = cleaned.split(',');
  const cents = Number(intPart || '0') * 100 + Number((fracPart + '00').slice(0, 2));
  return Number.isFinite(cents) ? cents : 0;
}

/**
 * Declared value of the express calculator: only digits, dots and commas are kept, commas
 * become dots and only the first dot survives. Returns the text to display (comma decimal).
 */
export function sanitizeDeclaredValue(value: string): string {
  const dotted = value.replace(/[^0-9.,]/g, '').replace(/,/g, '.');
  const first = dotted.indexOf('.');
  const single =
    first === -1 ? dotted : dotted.slice(0, first + 1) + dotted.slice(first + 1).replace(/\./g, '');
  return single.replace('.', ',');
}

/** The declared value as cents; a non-numeric value counts as 0 (no insurance). */
export function declaredValueCents(value: string): number {
  const n = Number(sanitizeDeclaredValue(value).replace(',', '.'));
  if (!Number.isFinite(n) || n <= 0 || sanitizeDeclaredValue(value) === ',') return 0;
  return Math.round(n * 100);
}

/** Request-form NF value: digits, comma and dot kept; dots removed; only the first comma kept. */
export function filterRequestNfValue(value: string): string {
  const noDots = value.replace(/[^0-9,.]/g, '').replace(/\./g, '');
  const first = noDots.indexOf(',');
  return first === -1
    ? noDots
    : noDots.slice(0, first + 1) + noDots.slice(first + 1).replace(/,/g, '');
}

/** Tracking numbers are digits only (waybill, CPF or CNPJ); spaces and anything else go. */
export function normalizeTrackingNumber(value: string): string {
  return digitsOnly(value);
}

/** A weight or dimension typed with a comma or a dot; empty or unreadable counts as 0. */
export function parseDecimal(value: string | number): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  const n = Number(value.trim().replace(',', '.'));
  return Number.isFinite(n) ? n : 0;
}
