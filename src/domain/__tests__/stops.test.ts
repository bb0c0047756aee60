import { describe, expect, it } from 'vitest';
import { orderByCep, routeApplied, stopsInOrder } from '../stops';
import { emptyRow } from '../tracking-changes';

const stop = (id: string, zip: string) => ({
  ...emptyRow(id, '1', 'Ana', '2026-11-27 12:00:00.000Z'),
  shipment: { recipientName: 'X', recipientZip: zip },
});

describe('ordering stops by CEP', () => {
  it('puts neighbours together, the ones with no CEP last, and keeps ties as they were', () => {
    const stops = [
      stop('centro', '74003-010'), // Goiânia, Centro
      stop('semcep', ''),
      stop('bueno', '74230-010'), // Setor Bueno
      stop('aparecida', '74905-000'), // Aparecida de Goiânia
      stop('oeste', '74120-020'), // Setor Oeste
      stop('centro2', '74003010'),
    ];
    expect(orderByCep(stops)).toEqual([
      'centro',
      'centro2',
      'oeste',
      'bueno',
      'aparecida',
      'semcep',
    ]);
  });
});

describe('a route change the server applied, on the device', () => {
  const row = (id: string, driver: string, stopOrder: number) => ({
    ...emptyRow(id, id, 'Ana', '2026-11-27 12:00:00.000Z'),
    shipment: { recipientName: 'X', recipientZip: '74003-010' },
    driver,
    stopOrder,
  });
  const kept = new Map(
    [row('a', 'beta', 1), row('b', 'beta', 2), row('c', 'beta', 3), row('d', 'gama', 1)].map(
      (r) => [r.id, r],
    ),
  );

  it('shows the new order at once, as the server stored it', () => {
    const changed = routeApplied(kept, { record: 'beta', order: ['c', 'a', 'b'] });
    const after = new Map(kept);
    for (const r of changed) after.set(r.id, r);
    const beta = [...after.values()].filter((r) => r.driver === 'beta');
    expect(stopsInOrder(beta).map((r) => r.id)).toEqual(['c', 'a', 'b']);
  });

  it("leaves another driver's stop, an unknown one and one already in place untouched", () => {
    const changed = routeApplied(kept, { record: 'beta', order: ['a', 'd', 'zz', 'c', 'b'] });
    // 'a' stays first; 'd' is Gama's (taken from Beta meanwhile): the server skipped it too.
    expect(changed.map((r) => [r.id, r.stopOrder])).toEqual([
      ['c', 4],
      ['b', 5],
    ]);
    expect(kept.get('d')!.stopOrder).toBe(1);
  });
});
