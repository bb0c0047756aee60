import { describe, expect, it } from 'vitest';
import { manifestKg, manifestSheets } from '../manifest';
import { emptyRow, type TrackingRow } from '../tracking-changes';

const JOAO = 'motoristajoao01';
const ANA = 'motoristaana001';

let seq = 0;
/** A shipment on the office's list, to Goiânia, made a minute after the one before. */
const shipment = (
  id: string,
  over: Partial<TrackingRow> = {},
  details: Record<string, string | number> = {},
) => ({
  ...emptyRow(
    id,
    `1234567890${String(seq).padStart(2, '0')}`,
    'Ana',
    `2026-11-27 12:${String(seq++).padStart(2, '0')}:00.000Z`,
  ),
  driver: JOAO,
  shipment: {
    recipientName: `Cliente ${id}`,
    recipientReceiver: '',
    recipientZip: '74000000',
    recipientStreet: 'Rua 7',
    recipientStreetNumber: '45',
    recipientComplement: '',
    recipientDistrict: 'Centro',
    recipientCity: 'Goiânia',
    recipientState: 'GO',
    contents: 'Documentos',
    weightKg: 1,
    invoiceValueCents: 0,
    promisedDate: '2026-11-28',
    ...details,
  },
  ...over,
});

describe("a driver's romaneio", () => {
  it('lists his open stops in his planned order, then the unordered ones oldest first', () => {
    const rows = [
      shipment('semordem1'),
      shipment('terceira', { stopOrder: 3 }),
      shipment('primeira', { stopOrder: 1 }),
      shipment('semordem2'),
      shipment('segunda', { stopOrder: 2 }),
    ];
    const [sheet] = manifestSheets(rows, { driver: JOAO });
    expect(sheet!.lines.map((l) => [l.place, l.id])).toEqual([
      [1, 'primeira'],
      [2, 'segunda'],
      [3, 'terceira'],
      [4, 'semordem1'],
      [5, 'semordem2'],
    ]);
  });

  it('leaves out what he no longer carries and what is not his', () => {
    const rows = [
      shipment('aberta'),
      shipment('entregue', { stages: [1, 2, 3, 4] }),
      shipment('devolvida', { returnedAt: '2026-11-27 15:00:00.000Z' }),
      shipment('pendente', { pendingSince: '2026-11-27 15:00:00.000Z' }),
      shipment('daana', { driver: ANA }),
      shipment('semmotorista', { driver: '' }),
      // A number registered by hand is no parcel to carry.
      { ...emptyRow('avulso', '52998224725', 'Ana', '2026-11-27 12:00:00.000Z'), driver: JOAO },
    ];
    const [sheet] = manifestSheets(rows, { driver: JOAO });
    expect(sheet!.lines.map((l) => l.id)).toEqual(['aberta']);
    expect(sheet!.stops).toBe(1);
  });

  it('is still one sheet, empty, for a driver with nothing to carry', () => {
    expect(manifestSheets([shipment('x', { driver: ANA })], { driver: JOAO })).toEqual([
      { driver: JOAO, lines: [], stops: 0, totalWeight: '0,00 kg', totalDeclared: 'R$ 0,00' },
    ]);
  });

  it('writes each row as the rest of the app does: number, address, CEP, kg and reais', () => {
    const [sheet] = manifestSheets(
      [
        shipment(
          'cpf',
          { number: '52998224725' },
          {
            recipientName: 'Clínica Reis',
            recipientReceiver: 'Caio Reis',
            recipientComplement: 'sala 4',
            weightKg: 2.5,
            invoiceValueCents: 123456,
          },
        ),
        shipment('provisoria', { number: '' }, { recipientDistrict: '', weightKg: 0.125 }),
      ],
      { driver: JOAO },
    );
    expect(sheet!.lines[0]).toEqual({
      id: 'cpf',
      place: 1,
      number: '529.982.247-25',
      receiver: 'Clínica Reis',
      attention: 'Caio Reis',
      address: 'Rua 7, 45 - sala 4 - Centro',
      city: 'Goiânia - GO',
      cep: '74000-000',
      contents: 'Documentos',
      weight: '2,50',
      declared: 'R$ 1.234,56',
      promised: '28/11/2026',
    });
    expect(sheet!.lines[1]).toMatchObject({
      number: '',
      address: 'Rua 7, 45',
      weight: '0,125',
      declared: '—',
    });
  });

  it('adds up stops, kilograms and declared value without drifting, in Brazilian format', () => {
    const [sheet] = manifestSheets(
      [
        shipment('a', {}, { weightKg: 0.1, invoiceValueCents: 99_999_999 }),
        shipment('b', {}, { weightKg: 0.2, invoiceValueCents: 1 }),
        shipment('c', {}, { weightKg: 1234.05, invoiceValueCents: 0 }),
      ],
      { driver: JOAO },
    );
    expect(sheet!.stops).toBe(3);
    expect(sheet!.totalWeight).toBe('1.234,35 kg');
    expect(sheet!.totalDeclared).toBe('R$ 1.000.000,00');
  });
});

describe('the romaneio of shipments chosen on the list', () => {
  it('gives one sheet when they share a driver, in his order, without the ones already delivered', () => {
    const rows = [
      shipment('segunda', { stopOrder: 2 }),
      shipment('primeira', { stopOrder: 1 }),
      shipment('entregue', { stages: [4] }),
      shipment('naoescolhida', { stopOrder: 3 }),
    ];
    const sheets = manifestSheets(rows, { ids: ['segunda', 'entregue', 'primeira', 'sumiu'] });
    expect(sheets).toHaveLength(1);
    expect(sheets[0]!.driver).toBe(JOAO);
    expect(sheets[0]!.lines.map((l) => l.id)).toEqual(['primeira', 'segunda']);
  });

  it('gives each driver his own sheet, and the stops with no driver one with the name left blank', () => {
    const rows = [
      shipment('daana', { driver: ANA }),
      shipment('dojoao', {}, { weightKg: 3 }),
      shipment('ninguem', { driver: '' }),
      shipment('dojoao2', { stopOrder: 1 }, { weightKg: 1.5 }),
    ];
    const sheets = manifestSheets(rows, {
      ids: ['dojoao', 'daana', 'ninguem', 'dojoao2', 'dojoao'],
    });
    expect(sheets.map((s) => [s.driver, s.lines.map((l) => l.id), s.totalWeight])).toEqual([
      [JOAO, ['dojoao2', 'dojoao'], '4,50 kg'],
      [ANA, ['daana'], '1,00 kg'],
      ['', ['ninguem'], '1,00 kg'],
    ]);
  });

  it('gives no sheet when none of them is still to be delivered', () => {
    expect(manifestSheets([shipment('x', { stages: [4] })], { ids: ['x'] })).toEqual([]);
  });
});

describe('kilograms on the sheet', () => {
  it('have two decimals, three only for a weight typed to the gram', () => {
    expect(manifestKg(2)).toBe('2,00');
    expect(manifestKg(0.5)).toBe('0,50');
    expect(manifestKg(0.125)).toBe('0,125');
    expect(manifestKg(1234.5)).toBe('1.234,50');
  });
});
