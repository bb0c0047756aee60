import { describe, expect, it } from 'vitest';
import {
  adjustDayPanel,
  bulkOutcome,
  dayOf,
  dayPanel,
  promiseState,
  rowFilter,
  searchNarrows,
  sortRows,
} from '../office-view';
import { CHANGE_MESSAGES, emptyRow, type TrackingRow } from '../tracking-changes';

const TODAY = '2026-11-27';

/** A shipment as the office's list keeps it. */
function shipment(
  id: string,
  over: Partial<TrackingRow> & { to?: string; promise?: string; city?: string; zip?: string } = {},
): TrackingRow {
  const { to = 'Ana Souza', promise = TODAY, city = 'Goiânia', zip = '74000000', ...rest } = over;
  return {
    ...emptyRow(
      id,
      `1000000000${id.padStart(2, '0')}`,
      'Equipe',
      `2026-11-2${id.length} 10:00:00.000Z`,
    ),
    shipment: {
      recipientName: to,
      recipientCity: city,
      recipientState: city === 'Campinas' ? 'SP' : 'GO',
      recipientZip: zip,
      promisedDate: promise,
      service: 'Expressa',
    },
    ...rest,
  };
}

const delivered = (at: string): Partial<TrackingRow> => ({
  stages: [1, 2, 3, 4],
  stageTimes: { 4: at },
});

describe("the office's day", () => {
  it('counts what is to assign, with drivers, delivered today, pending, due today and late', () => {
    const rows = [
      shipment('1'), // due today, no driver
      shipment('2', { promise: '2026-11-26' }), // late, no driver
      shipment('3', { driver: 'beta', promise: '2026-11-28' }),
      // Delivered at 23:30 in Brasília today (02:30 UTC tomorrow): today's, not tomorrow's.
      shipment('4', { driver: 'beta', ...delivered('2026-11-28 02:30:00.000Z') }),
      // Delivered yesterday: neither today's nor late.
      shipment('5', {
        driver: 'beta',
        promise: '2026-11-20',
        ...delivered('2026-11-26 15:00:00.000Z'),
      }),
      shipment('6', { pendingSince: '2026-11-27 09:00:00.000Z', driver: '' }),
      shipment('7', { returnedAt: '2026-11-27 09:00:00.000Z', promise: '2026-11-01' }),
      { ...emptyRow('8', '52998224725', 'Equipe', '2026-11-27 10:00:00.000Z') }, // a number only
    ];
    const { counts, drivers } = dayPanel(rows, TODAY);
    expect(counts).toEqual({
      'a-atribuir': 2,
      'com-motoristas': 1,
      'entregues-hoje': 1,
      pendencias: 1,
      'para-hoje': 2,
      atrasadas: 1,
    });
    expect(drivers).toEqual([{ driver: 'beta', left: 1, deliveredToday: 1, failedToday: 0 }]);
  });

  it("tells a time's Brasília day on either side of midnight there, times of one hour alike", () => {
    expect(dayOf('2026-11-28 02:59:59.999Z')).toBe('2026-11-27');
    expect(dayOf('2026-11-28 02:00:00.000Z')).toBe('2026-11-27');
    expect(dayOf('2026-11-28 03:00:00.000Z')).toBe('2026-11-28');
    expect(dayOf('2026-11-28T03:30:00Z')).toBe('2026-11-28');
    // An offset of its own is read as written, not by the hour's first characters.
    expect(dayOf('2026-11-28T02:30:00-05:00')).toBe('2026-11-28');
    expect(dayOf('')).toBe('');
  });

  it("counts a driver's failed attempts of today only", () => {
    const attempt = (at: string) => ({
      id: at,
      at,
      reason: 'ausente' as const,
      note: '',
      by: 'Beta',
    });
    const rows = [
      shipment('1', {
        driver: 'beta',
        attempts: [attempt('2026-11-26 15:00:00.000Z'), attempt('2026-11-27 15:00:00.000Z')],
      }),
    ];
    expect(dayPanel(rows, TODAY).drivers[0]).toMatchObject({ left: 1, failedToday: 1 });
  });

  it('counts a list with some rows changed as it counts the whole list again', () => {
    const before = [
      shipment('1'),
      shipment('2', { driver: 'beta', promise: '2026-11-26' }),
      shipment('3', { driver: 'beta', ...delivered('2026-11-27 15:00:00.000Z') }),
      shipment('4', { driver: 'gama' }),
      shipment('5', { pendingSince: '2026-11-27 09:00:00.000Z' }),
    ];
    const after = [
      // Given to a driver; taken from another; delivered; a new attempt's decision.
      { ...before[0]!, driver: 'gama' },
      { ...before[1]!, driver: '' },
      before[2]!,
      { ...before[3]!, ...delivered('2026-11-27 16:00:00.000Z') },
      { ...before[4]!, pendingSince: '', driver: 'beta' },
    ];
    const changed = after
      .map((row, i) => [before[i]!, row] as const)
      .filter(([old, now]) => old !== now);
    const adjusted = adjustDayPanel(dayPanel(before, TODAY), changed, TODAY);
    expect(adjusted).toEqual(dayPanel(after, TODAY));
    // The counts moved as the changes say (not only as the whole count says).
    expect(adjusted.counts['a-atribuir']).toBe(1);
    expect(adjusted.drivers.map((d) => [d.driver, d.left, d.deliveredToday])).toEqual([
      ['beta', 1, 1],
      ['gama', 1, 1],
    ]);
  });

  it('says a promise is late, due today or tomorrow only while the parcel is on its way', () => {
    expect(promiseState(shipment('1', { promise: '2026-11-26' }), TODAY)).toBe('atrasadas');
    expect(promiseState(shipment('1', { promise: '2026-11-28' }), TODAY)).toBe('amanha');
    expect(promiseState(shipment('1', { promise: '2026-11-30' }), TODAY)).toBeNull();
    expect(
      promiseState(
        shipment('1', { promise: '2026-11-26', ...delivered('2026-11-27 10:00:00.000Z') }),
        TODAY,
      ),
    ).toBeNull();
    // Across a month's end.
    expect(promiseState(shipment('1', { promise: '2026-12-01' }), '2026-11-30')).toBe('amanha');
  });
});

