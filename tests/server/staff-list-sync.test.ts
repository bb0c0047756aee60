// The staff list kept on a phone (src/features/staff/tracking/tracking-sync.ts), run against a real
// PocketBase on an in-memory IndexedDB: syncs one at a time, a realtime change that arrives while
// the whole list downloads is not wiped by that older download, a route's late realtime rows do
// not put back the order before the newest, and a list of several pages arrives whole although
// it changes during the download.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordModel } from 'pocketbase';
import { db } from '../../src/lib/db';
import { staffApi, visitorApi } from '../../src/lib/pocketbase';
import { keepTracking, syncTracking } from '../../src/features/staff/tracking/tracking-sync';
import { submit } from '../../src/offline';
import { stopsInOrder } from '../../src/domain/stops';
import { cpfFrom, shipmentFields } from '../support/payloads';
import { call, DRIVER_ID, signIn, STAFF, startStack, type Stack } from '../support/stack';

let stack: Stack;
let token = '';
let seq = 0;

beforeAll(async () => {
  stack = await startStack({}, { mailClock: false });
  token = await signIn(stack.url, 'staff', STAFF);
  staffApi.baseURL = stack.url;
  // The outbox sends through the visitors' client, with the staff's token.
  visitorApi.baseURL = stack.url;
  await staffApi.collection('staff').authWithPassword(STAFF.email, STAFF.password);
});
afterAll(async () => {
  staffApi.authStore.clear();
  await stack?.stop();
});

