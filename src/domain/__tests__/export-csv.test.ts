import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { exportCsv } from '../export-csv';
import { emptyRow, type TrackingRow } from '../tracking-changes';

const row = (over: Partial<TrackingRow>): TrackingRow => ({
  ...emptyRow('r1', '123456789012', 'Ana', '2026-11-27 12:00:00.000Z'),
  ...over,
});

const drivers: Record<string, string> = { mot1: 'Motorista Beta; turno "B"' };

describe('the office list as a spreadsheet', () => {
  const csv = exportCsv(
    [
      row({
        request: 'urgent:abcdefghijklmno',
        driver: 'mot1',
        stages: [1, 4],
        stageTimes: { 1: '2026-11-26 13:00:00.000Z', 4: '2026-11-27 17:05:00.000Z' },
        receiverName: 'Maria da Silva',
        attempts: [
          { id: 'a', at: '2026-11-26 20:00:00.000Z', reason: 'ausente', note: '', by: 'x' },
        ],
        shipment: {
          senderCity: '=HYPERLINK("http://x.example")',
          senderState: 'SP',
          recipientCity: 'Goiânia',
          recipientState: 'GO',
          service: 'Urgente',
          weightKg: 2.5,
          invoiceValueCents: 123456,
          promisedDate: '2026-11-28',
        },
      }),
      row({ id: 'r2', number: '52998224725' }),
    ],
    (id) => drivers[id] ?? id,
  );

  it('opens in Brazilian Excel as it is: BOM, semicolons, one line per shipment', () => {
    expect(csv.startsWith('\uFEFFNúmero;Solicitação;')).toBe(true);
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);
  });

  it('keeps accents, commas, semicolons and quotes in their cells; dates and decimals as read here', () => {
    const parsed = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', skipEmptyLines: true });
    const [header, first, second] = parsed.data;
    const cell = (r: string[] | undefined, name: string) => r![header!.indexOf(name)];
    expect(cell(first, 'Solicitação')).toBe('Entrega urgente');
    // A formula typed as a city stays text; the number stays its twelve digits.
    expect(cell(first, 'Cidade do remetente')).toBe(`'=HYPERLINK("http://x.example") - SP`);
    expect(cell(first, 'Número')).toBe('="123456789012"');
    expect(cell(first, 'Cidade do destinatário')).toBe('Goiânia - GO');
    expect(cell(first, 'Peso (kg)')).toBe('2,500');
    expect(cell(first, 'Valor declarado (R$)')).toBe('1234,56');
    expect(cell(first, 'Previsão')).toBe('28/11/2026');
    expect(cell(first, 'Motorista')).toBe('Motorista Beta; turno "B"');
    expect(cell(first, 'Etapa')).toBe('Encomenda entregue');
    // Stored in UTC, read in Brasília (UTC−3).
    expect(cell(first, 'Etapa em')).toBe('27/11/2026 14:05');
    expect(cell(first, 'Tentativas')).toBe('1');
    expect(cell(first, 'Entregue a')).toBe('M. S.');
    expect(cell(first, 'Entregue em')).toBe('27/11/2026 14:05');
    // A number registered by hand: its number and nothing made up.
    expect(second).toEqual(['="52998224725"', ...Array(13).fill('')]);
  });
});