describe("the office's list", () => {
  const rows = [
    shipment('1', { to: 'José Araújo', city: 'Campinas', zip: '13010000', driver: 'beta' }),
    shipment('2', { to: 'Ana Souza', zip: '74000000', stages: [1, 2] }),
    shipment('3', { to: 'bruno lima', promise: '2026-11-26', stages: [1] }),
  ];
  const ids = (list: TrackingRow[]) => list.map((r) => r.id);
  const filtered = (filters: Parameters<typeof rowFilter>[0]) =>
    ids(rows.filter(rowFilter(filters, TODAY)));

  it('finds a receiver by name without accents or case, a number or CEP by its digits', () => {
    expect(filtered({ text: 'jose araujo' })).toEqual(['1']);
    expect(filtered({ text: '13010-000' })).toEqual(['1']);
    expect(filtered({ text: rows[1]!.number.slice(-4) })).toEqual(['2']);
    // Letters with digits are a name: 'Ana 2' matches no number ending in 2.
    expect(filtered({ text: 'Ana 2' })).toEqual([]);
  });

  it('finds a receiver by the new name once the row is changed (the old name no longer)', () => {
    expect(filtered({ text: 'bruno' })).toEqual(['3']);
    const renamed = {
      ...rows[2]!,
      shipment: { ...rows[2]!.shipment!, recipientName: 'Célia Dias' },
    };
    const found = (text: string) => [renamed].filter(rowFilter({ text }, TODAY)).map((r) => r.id);
    expect(found('celia')).toEqual(['3']);
    expect(found('bruno')).toEqual([]);
  });

  it('filters a search that grew from the rows the shorter search found, with the same result', () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      shipment(String(i), {
        to: ['José Araújo', 'Ana Souza', 'Ângela Sá', 'Bruno 12 Lima'][i % 4],
        zip: `7400${String(i).padStart(4, '0')}`,
        driver: i % 3 ? 'beta' : undefined,
      }),
    );
    const typed = [
      '1',
      '12',
      '12 ',
      '12 3',
      '7',
      '74',
      '7400-0',
      '7400-00',
      'a',
      'an',
      'ang',
      'âng',
      // Only separators find names (no digits); a digit after them finds numbers and CEPs too.
      '-',
      '-0',
      '-00',
      '.',
      '.1',
      ' 1',
    ];
    for (const driver of [undefined, 'beta']) {
      let before: { text?: string; driver?: string } = { driver };
      let found = many.filter(rowFilter(before, TODAY));
      for (const text of typed) {
        const after = { text, driver };
        const whole = many.filter(rowFilter(after, TODAY));
        if (searchNarrows(before, after)) {
          expect(found.filter(rowFilter(after, TODAY))).toEqual(whole);
        }
        before = after;
        found = whole;
      }
    }
    expect(searchNarrows({ text: '12' }, { text: '123' })).toBe(true);
    expect(searchNarrows({ text: 'ana' }, { text: 'Ana S' })).toBe(true);
    expect(searchNarrows({ text: 'angela' }, { text: 'Ângela' })).toBe(true);
    // A letter taken back, another text, or any other filter changed: the whole list again.
    expect(searchNarrows({ text: '123' }, { text: '12' })).toBe(false);
    expect(searchNarrows({ text: 'ana' }, { text: 'bruno' })).toBe(false);
    expect(searchNarrows({ text: '12' }, { text: '123', driver: 'beta' })).toBe(false);
    expect(searchNarrows({ text: '12', city: 'Goiânia - GO' }, { text: '123' })).toBe(false);
    expect(searchNarrows({ text: '-' }, { text: '-0' })).toBe(false);
  });

  it('filters by driver (or none), stage reached, promise and city, all together', () => {
    expect(filtered({ driver: 'beta' })).toEqual(['1']);
    expect(filtered({ driver: 'nenhum' })).toEqual(['2', '3']);
    expect(filtered({ stage: '2' })).toEqual(['2']);
    expect(filtered({ stage: '0' })).toEqual(['1']);
    expect(filtered({ promise: 'atrasadas' })).toEqual(['3']);
    expect(filtered({ city: 'campinas - sp' })).toEqual(['1']);
    expect(filtered({ driver: 'nenhum', promise: 'hoje' })).toEqual(['2']);
  });

  it('sorts by a column either way, with empty values last', () => {
    const name = (id: string) => (id === 'beta' ? 'Motorista Beta' : id);
    expect(ids(sortRows(rows, { column: 'receiver', descending: false }, name))).toEqual([
      '2',
      '3',
      '1',
    ]);
    expect(ids(sortRows(rows, { column: 'receiver', descending: true }, name))).toEqual([
      '1',
      '3',
      '2',
    ]);
    expect(ids(sortRows(rows, { column: 'driver', descending: true }, name))[0]).toBe('1');
    expect(ids(sortRows(rows, { column: 'driver', descending: false }, name))[0]).toBe('1');
    expect(ids(sortRows(rows, { column: 'stage', descending: true }, name))).toEqual([
      '2',
      '3',
      '1',
    ]);
  });

  it('tells the outcome of an action on many per reason', () => {
    expect(
      bulkOutcome(['atribuída', 'atribuídas'], 18, [
        CHANGE_MESSAGES.assignDelivered,
        CHANGE_MESSAGES.assignDelivered,
      ]),
    ).toBe('18 atribuídas; 2 já entregues, não alteradas');
    expect(bulkOutcome(['marcada', 'marcadas'], 1, ['já estava nessa etapa'])).toBe(
      '1 marcada; 1 já estava nessa etapa, não alterada',
    );
  });
});