/** A number registered on the server as the office would; its record as realtime sends it. */
async function register(): Promise<RecordModel> {
  const record = `sync${Date.now().toString(36)}${(seq++).toString(36)}`.padEnd(15, '0');
  const number = cpfFrom(Date.now() + seq);
  const res = await call(stack.url, '/api/equipe/rastreios', {
    method: 'POST',
    token,
    body: { op: 'register', record, number, at: new Date().toISOString() },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return staffApi.collection('tracking').getOne(record, { requestKey: null });
}

const syncs = () =>
  performance
    .getEntriesByName('rv:staff-sync')
    .map((m) => (m as PerformanceMeasure).detail as { full: boolean });

describe('the staff list on the phone', () => {
  it('runs one sync at a time: two asked at once download the whole list once', async () => {
    await db.staffSync.clear();
    await db.staffTracking.clear();
    await register();
    performance.clearMeasures('rv:staff-sync');
    await Promise.all([syncTracking(), syncTracking()]);
    expect(syncs().map((s) => s.full)).toEqual([true, false]);
  });

  it('keeps a change that arrives by realtime while the whole list downloads', async () => {
    await db.staffSync.clear();
    const before = await register();
    let late: RecordModel | undefined;
    // The list's answer is in; before the device stores it, a number is registered on another
    // phone and its realtime event reaches this one.
    staffApi.afterSend = async (response, data) => {
      if (!late && response.url.includes('/api/collections/tracking/records?')) {
        late = await register();
        await keepTracking(late);
      }
      return data;
    };
    try {
      await syncTracking();
    } finally {
      staffApi.afterSend = undefined;
    }
    expect(late).toBeDefined();
    const kept = await db.staffTracking.bulkGet([before.id, late!.id]);
    expect(kept.map((r) => r?.number)).toEqual([before.number, late!.number]);
  });

  it('keeps a route in its newest order though the realtime rows of the order before arrive after it', async () => {
    const stops: string[] = [];
    for (let i = 0; i < 3; i++) {
      const record = `stop${Date.now().toString(36)}${(seq++).toString(36)}`.padEnd(15, '0');
      const res = await call(stack.url, '/api/equipe/rastreios', {
        method: 'POST',
        token,
        body: {
          op: 'shipment',
          record,
          number: '',
          at: new Date().toISOString(),
          fields: shipmentFields(),
          driver: DRIVER_ID,
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      stops.push(record);
    }
    const [a, b, c] = stops as [string, string, string];
    await syncTracking();
    const route = async (order: string[]) => {
      const at = new Date().toISOString();
      // As the screens keep and send a change (sendChange, without its photos).
      const change = { op: 'route', record: DRIVER_ID, number: '', at, order };
      const outcome = await submit('tracking', { change }, staffApi.authStore.token);
      expect(outcome.status).toBe('sent');
    };
    await route([b, a, c]);
    // The rows as realtime sends them after that first order; they reach the phone late, after
    // its next order was sent and answered.
    const late = await Promise.all(
      stops.map((id) => staffApi.collection('tracking').getOne(id, { requestKey: null })),
    );
    await route([b, c, a]);
    await Promise.all(late.map((record) => keepTracking(record)));
    const kept = (await db.staffTracking.bulkGet(stops)).flatMap((row) => (row ? [row] : []));
    expect(stopsInOrder(kept).map((row) => row.id)).toEqual([b, c, a]);
  });

  it('downloads a list of several pages whole, though a number changes on another phone meanwhile', async () => {
    // 1,200 numbers more: the download's two halves (split by id) of two pages each at least.
    await stack.admin('/api/settings', {
      method: 'PATCH',
      body: JSON.stringify({ batch: { enabled: true, maxRequests: 500, timeout: 60 } }),
    });
    const base = 700000000 + Math.floor(Math.random() * 1000) * 10000;
    const numbers = Array.from({ length: 1200 }, (_, i) => String(base + i));
    // 25 a batch: each record's hooks run inside the previous one's, and a longer batch runs out
    // of the server's pooled JS machines (docs/load.md, "Seeding through the batch API").
    for (let i = 0; i < numbers.length; i += 25) {
      await stack.admin('/api/batch', {
        method: 'POST',
        body: JSON.stringify({
          requests: numbers.slice(i, i + 25).map((number) => ({
            method: 'POST',
            url: '/api/collections/tracking/records',
            body: { number, stages: ['1'] },
          })),
        }),
      });
    }
    const all = await staffApi.collection('tracking').getFullList({ requestKey: null });
    // A number the device kept from before that the server no longer has.
    await db.staffTracking.put({
      ...(await db.staffTracking.toCollection().first())!,
      id: 'gone00000000000',
      number: '123',
    });
    await db.staffSync.clear();

    // Once the first page is in, that page's first number is changed elsewhere: it moves to
    // the end of its half of the list, and every number after it one place earlier.
    let pages = 0;
    let first: RecordModel | undefined;
    staffApi.afterSend = async (response, data) => {
      if (response.url.includes('/api/collections/tracking/records?')) {
        pages++;
        if (pages === 1) {
          first = (data as { items: RecordModel[] }).items[0]!;
          await stack.admin(`/api/collections/tracking/records/${first.id}`, {
            method: 'PATCH',
            body: JSON.stringify({ stages: ['1', '2'] }),
          });
        }
      }
      return data;
    };
    try {
      await syncTracking();
    } finally {
      staffApi.afterSend = undefined;
    }
    const kept = await db.staffTracking.toArray();
    expect(kept.map((r) => r.number).sort()).toEqual(all.map((r) => r.number).sort());
    expect(kept.find((r) => r.id === first!.id)?.stages).toEqual([1, 2]);
    expect(pages).toBeGreaterThanOrEqual(4);
    // 1,200 records made and downloaded: 25-50 s on two shared cores with other suites running.
  }, 150_000);

  it('misses no change made in the half that finished first, once the next sync has run', async () => {
    // The list downloads as two halves at once (split by id at 'i'). The upper half is held at
    // its first page until the lower one has read its last; then a number of the lower half is
    // changed, and after it one of the upper half, which that half then reads on its later pages.
    // (The numbers made by the test before give each half several pages.)
    await db.staffSync.clear();
    const firstOf = async (half: string) =>
      (await staffApi.collection('tracking').getList(1, 1, { filter: half, requestKey: null }))
        .items[0]!;
    const lower = await firstOf('id < "i"');
    const upper = await firstOf('id >= "i"');
    let lowerDone: () => void = () => {};
    const lowerRead = new Promise<void>((resolve) => (lowerDone = resolve));
    let changed = false;
    let upperPages = 0;
    staffApi.afterSend = async (response, data) => {
      const url = decodeURIComponent(response.url.replace(/\+/g, ' '));
      if (!url.includes('/api/collections/tracking/records?')) return data;
      const page = data as { items: RecordModel[]; perPage: number };
      if (url.includes('id >= "i"')) {
        if (upperPages++ === 0) await lowerRead;
      } else if (url.includes('id < "i"') && !changed && page.items.length < page.perPage) {
        changed = true;
        for (const [id, stages] of [
          [lower.id, ['1', '3']],
          [upper.id, ['1', '2']],
        ] as const) {
          await stack.admin(`/api/collections/tracking/records/${id}`, {
            method: 'PATCH',
            body: JSON.stringify({ stages }),
          });
        }
        lowerDone();
      }
      return data;
    };
    try {
      await syncTracking();
    } finally {
      staffApi.afterSend = undefined;
    }
    expect(upperPages).toBeGreaterThan(1);
    // No realtime here: only the next sync can bring the lower half's change.
    await syncTracking();
    expect(changed).toBe(true);
    expect((await db.staffTracking.get(lower.id))?.stages).toEqual([1, 3]);
    expect((await db.staffTracking.get(upper.id))?.stages).toEqual([1, 2]);
  }, 60_000);
});
