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

/** 'dd/mm/aaaa hh:mm' from a date's parts (UTC ones, or the device's own). */
function dateTimeText(date: Date, utc: boolean): string {
  const pad = (n: number) => n.toString().padStart(2, '0');
  const [d, m, y, h, min] = utc
    ? [
        date.getUTCDate(),
        date.getUTCMonth() + 1,
        date.getUTCFullYear(),
        date.getUTCHours(),
        date.getUTCMinutes(),
      ]
    : [date.getDate(), date.getMonth() + 1, date.getFullYear(), date.getHours(), date.getMinutes()];
  return `${pad(d)}/${pad(m)}/${y} ${pad(h)}:${pad(min)}`;
}

/** A date-time as people in Brazil read it: '22/11/2026 14:05'. */
export function formatDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeText(date, false);
}

/** A server time as read in Brasília (UTC−3, no daylight saving since 2019): '22/11/2026 14:05'. */
export function formatDateTimeBrasilia(value: string): string {
  const date = new Date(value.includes('T') ? value : value.replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) return '';
  return dateTimeText(new Date(date.getTime() - 3 * 60 * 60_000), true);
}

/** '2026-11-27' → '27/11/2026'. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d\d)-(\d\d)/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}
