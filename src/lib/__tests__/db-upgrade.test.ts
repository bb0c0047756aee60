// Phones keep their database from one version of the app to the next: a database made by any
// earlier version opens with this code in the current shape, keeping what it held (queued
// submissions above all), and the upgrades that must run do run.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** What each released version of the app declared (Dexie keeps them as IndexedDB version ×10). */
const RELEASED: Record<number, Record<string, string | null>> = {
  1: {
    outbox: 'id, kind, state, createdAt, [state+createdAt]',
    lookups: 'number, fetchedAt',
  },
  2: { outbox: 'id, kind, state, createdAt, [state+createdAt], notice' },
  3: { staffTracking: 'id, number, created', staffSync: 'key' },
  4: {},
  5: { reservedNumbers: 'number, account' },
  6: { staffTracking: 'id, number, created, decisionDue' },
  7: { ceps: 'cep' },
};

const queued = {
  id: 'abc123def456ghi',
  kind: 'quote',
  payload: { name: 'Maria' },
  createdAt: 1,
  attempts: 0,
  nextAttemptAt: 0,
  state: 'pending',
  lastError: '',
};

/** A phone's database as the app at `version` left it. */
async function madeBy(version: number) {
  const old = new Dexie('rota-veloz');
  for (let v = 1; v <= version; v++) old.version(v).stores(RELEASED[v]!);
  await old.open();
  await old.table('outbox').add(queued);
  await old.table('lookups').add({ number: '52998224725', found: true, stages: [1], fetchedAt: 5 });
  if (version >= 3) {
    await old.table('staffSync').add({ key: 'tracking', cursor: 'c', syncedAt: 9 });
    await old.table('staffTracking').add({
      id: 'row1',
      number: '123',
      created: 'x',
      pendingSince: '2026-11-20T10:00:00Z',
    });
  }
  old.close();
}

beforeEach(async () => {
  await Dexie.delete('rota-veloz');
  vi.resetModules();
});

describe("the device's database", () => {
  it.each([1, 2, 3, 4, 5, 6, 7])(
    'made by version %i opens in the current shape',
    async (version) => {
      await madeBy(version);
      const { db } = await import('../db');
      await db.open();

      // Nothing queued is lost, and the engine's indexes answer.
      expect(
        await db.outbox
          .where('[state+createdAt]')
          .between(['pending', 0], ['pending', 9])
          .toArray(),
      ).toEqual([queued]);
      expect(await db.outbox.where('notice').equals(1).count()).toBe(0);
      expect((await db.lookups.get('52998224725'))?.found).toBe(true);
      // Every table of today is there.
      await db.reservedNumbers.add({ number: '100200300', account: 'a' });
      expect(await db.reservedNumbers.where('account').equals('a').count()).toBe(1);
      await db.ceps.put({
        cep: '74003010',
        street: '',
        district: '',
        city: 'Goiânia',
        state: 'GO',
        at: 1,
      });
      expect((await db.ceps.get('74003010'))?.city).toBe('Goiânia');
      if (version >= 3) {
        // The staff list is downloaded again in the new shape (upgrades of versions 4 and 5)...
        if (version <= 4) expect(await db.staffSync.count()).toBe(0);
        else expect(await db.staffSync.count()).toBe(1);
        // ...and a kept row is still there, found by its number (a scanned label), the only index
        // its rows are written to (each one more is a write per row of a first download).
        expect((await db.staffTracking.where('number').equals('123').first())?.id).toBe('row1');
        const store = db.backendDB().transaction('staffTracking').objectStore('staffTracking');
        expect([...store.indexNames]).toEqual(['number']);
      }
      db.close();
    },
  );

  it('is made new in the current shape on a phone that never had it', async () => {
    const { db } = await import('../db');
    await db.open();
    expect(db.verno).toBe(8);
    expect(db.tables.map((t) => t.name).sort()).toEqual([
      'ceps',
      'lookups',
      'outbox',
      'reservedNumbers',
      'staffSync',
      'staffTracking',
    ]);
    db.close();
  });
});
