import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { STATEMENT_COLUMNS, statementCsv } from '../statement-csv';
import type { StatementShipment } from '../statement';

const row = (over: Partial<StatementShipment>): StatementShipment => ({
  number: '012345678901',
  registeredAt: '2026-11-03 12:00:00.000Z',
  requestNumber: 0,
  destination: 'Goiânia - GO',
  service: 'Expressa',
  weightKg: 1,
  priceRule: 'tabela',
  priceChargeableKg: 1,
  priceFreightCents: 6710,
  priceInsuranceCents: 0,
  priceCents: 6710,
  ...over,
});

describe("the statement's spreadsheet (Brazilian Excel's CSV)", () => {
  const text = statementCsv([
    row({ requestNumber: 1042 }),
    row({
      number: '012345678902',
      // 02:30 UTC on the 1st is still 30 November in Brasília.
      registeredAt: '2026-12-01 02:30:00.000Z',
      destination: '=HYPERLINK("x"); Goiânia - GO',
      weightKg: 2.5,
      priceChargeableKg: 10,
      priceFreightCents: 20630,
      priceInsuranceCents: 1235,
      priceCents: 21865,
    }),
    row({ number: '012345678903', service: 'Urgente', priceRule: 'consulta', priceCents: 0 }),
  ]);
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
    delimiter: ';',
    skipEmptyLines: true,
  }).data;

  it('has the byte-order mark, semicolons and CRLF lines', () => {
    expect(text.startsWith('\uFEFFNúmero;Data;')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parsed[0]).toEqual([...STATEMENT_COLUMNS]);
  });

  it('writes numbers as text, decimals with a comma, days in Brasília, and a line of totals', () => {
    expect(parsed[1]).toEqual([
      '="012345678901"',
      '03/11/2026',
      '1042',
      'Goiânia - GO',
      'Expressa',
      '1,000',
      '1,00',
      '67,10',
      '0,00',
      '67,10',
    ]);
    expect(parsed[2]!.slice(1, 2)).toEqual(['30/11/2026']);
    expect(parsed[2]!.slice(5)).toEqual(['2,500', '10,00', '206,30', '12,35', '218,65']);
    expect(parsed[3]!.slice(7)).toEqual(['', '', 'Sob consulta']);
    expect(parsed[4]).toEqual([
      'Total (3 remessas)',
      '',
      '',
      '',
      '',
      '4,500',
      '12,00',
      '273,40',
      '12,35',
      '285,75',
    ]);
  });

  it("keeps a cell with ';' or a formula whole and inert (Papa Parse's quoting)", () => {
    expect(parsed[2]![3]).toBe(`'=HYPERLINK("x"); Goiânia - GO`);
  });
});
