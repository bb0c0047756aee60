// Spreadsheets as CSV in the dialect Brazilian Excel opens as it is (';' between columns, UTF-8 with
// a byte-order mark, dates dd/mm/aaaa, decimals with a comma): the office's list, and the corporate
// client's import template (pickup-import.ts). Quoting is Papa Parse's, not ours: a receiver's name
// with a ';', a quote or a line break stays in its cell.
import Papa from 'papaparse';
import { formatDateTimeBrasilia as dateTime, formatDay as day } from './format';
import { initials } from './tracking-changes';
import { TRACKING_STAGES } from './stages';
import type { TrackingRow } from './tracking-changes';

/** The spreadsheet's columns, in order. */
export const EXPORT_COLUMNS = [
  'Número',
  'Solicitação',
  'Cidade do remetente',
  'Cidade do destinatário',
  'Serviço',
  'Peso (kg)',
  'Valor declarado (R$)',
  'Previsão',
  'Motorista',
  'Etapa',
  'Etapa em',
  'Tentativas',
  'Entregue a',
  'Entregue em',
] as const;

const REQUEST_KIND: Record<string, string> = {
  quote: 'Cotação',
  urgent: 'Entrega urgente',
  pickup: 'Coleta',
};

/** 1234.5 → '1234,50' (no thousands separator: a spreadsheet reads it as a number). */
function decimal(value: unknown, places: number): string {
  const n = Number(value);
  return value === '' || value === undefined || Number.isNaN(n) || n === 0
    ? ''
    : n.toFixed(places).replace('.', ',');
}

function cityOf(details: Record<string, unknown> | undefined, party: 'sender' | 'recipient') {
  if (!details) return '';
  const city = String(details[`${party}City`] ?? '');
  const state = String(details[`${party}State`] ?? '');
  return city && state ? `${city} - ${state}` : city;
}

/** One row of the spreadsheet, in EXPORT_COLUMNS' order. */
export function exportRow(row: TrackingRow, driverName: (id: string) => string): string[] {
  const d = row.shipment as Record<string, unknown> | undefined;
  const last = row.stages[row.stages.length - 1];
  const delivered = row.stages.includes(4);
  const [kind] = row.request.split(':');
  return [
    row.number,
    row.request ? (REQUEST_KIND[kind!] ?? kind!) : '',
    cityOf(d, 'sender'),
    cityOf(d, 'recipient'),
    String(d?.service ?? ''),
    decimal(d?.weightKg, 3),
    d?.invoiceValueCents ? decimal(Number(d.invoiceValueCents) / 100, 2) : '',
    d?.promisedDate ? day(String(d.promisedDate)) : '',
    row.driver ? driverName(row.driver) : '',
    row.returnedAt ? 'Devolvida ao remetente' : last ? TRACKING_STAGES[last - 1]!.label : '',
    row.returnedAt ? dateTime(row.returnedAt) : last ? dateTime(row.stageTimes[last] ?? '') : '',
    row.attempts.length ? String(row.attempts.length) : '',
    delivered && row.receiverName ? initials(row.receiverName) : '',
    delivered ? dateTime(row.stageTimes[4] ?? '') : '',
  ];
}

/**
 * A text cell as the spreadsheet must read it: one that could start a formula (a city typed in a
 * public form as '=HYPERLINK(…)') behind an apostrophe, as Excel's own convention for text.
 */
export function textCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * A cell of the office's list. The number as text (="…"): Excel would show twelve digits as
 * 1,23457E+11 and drop a CPF's leading zero.
 */
function cellFor(value: string, column: number): string {
  if (column === 0) return value ? `="${value}"` : '';
  return textCell(value);
}

/**
 * A header and rows (cells already as they must be read) as a CSV file's text in Brazilian Excel's
 * dialect, with the byte-order mark Excel needs to read UTF-8.
 */
export function excelCsv(fields: readonly string[], rows: readonly (readonly string[])[]): string {
  const body = Papa.unparse(
    { fields: [...fields], data: rows.map((row) => [...row]) },
    { delimiter: ';', newline: '\r\n', quotes: false },
  );
  return `\uFEFF${body}\r\n`;
}

/** The office's rows as a CSV file's text. */
export function exportCsv(
  rows: readonly TrackingRow[],
  driverName: (id: string) => string,
): string {
  return excelCsv(
    EXPORT_COLUMNS,
    rows.map((r) => exportRow(r, driverName).map(cellFor)),
  );
}

/** The file's name: 'rastreamentos-2026-11-27.csv'. */
export function exportFileName(today: string): string {
  return `rastreamentos-${today}.csv`;
}
