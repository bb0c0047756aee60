/**
 * Numbers as Brazilians type them ('1.234,5' is one thousand and a bit, never 12345): one
 * reader for decimals (weights, dimensions) and one for money, used by every form, the simulator,
 * the e-mails and the server (bundled into pb_hooks from this file).
 */

const THOUSANDS = /^\d{1,3}(\.\d{3})+$/;

function compact(value: string): string {
  return value.replace(/[\s\u00a0]+/g, '');
}

/**
 * A weight or a dimension: '1,5', '1.5' (a dot typed by habit), '1.234,5' (thousands dots before a
 * decimal comma), '12'. NaN when it is empty, negative or not a number at all ('abc', '1,2,3').
 */
export function readDecimal(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  if (typeof value !== 'string') return NaN;
  const text = compact(value);
  if (!/^\d[\d.,]*$|^[.,]\d+$/.test(text)) return NaN;
  const commas = text.split(',').length - 1;
  const dots = text.split('.').length - 1;
  let normalized: string;
  if (commas > 1) return NaN;
  if (commas === 1) {
    const [int = '', frac = ''] = text.split(',');
    if (dots > 0 && !THOUSANDS.test(int)) return NaN;
    normalized = `${int.replace(/\./g, '') || '0'}.${frac}`;
  } else if (dots > 1) {
    if (!THOUSANDS.test(text)) return NaN;
    normalized = text.replace(/\./g, '');
  } else {
    normalized = text.startsWith('.') ? `0${text}` : text;
  }
  const n = Number(normalized);
  return Number.isFinite(n) ? n : NaN;
}

/** For live figures on screen: what cannot be read counts as 0. */
export function parseDecimal(value: unknown): number {
  const n = readDecimal(value);
  return Number.isNaN(n) ? 0 : n;
}

/**
 * Money in reais to cents: '1.234,56', '1234,56', '1234.56', 'R$ 1.234,56', '1.234' (thousands),
 * 'R$ 1.234.5' (thousands, then a dot typed as the decimal separator) and 1234.56 (a number) are
 * all read as they are meant. NaN when negative, with more than two decimals, or unreadable.
 */
export function readMoneyCents(value: unknown): number {
  if (typeof value === 'number') {
    return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : NaN;
  }
  if (typeof value !== 'string') return NaN;
  const text = compact(value).replace(/^R\$/i, '');
  const integer = '(\\d+|\\d{1,3}(?:\\.\\d{3})+)';
  let reais: string;
  let centavos = '';
  const withDecimals =
    new RegExp(`^${integer}?,(\\d{0,2})$`).exec(text) ??
    new RegExp(`^${integer}?\\.(\\d{0,2})$`).exec(text);
  if (THOUSANDS.test(text) || /^\d+$/.test(text)) {
    reais = text.replace(/\./g, '');
  } else if (withDecimals && (withDecimals[1] || withDecimals[2])) {
    reais = (withDecimals[1] ?? '0').replace(/\./g, '');
    centavos = withDecimals[2] ?? '';
  } else {
    return NaN;
  }
  if (reais.length > 15) return NaN;
  return Number(reais) * 100 + Number(centavos.padEnd(2, '0'));
}

/** For live figures on screen: what cannot be read counts as no money. */
export function moneyCents(value: unknown): number {
  const cents = readMoneyCents(value);
  return Number.isNaN(cents) ? 0 : cents;
}

/**
 * A weight or dimension as it is typed: digits and one decimal comma ('1.5' shows as '1,5'; pasted
 * '1.234,5' keeps its comma and drops the thousands dots). Letters and other signs never appear.
 */
export function formatDecimalTyping(value: string): string {
  let text = value.replace(/[^0-9.,]/g, '');
  text = text.includes(',') ? text.replace(/\./g, '') : text.replace(/\./g, ',');
  const first = text.indexOf(',');
  return first === -1 ? text : text.slice(0, first + 1) + text.slice(first + 1).replace(/,/g, '');
}

/**
 * A money field as it is typed: 'R$ ' with thousands dots and at most two decimals after a comma
 * ('1500,5' -> 'R$ 1.500,5'). A dot followed by one or two digits at the end is left as typed while
 * it is still open to both readings ('R$ 1.2' may become 1.234 or stay 1,20; 'R$ 1.234.5' is
 * 1.234,50): the figures beside the field show how it is read, and `formatMoneyFinal` settles it
 * when the field is left. Pasted or fresh text like '1234.56' is read as a decimal at once.
 */
export function formatMoneyTyping(value: string): string {
  const fresh = !/^\s*R\$/.test(value);
  const text = value.replace(/^\s*R\$\s*/, '').replace(/[^0-9.,]/g, '');
  const group = (digits: string) =>
    (digits.replace(/^0+(?=\d)/, '').slice(0, 12) || '0').replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const comma = text.indexOf(',');
  if (comma >= 0) {
    const decimals = text
      .slice(comma + 1)
      .replace(/\D/g, '')
      .slice(0, 2);
    return `R$ ${group(text.slice(0, comma).replace(/\./g, ''))},${decimals}`;
  }
  const open = /^(.*)\.(\d{0,2})$/.exec(text);
  if (open) {
    const integer = open[1]!.replace(/\./g, '');
    if (fresh && open[2]) return `R$ ${group(integer)},${open[2]}`;
    return `R$ ${group(integer)}.${open[2]}`;
  }
  const digits = text.replace(/\./g, '');
  return digits ? `R$ ${group(digits)}` : '';
}

/** A money field once it is left: 'R$ 1.234,50' (what cannot be read stays as typed). */
export function formatMoneyFinal(value: string): string {
  const cents = readMoneyCents(value);
  if (Number.isNaN(cents)) return value;
  const reais = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${reais},${String(cents % 100).padStart(2, '0')}`;
}
