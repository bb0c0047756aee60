/** Rules on typed text that need no mask library (the server bundle uses them too). */

export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
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

/**
 * The simulator's 'Valor da Nota Fiscal' as it is typed: 'R$ ' with thousands dots and at most two
 * decimals after a comma ('1500,5' -> 'R$ 1.500,5'). A dot typed as decimal separator counts as a comma.
 */
export function formatMoneyTyping(value: string): string {
  const formatted = /^\s*R\$/.test(value);
  const text = value.replace(/^\s*R\$\s*/, '');
  // In fresh input a final dot with one or two digits is a decimal separator; once shown as
  // 'R$ 1.500', dots are thousands (deleting a digit from 'R$ 1.500' must not make it 1,50).
  const normalized =
    !formatted && /\.\d{1,2}$/.test(text) && !text.includes(',')
      ? text.replace(/\.(\d{1,2})$/, ',$1')
      : text;
  const [intRaw = '', ...rest] = normalized.replace(/[^0-9,]/g, '').split(',');
  const integer = intRaw.replace(/^0+(?=\d)/, '').slice(0, 12);
  if (!integer && rest.length === 0) return '';
  const grouped = (integer || '0').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return rest.length ? `R$ ${grouped},${rest.join('').slice(0, 2)}` : `R$ ${grouped}`;
}
