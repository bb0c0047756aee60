/**
 * The 'Extrato' as a spreadsheet, apart from statement.ts so the server (which reads only the
 * months and the rows) does not carry the CSV library.
 */
import { excelCsv, textCell } from './export-csv';
import { formatDateTimeBrasilia } from './format';
import { BY_QUOTE } from './pricing';
import { statementTotals, type StatementShipment } from './statement';

/** The spreadsheet's columns, in order. */
export const STATEMENT_COLUMNS = [
  'Número',
  'Data',
  'Solicitação',
  'Destino',
  'Serviço',
  'Peso (kg)',
  'Peso cobrado (kg)',
  'Frete (R$)',
  'Seguro (R$)',
  'Valor (R$)',
] as const;

/** 1234.5 → '1234,50': a number the spreadsheet reads as one (no thousands separator). */
const decimal = (value: number, places: number) =>
  value ? value.toFixed(places).replace('.', ',') : '';
const money = (cents: number) => decimal(cents / 100, 2) || '0,00';

/**
 * The month as a CSV file's text in Brazilian Excel's dialect (export-csv.ts), with a last line
 * of totals. The number as text (="…"), or Excel shows twelve digits as 1,23457E+11.
 */
export function statementCsv(shipments: readonly StatementShipment[]): string {
  const rows = shipments.map((s) => {
    const priced = s.priceRule === 'tabela';
    return [
      `="${s.number}"`,
      formatDateTimeBrasilia(s.registeredAt).slice(0, 10),
      s.requestNumber ? String(s.requestNumber) : '',
      textCell(s.destination),
      textCell(s.service),
      decimal(s.weightKg, 3),
      decimal(s.priceChargeableKg, 2),
      priced ? money(s.priceFreightCents) : '',
      priced ? money(s.priceInsuranceCents) : '',
      priced ? money(s.priceCents) : s.priceRule === 'consulta' ? BY_QUOTE : '',
    ];
  });
  const t = statementTotals(shipments);
  rows.push([
    t.count === 1 ? 'Total (1 remessa)' : `Total (${t.count} remessas)`,
    '',
    '',
    '',
    '',
    decimal(t.weightKg, 3),
    decimal(t.chargeableKg, 2),
    money(t.freightCents),
    money(t.insuranceCents),
    money(t.priceCents),
  ]);
  return excelCsv(STATEMENT_COLUMNS, rows);
}
