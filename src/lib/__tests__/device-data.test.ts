// The outbox, its badge and the refresh of kept lookups start only once this device's database
// exists. Whoever begins to wait, before it is made or while it is being made, must hear of it.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

beforeEach(async () => {
  await Dexie.delete('rota-veloz');
  vi.resetModules();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Starts waiting; tells whether the wait has ended. */
function waiting(whenDeviceHoldsData: (then: () => void) => () => void) {
  let started = false;
  whenDeviceHoldsData(() => {
    started = true;
  });
  return () => started;
}

it('waits on a device with no database, and starts when the app makes it', async () => {
  const { whenDeviceHoldsData } = await import('../device-data');
  const started = waiting(whenDeviceHoldsData);
  // The browser has answered that there is no database: still waiting.
  await indexedDB.databases();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(started()).toBe(false);

  const { db } = await import('../db');
  await db.open();
  await expect.poll(started).toBe(true);
  db.close();
});

it('starts when the wait began while the database was being made', async () => {
  const { db } = await import('../db');
  const { whenDeviceHoldsData } = await import('../device-data');
  let started = () => false;
  // Chromium does not list a database during its first upgrade (fake-indexeddb does): asked then,
  // it answers as Chromium would.
  const list = indexedDB.databases.bind(indexedDB);
  let upgrading = false;
  vi.spyOn(indexedDB, 'databases').mockImplementation(async () =>
    (await list()).filter((d) => !upgrading || d.name !== 'rota-veloz'),
  );
  db.on('populate', () => {
    upgrading = true;
    // After every 'populate' subscriber, the app's own included.
    queueMicrotask(() => {
      started = waiting(whenDeviceHoldsData);
    });
  });
  await db.open();
  upgrading = false;
  await expect.poll(() => started()).toBe(true);
  db.close();
});

it('starts at once where the database already exists', async () => {
  const { db } = await import('../db');
  await db.open();
  db.close();
  const { whenDeviceHoldsData } = await import('../device-data');
  const started = waiting(whenDeviceHoldsData);
  await expect.poll(started).toBe(true);
});
