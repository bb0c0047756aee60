import { EventSource } from 'eventsource';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickupPayload, quotePayload, urgentPayload } from '../support/payloads';
import { call, CLIENT, signIn, STAFF, startStack, type Stack } from '../support/stack';

(globalThis as { EventSource?: unknown }).EventSource ??= EventSource;

let stack: Stack;
let staffToken: string;
let clientToken: string;
let seededId: string;

beforeAll(async () => {
  stack = await startStack();
  staffToken = await signIn(stack.url, 'staff', STAFF);
  clientToken = await signIn(stack.url, 'clients', CLIENT);
  seededId = (
    await stack.admin('/api/collections/tracking/records?filter=number%3D%22987654321%22')
  ).items[0].id;
});
afterAll(() => stack?.stop());

const SUBMISSIONS = ['quotes', 'urgent_requests', 'pickup_requests'];

describe('a visitor (no session)', () => {
  it('sees no tracking record and cannot change one', async () => {
    const list = await call(stack.url, '/api/collections/tracking/records');
    expect(list.body.items ?? []).toEqual([]);
    expect((await call(stack.url, `/api/collections/tracking/records/${seededId}`)).status).toBe(
      404,
    );
    // Writes are closed to every account, so the answer is the same whether the record exists.
    for (const [method, path, body] of [
      ['PATCH', `/api/collections/tracking/records/${seededId}`, { stages: [] }],
      ['DELETE', `/api/collections/tracking/records/${seededId}`, undefined],
      ['POST', '/api/collections/tracking/records', { number: '555' }],
    ] as const) {
      expect((await call(stack.url, path, { method, body })).status, `${method} ${path}`).toBe(403);
    }
    const after = await stack.admin(`/api/collections/tracking/records/${seededId}`);
    expect(after.stages).toEqual(['1', '2', '3']);
  });

  it('may create quotes and urgent requests but read none back', async () => {
    const q = await call(stack.url, '/api/collections/quotes/records', {
      method: 'POST',
      body: quotePayload(),
    });
    expect(q.status).toBe(200);
    const u = await call(stack.url, '/api/collections/urgent_requests/records', {
      method: 'POST',
      body: urgentPayload(),
    });
    expect(u.status).toBe(200);
    for (const name of SUBMISSIONS) {
      const list = await call(stack.url, `/api/collections/${name}/records`);
      expect(list.body.items ?? []).toEqual([]);
    }
    expect((await call(stack.url, `/api/collections/quotes/records/${q.body.id}`)).status).toBe(
      404,
    );
  });

  it('cannot create a pickup request', async () => {
    const res = await call(stack.url, '/api/collections/pickup_requests/records', {
      method: 'POST',
      body: pickupPayload(),
    });
    expect(res.status).toBe(403);
    const stored = await stack.admin('/api/collections/pickup_requests/records');
    expect(stored.totalItems).toBe(0);
  });
});

describe("the corporate client's account", () => {
  it('creates pickup requests and reads only those it made', async () => {
    const res = await call(stack.url, '/api/collections/pickup_requests/records', {
      method: 'POST',
      body: pickupPayload(),
      token: clientToken,
    });
    expect(res.status).toBe(200);
    expect(res.body.number).toBe(1035);
    for (const name of [...SUBMISSIONS, 'tracking']) {
      const list = await call(stack.url, `/api/collections/${name}/records`, {
        token: clientToken,
      });
      const items = (list.body.items ?? []) as { id: string }[];
      // 'Minhas solicitações': its own pickup requests, nothing of anyone else.
      expect(items.map((i) => i.id)).toEqual(name === 'pickup_requests' ? [res.body.id] : []);
    }
    expect(
      (
        await call(stack.url, `/api/collections/pickup_requests/records/${res.body.id}`, {
          token: clientToken,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(stack.url, `/api/collections/tracking/records/${seededId}`, {
          token: clientToken,
        })
      ).status,
    ).toBe(404);
  });
});

describe('courier staff', () => {
  it('read tracking records and every submission, and change tracking only through their route', async () => {
    const changed = await call(stack.url, '/api/equipe/rastreios', {
      method: 'POST',
      token: staffToken,
      body: {
        op: 'register',
        record: 'equipe000004455',
        number: '00000445550',
        at: new Date().toISOString(),
      },
    });
    expect(changed.status).toBe(200);
    const list = await call(stack.url, '/api/collections/tracking/records?sort=-created', {
      token: staffToken,
    });
    expect(list.body.items[0].number).toBe('00000445550');
    for (const name of SUBMISSIONS) {
      const subs = await call(stack.url, `/api/collections/${name}/records`, { token: staffToken });
      expect(subs.body.totalItems).toBeGreaterThan(0);
    }
    for (const [method, path, body] of [
      ['POST', '/api/collections/tracking/records', { number: '4456' }],
      ['PATCH', '/api/collections/tracking/records/equipe000004455', { stages: ['1'] }],
      ['DELETE', '/api/collections/tracking/records/equipe000004455', undefined],
    ] as const) {
      const direct = await call(stack.url, path, { method, body, token: staffToken });
      expect(direct.status, `${method} ${path}`).toBe(403);
    }
    expect((await stack.admin('/api/collections/tracking/records/equipe000004455')).stages).toEqual(
      [],
    );
  });
});

describe('realtime on tracking', () => {
  it('reaches a staff subscriber and not an anonymous one', async () => {
    const staff = new PocketBase(stack.url);
    staff.autoCancellation(false);
    await staff.collection('staff').authWithPassword(STAFF.email, STAFF.password);
    const anonymous = new PocketBase(stack.url);
    const staffEvents: string[] = [];
    const anonEvents: string[] = [];
    await staff
      .collection('tracking')
      .subscribe('*', (e) => staffEvents.push(`${e.action}:${e.record.number}`));
    await anonymous
      .collection('tracking')
      .subscribe('*', (e) => anonEvents.push(`${e.action}:${e.record.number}`));

    for (const number of ['00077700066', '00077700147']) {
      await staff.send('/api/equipe/rastreios', {
        method: 'POST',
        body: {
          op: 'register',
          record: `aovivo000${number}`,
          number,
          at: new Date().toISOString(),
        },
      });
    }
    // Events go out in order: once staff heard of the second, the first has reached everyone.
    await expect.poll(() => staffEvents, { timeout: 5000 }).toContain('create:00077700147');
    expect(staffEvents).toContain('create:00077700066');
    expect(anonEvents).toEqual([]);

    await staff.collection('tracking').unsubscribe();
    await anonymous.collection('tracking').unsubscribe();
    staff.realtime.unsubscribe();
    anonymous.realtime.unsubscribe();
  });
});

describe('rate limits', () => {
  it('slow down repeated wrong passwords', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await call(stack.url, '/api/collections/clients/auth-with-password', {
        method: 'POST',
        body: { identity: CLIENT.email, password: `errada-${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses[0]).toBe(400);
    expect(statuses).toContain(429);
  });
});
