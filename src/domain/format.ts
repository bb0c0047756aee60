/** Brazilian number formats, written by hand so that every screen and test gets plain spaces (Intl puts U+00A0 after 'R$'). */

function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** 1234.5 -> '1.234,50' (always two decimals, half up). */
export function formatDecimal(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) value = 0;
  const negative = value < 0;
  const scale = 10 ** decimals;
  const scaled = Math.round(Math.abs(value) * scale);
  const integer = Math.floor(scaled / scale).toString();
  const fraction = (scaled % scale).toString().padStart(decimals, '0');
  const text = decimals > 0 ? `${groupThousands(integer)},${fraction}` : groupThousands(integer);
  return negative && scaled !== 0 ? `-${text}` : text;
}

/** Amount in cents -> 'R$ 1.234,56'. */
export function formatCents(cents: number): string {
  return `R$ ${formatDecimal(cents / 100)}`;
}

/** Kilograms -> '12,50 kg'. */
export function formatKg(kg: number): string {
  return `${formatDecimal(kg)} kg`;
}

/** A date-time as people in Brazil read it: '22/11/2026 14:05'. */
export function formatDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => n.toString().padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A server time as read in Brasília (UTC−3, no daylight saving since 2019): '22/11/2026 14:05'. */
export function formatDateTimeBrasilia(value: string): string {
  const date = new Date(value.includes('T') ? value : value.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - 3 * 60 * 60_000);
  const pad = (n: number) => n.toString().padStart(2, '0');
  return `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}
