import { describe, expect, it } from 'vitest';
import {
  currentStageText,
  deliveredText,
  deliveredToday,
  stageMarkText,
  UNDO_DELIVERY_MS,
  undoDeadline,
  undoDeliveryChange,
} from '../driver-stops';
import {
  checkTrackingChange,
  emptyRow,
  overlayChanges,
  type TrackingRow,
} from '../tracking-changes';

const TODAY = '2026-11-27';

/** A driver's shipment as the phone keeps it. */
function stop(id: string, over: Partial<TrackingRow> = {}): TrackingRow {
  return {
    ...emptyRow(id, `10000000000${id}`, 'Equipe', '2026-11-26 10:00:00.000Z'),
    shipment: { recipientName: `Cliente ${id}` },
    driver: 'motoristademo01',
    ...over,
  };
}

/** Delivered at a stored time, by someone, to someone. */
const delivered = (at: string, by = 'Motorista Demo', to = 'Caio Reis'): Partial<TrackingRow> => ({
  stages: [1, 4],
  stageTimes: { 1: '2026-11-27 11:00:00.000Z', 4: at },
  stageBy: { 1: 'Equipe', 4: by },
  receiverName: to,
});

/** '14:02' as the phone's clock shows a stored time (the test may run in any zone). */
const clock = (stored: string) => {
  const d = new Date(stored.replace(' ', 'T'));
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

describe("the driver's deliveries of the day", () => {
  it('keeps only shipments delivered today (in Brasília), the latest first', () => {
    const rows = [
      stop('1', delivered('2026-11-27 13:00:00.000Z')),
      stop('2'), // still to deliver
      stop('3', delivered('2026-11-27 17:30:00.000Z')),
      // 01:30 on the 27th in UTC is still the 26th in Brasília: yesterday.
      stop('4', delivered('2026-11-27 01:30:00.000Z')),
      stop('5', { ...delivered('2026-11-27 14:00:00.000Z'), returnedAt: '2026-11-27 15:00Z' }),
      // A number registered by hand is no stop of a driver.
      { ...stop('6', delivered('2026-11-27 12:00:00.000Z')), shipment: undefined },
    ];
    expect(deliveredToday(rows, TODAY).map((r) => r.id)).toEqual(['3', '1']);
  });

  it('shows a delivery just marked on the phone, before the server has it', () => {
    const row = stop('1', { stages: [1], stageTimes: { 1: '2026-11-27 11:00:00.000Z' } });
    const shown = overlayChanges(
      [row],
      [
        {
          op: 'stage',
          record: '1',
          number: row.number,
          stage: 4,
          set: true,
          at: '2026-11-27T16:02:00.000Z',
          receiverName: 'Caio Reis',
        },
      ],
      'Motorista Demo',
    );
    expect(deliveredToday(shown, TODAY)).toHaveLength(1);
    expect(deliveredText(shown[0]!)).toBe(
      `Entregue às ${clock('2026-11-27 16:02:00.000Z')} para Caio Reis`,
    );
  });

  it('says a delivered stop in one line, with what it knows', () => {
    expect(deliveredText(stop('1', delivered('2026-11-27 17:02:00.000Z')))).toBe(
      `Entregue às ${clock('2026-11-27 17:02:00.000Z')} para Caio Reis`,
    );
    expect(deliveredText({ stageTimes: {}, receiverName: '' })).toBe('Entregue');
  });
});

describe("a stop's stage at a glance", () => {
  it('names the furthest stage marked, or none', () => {
    expect(currentStageText({ stages: [] })).toBeNull();
    expect(currentStageText({ stages: [1, 2] })).toBe('2. Encomenda enviada ao destino');
    // Stages are independent flags: the furthest one counts, not the count.
    expect(currentStageText({ stages: [3] })).toBe('3. Encomenda chegou ao destino');
  });

  it('says who marked a stage and when: the time today, the day otherwise', () => {
    const row = stop('1', {
      stages: [1, 2],
      stageTimes: { 1: '2026-11-26 20:40:00.000Z', 2: '2026-11-27 12:12:00.000Z' },
      stageBy: { 1: 'Equipe', 2: 'Motorista Demo' },
    });
    expect(stageMarkText(row, 2, TODAY)).toBe(
      `Marcada por Motorista Demo às ${clock('2026-11-27 12:12:00.000Z')}`,
    );
    expect(stageMarkText(row, 1, TODAY)).toMatch(/^Marcada por Equipe em 2[67]\/11\/2026 \d\d:40$/);
    expect(stageMarkText(row, 3, TODAY)).toBeNull();
    expect(stageMarkText({ stages: [3], stageTimes: {}, stageBy: {} }, 3, TODAY)).toBe('Marcada');
  });
});

describe("'Desfazer' on a delivery", () => {
  const at = '2026-11-27 16:02:00.000Z';
  const recorded = Date.parse('2026-11-27T16:02:00.000Z');

  it('is offered for ten seconds from when the driver recorded it', () => {
    const row = stop('1', delivered(at));
    expect(UNDO_DELIVERY_MS).toBe(10_000);
    expect(undoDeadline(row, 'Motorista Demo')).toBe(recorded + 10_000);
  });

  it('is not offered on a delivery someone else marked, nor on a stop not delivered', () => {
    expect(undoDeadline(stop('1', delivered(at, 'Equipe')), 'Motorista Demo')).toBe(0);
    expect(undoDeadline(stop('1', delivered(at)), '')).toBe(0);
    expect(undoDeadline(stop('1'), 'Motorista Demo')).toBe(0);
  });

  it('clears stage 4 as the office does, a change the phone and the server accept', () => {
    const row = stop('1', delivered(at));
    const undo = undoDeliveryChange(row, '2026-11-27T16:02:05.000Z');
    expect(undo).toEqual({
      op: 'stage',
      record: '1',
      number: row.number,
      stage: 4,
      set: false,
      at: '2026-11-27T16:02:05.000Z',
    });
    expect(checkTrackingChange(undo, { now: recorded + 5_000 })).toEqual({});
    // Shown at once: the stop is open again, its receiver gone, no longer a delivery of today.
    const [shown] = overlayChanges([row], [undo], 'Motorista Demo');
    expect(shown!.stages).toEqual([1]);
    expect(shown!.receiverName).toBe('');
    expect(deliveredToday([shown!], TODAY)).toEqual([]);
  });
});
