import { describe, expect, it } from 'vitest';
import { groupedNumber, loadScan, REPEAT_MS, seenLately, type RecentReads } from '../loading';
import { CHANGE_MESSAGES, emptyRow, type TrackingRow } from '../tracking-changes';

const ANA = 'anasouza0000001';
const BETA = 'motoristabeta01';
const AT = '2026-11-27T12:00:00.000Z';
const names: Record<string, string> = { [ANA]: 'Ana Souza', [BETA]: 'Motorista Beta' };
const driverName = (id: string) => names[id] ?? 'Motorista';

/** A shipment on the office's list, with no driver unless given. */
function shipment(number: string, over: Partial<TrackingRow> = {}): TrackingRow {
  return {
    ...emptyRow(`r${number}`.slice(0, 15), number, 'Equipe', '2026-11-27 10:00:00.000Z'),
    shipment: {
      recipientName: 'Maria Lima',
      recipientCity: 'Goiânia',
      recipientState: 'GO',
      recipientZip: '74000000',
      promisedDate: '2026-11-28',
      service: 'Expressa',
    },
    ...over,
  };
}

const read = (
  row: TrackingRow | undefined,
  options: { stage?: 1 | 2 | 3 | 4 | null; loadedHere?: string[]; number?: string } = {},
) =>
  loadScan(
    options.number ?? row?.number ?? '',
    row,
    { driver: ANA, stage: options.stage ?? null },
    { loadedHere: new Set(options.loadedHere ?? []), driverName, at: AT },
  );

describe('a label read while loading a van', () => {
  it('gives a shipment with no driver to the chosen one, and sets the stage picked', () => {
    const row = shipment('123456789012');
    const plain = read(row);
    expect(plain.kind).toBe('loaded');
    expect(plain.message).toBe('Carregada: 1234 5678 9012 — Para Ana Souza');
    expect(plain.reason).toBe('Para Ana Souza');
    expect(plain.changes).toEqual([
      { op: 'assign', record: row.id, number: row.number, at: AT, driver: ANA },
    ]);
    const staged = read(row, { stage: 2 });
    expect(staged.changes).toEqual([
      { op: 'assign', record: row.id, number: row.number, at: AT, driver: ANA },
      { op: 'stage', record: row.id, number: row.number, stage: 2, set: true, at: AT },
    ]);
  });

  it('does not set again a stage already set, and never marks a delivery from the van', () => {
    const row = shipment('123456789012', { stages: [1, 2] });
    expect(read(row, { stage: 2 }).changes.map((c) => c.op)).toEqual(['assign']);
    expect(read(row, { stage: 4 }).changes.map((c) => c.op)).toEqual(['assign']);
    expect(read(row, { stage: 3 }).changes.map((c) => c.op)).toEqual(['assign', 'stage']);
  });

  it("leaves another driver's shipment with him, and says whose it is", () => {
    const outcome = read(shipment('123456789012', { driver: BETA }));
    expect(outcome).toMatchObject({
      kind: 'other',
      message: '1234 5678 9012: Remessa de Motorista Beta: não alterada.',
      reason: 'Remessa de Motorista Beta: não alterada.',
      changes: [],
    });
  });

  it('says a shipment the driver already had, and one loaded in this session', () => {
    expect(read(shipment('123456789012', { driver: ANA }))).toMatchObject({
      kind: 'already',
      message: '1234 5678 9012: Já estava com Ana Souza: não alterada.',
      changes: [],
    });
    // Known as loaded before the list shows the driver (the change may still be on its way).
    expect(read(shipment('123456789012'), { loadedHere: ['123456789012'] })).toMatchObject({
      kind: 'again',
      message: '1234 5678 9012: Já carregada nesta sessão.',
      changes: [],
    });
  });

  it('refuses an unknown number, and a shipment the office could not assign', () => {
    expect(read(undefined, { number: '123456789012' })).toMatchObject({
      kind: 'unknown',
      message: '1234 5678 9012: Número não encontrado na lista: confira a etiqueta.',
      changes: [],
    });
    const cases: [Partial<TrackingRow>, string][] = [
      [{ stages: [1, 2, 3, 4] }, CHANGE_MESSAGES.assignDelivered],
      [{ returnedAt: '2026-11-26 10:00:00.000Z' }, CHANGE_MESSAGES.assignReturned],
      [{ pendingSince: '2026-11-26 10:00:00.000Z' }, CHANGE_MESSAGES.assignPending],
      [{ shipment: undefined }, CHANGE_MESSAGES.assignNotShipment],
    ];
    for (const [over, message] of cases) {
      // Even when it is the chosen driver's or another's: what is wrong with it comes first.
      for (const driver of ['', ANA, BETA]) {
        const outcome = read(shipment('123456789012', { ...over, driver }));
        expect(outcome).toMatchObject({ kind: 'refused', changes: [] });
        expect(outcome.message).toBe(`1234 5678 9012: ${message}`);
      }
    }
  });

  it('writes a shipment number four digits at a time, a CPF as a CPF', () => {
    expect(groupedNumber('987654321098')).toBe('9876 5432 1098');
    expect(groupedNumber('52998224725')).toBe('529.982.247-25');
    expect(groupedNumber('42')).toBe('42');
  });
});

describe('a label the camera keeps seeing', () => {
  it('is answered once while it stays in view, and again once it was away', () => {
    let recent: RecentReads = new Map();
    const see = (number: string, now: number) => {
      const seen = seenLately(recent, number, now);
      recent = seen.recent;
      return seen.repeat;
    };
    expect(see('111', 0)).toBe(false);
    // Frame after frame, for longer than the window: each sighting keeps it answered.
    for (let t = 150; t <= 6000; t += 150) expect(see('111', t)).toBe(true);
    // Away for the window: read again (the office scanned it again on purpose).
    expect(see('111', 6000 + REPEAT_MS)).toBe(false);
  });

  it('remembers several numbers: a QR code and a barcode, or two labels, read in turns', () => {
    let recent: RecentReads = new Map();
    const see = (number: string, now: number) => {
      const seen = seenLately(recent, number, now);
      recent = seen.recent;
      return seen.repeat;
    };
    expect(see('111', 0)).toBe(false);
    expect(see('222', 100)).toBe(false);
    expect(see('111', 200)).toBe(true);
    expect(see('222', 300)).toBe(true);
    // Old sightings are forgotten, so the memory stays small however long the session.
    see('333', 300 + REPEAT_MS);
    expect([...recent.keys()]).toEqual(['333']);
  });
});
