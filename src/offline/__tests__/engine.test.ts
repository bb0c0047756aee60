// The outbox engine alone, on an in-memory IndexedDB: kinds registered here stand in for the
// server's answers (the server's own part, one record per id, is tested against a real
// PocketBase in tests/server and tests/e2e/outbox.spec.ts).
import 'fake-indexeddb/auto';
import { ClientResponseError } from 'pocketbase';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem, OutboxKind } from '../../lib/db';

type Engine = typeof import('../engine');

/** What the stand-in server received: one entry per request, and the records it kept by id. */
interface Server {
  online: boolean;
  /** Answers to give, in turn, before answering normally (e.g. a 500, then fine). */
  answers: number[];
  requests: { kind: OutboxKind; id: string; token?: string }[];
  stored: Map<string, Record<string, unknown>>;
  /** A send that never finishes, as when the app is closed in the middle of it. */
  hang: boolean;
  /** The size of each batch request. */
  batches: number[];
  /** A photo's upload ends when this settles (a slow link). */
  photoUpload?: Promise<void>;
}

let engine: Engine;
let server: Server;

function refusal(status: number, data: Record<string, unknown> = {}) {
  return new ClientResponseError({
    status,
    response: { status, message: `Recusado (${status})`, data },
  });
}

/** A fresh page (or a page after a crash): new module state, the same IndexedDB. */
async function loadEngine(): Promise<Engine> {
  vi.resetModules();
  const fresh = await import('../engine');
  for (const kind of ['pickup', 'quote', 'tracking'] as const) {
    const send = async (item: OutboxItem, headers: Record<string, string>) => {
      server.requests.push({ kind, id: item.id, token: headers.Authorization });
      if (server.hang) return new Promise<never>(() => {});
      if (!server.online) throw refusal(0);
      const status = server.answers.shift();
      if (status) throw refusal(status, status === 400 ? { weight: { message: 'Peso?' } } : {});
      // As PocketBase does with a client-made id: a second create of it stores nothing new.
      if (!server.stored.has(item.id)) server.stored.set(item.id, item.payload);
      return { result: { id: item.id } };
    };
    fresh.registerKind({
      kind,
      label: kind,
      ordered: kind !== 'quote',
      send,
      // Tracking changes go several per request, each with its own answer; a server failure
      // leaves the rest of the batch unanswered.
      ...(kind === 'tracking'
        ? {
            batchSize: 50,
            sendBatch: async (batch: OutboxItem[], headers: Record<string, string>) => {
              server.batches.push(batch.length);
              if (!server.online) throw refusal(0);
              const outcomes = [];
              for (const item of batch) {
                try {
                  outcomes.push(await send(item, headers));
                } catch (error) {
                  outcomes.push({ error });
                  if ((error as ClientResponseError).status >= 500) break;
                }
              }
              return outcomes;
            },
          }
        : {}),
      // A kind whose server may ask for patience (as 'Avise-me' does with 429).
      ...(kind === 'quote'
        ? { refusal: (status: number) => (status === 429 ? { waitMs: 60_000 } : undefined) }
        : {}),
      delivered: () => null,
    });
  }
  // A photo: sent after every other waiting item, and only once the item it follows has gone.
  fresh.registerKind({
    kind: 'trackingPhoto',
    label: 'photo',
    background: true,
    ready: async (item) => {
      const { db } = await import('../../lib/db');
      const change = await db.outbox.get(String(item.payload.after));
      return !change || change.state === 'sent';
    },
    send: async (item: OutboxItem) => {
      server.requests.push({ kind: 'trackingPhoto', id: item.id });
      if (!server.online) throw refusal(0);
      await server.photoUpload;
      server.stored.set(item.id, item.payload);
      return { result: {} };
    },
    delivered: () => null,
  });
  return fresh;
}

/** A session token as PocketBase makes them: a JWT whose payload names the account. */
const tokenOf = (account: string) =>
  `h.${btoa(JSON.stringify({ id: account })).replace(/=+$/, '')}.s`;

async function items() {
  const { db } = await import('../../lib/db');
  return db.outbox.orderBy('createdAt').toArray();
}

beforeEach(async () => {
  server = {
    online: true,
    answers: [],
    requests: [],
    stored: new Map(),
    hang: false,
    batches: [],
  };
  engine = await loadEngine();
  const { db } = await import('../../lib/db');
  await db.outbox.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the outbox engine', () => {
  it('sends an ordered kind in the order it was made, and nothing overtakes a waiting item', async () => {
    // Made with no signal: kept on the device, nothing tried.
    vi.stubGlobal('navigator', { onLine: false });
    const made = [];
    for (const n of [1, 2, 3]) {
      const outcome = await engine.submit('pickup', { n });
      expect(outcome.status).toBe('queued');
      made.push(outcome.item.id);
    }
    expect(server.requests).toEqual([]);

    vi.stubGlobal('navigator', { onLine: true });
    server.answers = [500]; // the first one fails: the two behind it must wait
    await engine.syncNow();
    expect(server.requests.map((r) => r.id)).toEqual([made[0]]);
    expect(server.stored.size).toBe(0);

    const { db } = await import('../../lib/db');
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await engine.syncNow();
    expect([...server.stored.keys()]).toEqual(made);
    expect((await items()).map((i) => i.state)).toEqual(['sent', 'sent', 'sent']);
  });

  it('sends a photo after every change waiting, and never before the change it belongs to', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const first = await engine.submit('tracking', { n: 1 });
    await engine.submit('trackingPhoto', { after: first.item.id }, undefined, undefined, true);
    const second = await engine.submit('tracking', { n: 2 });
    await engine.submit('trackingPhoto', { after: second.item.id }, undefined, undefined, true);
    await engine.submit('tracking', { n: 3 });
    expect(server.requests).toEqual([]);

    vi.stubGlobal('navigator', { onLine: true });
    // The first change fails: neither photo may go, nor the changes behind it.
    server.answers = [500];
    await engine.syncNow();
    expect(server.requests.map((r) => r.kind)).toEqual(['tracking']);

    const { db } = await import('../../lib/db');
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    server.requests = [];
    await engine.syncNow();
    expect(server.requests.map((r) => r.kind)).toEqual([
      'tracking',
      'tracking',
      'tracking',
      'trackingPhoto',
      'trackingPhoto',
    ]);
    expect((await items()).every((i) => i.state === 'sent')).toBe(true);
  });

  it('holds photos while a change is on its way from another tab or the worker', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const first = await engine.submit('tracking', { n: 1 });
    await engine.submit('trackingPhoto', { after: first.item.id }, undefined, undefined, true);
    const second = await engine.submit('tracking', { n: 2 });
    const { db } = await import('../../lib/db');
    // The first change is on the server; the worker holds the second, on its way.
    await db.outbox.update(first.item.id, { state: 'sent', sentAt: Date.now() });
    await db.outbox.update(second.item.id, { state: 'sending', leaseUntil: Date.now() + 30_000 });

    vi.stubGlobal('navigator', { onLine: true });
    await engine.syncNow();
    expect(server.requests).toEqual([]);

    // The worker is done: the photo goes.
    await db.outbox.update(second.item.id, { state: 'sent', sentAt: Date.now() });
    await engine.syncNow();
    expect(server.requests.map((r) => r.kind)).toEqual(['trackingPhoto']);
  });

  it('puts a discarded change away with the photo that was to follow it, and nothing else', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const first = await engine.submit('tracking', { n: 1 });
    await engine.submit('trackingPhoto', { after: first.item.id }, undefined, undefined, true);
    const second = await engine.submit('tracking', { n: 2 });
    await engine.submit('trackingPhoto', { after: second.item.id }, undefined, undefined, true);
    await engine.discardItem(first.item.id);
    expect((await items()).map((i) => [i.kind, i.payload.n ?? i.payload.after])).toEqual([
      ['tracking', 2],
      ['trackingPhoto', second.item.id],
    ]);
  });

  it('waits for the real outcome while an earlier change is on its way from the worker', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const first = await engine.submit('tracking', { n: 1 });
    const { db } = await import('../../lib/db');
    await db.outbox.update(first.item.id, { state: 'sending', leaseUntil: Date.now() + 30_000 });
    vi.stubGlobal('navigator', { onLine: true });
    // The worker's request comes back a moment later.
    setTimeout(() => void db.outbox.update(first.item.id, { state: 'sent' }), 300);
    const second = await engine.submit('tracking', { n: 2 });
    expect(second.status).toBe('sent');
    expect(server.batches).toEqual([1]);
  });

  it('leaves a change on its way, and its photo, when asked to discard it', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const change = await engine.submit('tracking', { n: 1 });
    await engine.submit('trackingPhoto', { after: change.item.id }, undefined, undefined, true);
    const { db } = await import('../../lib/db');
    await db.outbox.update(change.item.id, { state: 'sending', leaseUntil: Date.now() + 30_000 });
    expect(await engine.discardItem(change.item.id)).toBe(false);
    expect(await items()).toHaveLength(2);
  });

  it('sends a change made during a round of photos after at most the photo on its way', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const sent = await engine.submit('tracking', { n: 1 });
    for (const n of [1, 2, 3]) {
      await engine.submit('trackingPhoto', { after: sent.item.id, n }, undefined, undefined, true);
    }
    const { db } = await import('../../lib/db');
    await db.outbox.update(sent.item.id, { state: 'sent', sentAt: Date.now() });
    vi.stubGlobal('navigator', { onLine: true });
    let uploaded = () => {};
    server.photoUpload = new Promise((resolve) => (uploaded = resolve));
    const pass = engine.syncNow();
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    const change = engine.submit('tracking', { n: 2 });
    uploaded();
    expect((await change).status).toBe('sent');
    await pass;
    await engine.syncNow();
    expect(server.requests.map((r) => r.kind)).toEqual([
      'trackingPhoto',
      'tracking',
      'trackingPhoto',
      'trackingPhoto',
    ]);
  });

  it('sends a queue of changes in batches, in order, each item with its own outcome', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const made = [];
    for (let n = 0; n < 120; n++) made.push((await engine.submit('tracking', { n })).item.id);
    vi.stubGlobal('navigator', { onLine: true });
    // The 60th change is refused; the 100th meets a server failure.
    server.answers = [...Array(59).fill(0), 400, ...Array(39).fill(0), 500];
    await engine.syncNow();
    expect(server.batches).toEqual([50, 50]);
    const states = (await items()).map((i) => i.state);
    expect(states.slice(0, 59).every((s) => s === 'sent')).toBe(true);
    expect(states[59]).toBe('failed');
    expect(states.slice(60, 99).every((s) => s === 'sent')).toBe(true);
    // The failed one waits for its backoff; those after it were not tried and keep their order.
    expect(states.slice(99).every((s) => s === 'pending')).toBe(true);
    expect((await items())[100]!.attempts).toBe(0);
    const { db } = await import('../../lib/db');
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await engine.syncNow();
    expect(server.batches).toEqual([50, 50, 21]);
    expect([...server.stored.keys()]).toEqual(made.filter((_, i) => i !== 59));
  });

  it('answers at once that a change is kept when an earlier one waits for its retry', async () => {
    // A signal the browser believes in, and no server behind it (a wifi with no internet).
    server.online = false;
    const first = await engine.submit('tracking', { n: 1 });
    expect(first.status).toBe('queued');
    const started = Date.now();
    const second = await engine.submit('tracking', { n: 2 });
    expect(second.status).toBe('queued');
    expect(Date.now() - started).toBeLessThan(5000);
    // The second was never tried: it waits, in order, behind the first (one request of one).
    expect(server.batches).toEqual([1]);
    expect((await items()).map((i) => [i.state, i.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
    ]);
  });

  it('tries again every few seconds while the server cannot be reached', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    server.online = false;
    const { item } = await engine.submit('quote', { n: 1 });
    const waits = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const [stored] = await items();
      expect(stored.attempts).toBe(attempt);
      waits.push(stored.nextAttemptAt - Date.now());
      await engine.syncNow(); // not due yet: nothing is sent
      vi.setSystemTime(stored.nextAttemptAt);
      await engine.syncNow();
    }
    expect(waits).toEqual([2000, 4000, 4000, 4000, 4000]);
    expect(server.requests.every((r) => r.id === item.id)).toBe(true);
    expect(server.requests).toHaveLength(6);

    server.online = true;
    vi.setSystemTime((await items())[0].nextAttemptAt);
    await engine.syncNow();
    expect((await items())[0].state).toBe('sent');
    expect(server.stored.size).toBe(1);
  });

  it('waits longer each time a server answers with an error', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    server.answers = [500, 500, 500, 500, 500];
    await engine.submit('quote', { n: 1 });
    const waits = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const [stored] = await items();
      waits.push(stored.nextAttemptAt - Date.now());
      vi.setSystemTime(stored.nextAttemptAt);
      await engine.syncNow();
    }
    expect(waits).toEqual([2000, 4000, 8000, 16_000, 32_000]);
    expect((await items())[0].state).toBe('sent');
  });

  it('sends what got no answer as soon as the signal is back, not at its next try', async () => {
    server.online = false;
    await engine.submit('quote', { n: 1 });
    server.online = true;
    server.answers = [503];
    await engine.submit('quote', { n: 2 });
    const [unanswered, refusedForNow] = await items();
    expect(unanswered.nextAttemptAt).toBeGreaterThan(Date.now());
    expect(refusedForNow.nextAttemptAt).toBeGreaterThan(Date.now());
    await engine.signalBack();
    await engine.syncNow();
    // The server that answered 503 asked for patience: that one keeps its wait.
    expect((await items()).map((i) => i.state)).toEqual(['sent', 'pending']);
  });

  it('keeps the wait a server asked for, even for an item that once got no answer', async () => {
    server.online = false;
    await engine.submit('quote', { n: 1 });
    server.online = true;
    server.answers = [429];
    engine.signalBack();
    await engine.syncNow();
    const [item] = await items();
    expect(item).toMatchObject({ state: 'pending', noAnswer: false });
    expect(item.nextAttemptAt - Date.now()).toBeGreaterThan(50_000);
    // Tried once offline and once to hear the 429: the signal's return does not make it go again.
    engine.signalBack();
    await engine.syncNow();
    expect(server.requests).toHaveLength(2);
  });

  it('keeps a refused item visible with the server words, and does not send it again by itself', async () => {
    server.answers = [400];
    const outcome = await engine.submit('quote', { weight: 'x' });
    expect(outcome.status).toBe('failed');
    const [stored] = await items();
    expect(stored).toMatchObject({
      state: 'failed',
      lastError: 'Recusado (400)',
      fieldErrors: { weight: 'Peso?' },
    });
    await engine.syncNow();
    expect(server.requests).toHaveLength(1);

    await engine.retryItem(stored.id); // the person asks for it
    await vi.waitFor(async () => expect((await items())[0].state).toBe('sent'));
    expect(server.stored.size).toBe(1);
  });

  it('sends an item again under the same id after the app closed in the middle of sending it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    server.hang = true;
    void engine.submit('quote', { n: 1 });
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    const [sending] = await items();
    expect(sending.state).toBe('sending');

    // The app is closed; opened again, another page leaves the item alone while its lease runs.
    server.hang = false;
    engine = await loadEngine();
    await engine.syncNow();
    expect(server.requests).toHaveLength(1);

    vi.setSystemTime(Date.now() + 31_000);
    await engine.syncNow();
    expect(server.requests.map((r) => r.id)).toEqual([sending.id, sending.id]);
    expect(server.stored.size).toBe(1);
    expect((await items())[0].state).toBe('sent');
  });

  it('stores many under the ids given, and leaves an id already on the device as it is', async () => {
    const ids = ['planilha0000001', 'planilha0000002'];
    const first = await engine.submitMany('pickup', [{ n: 1 }, { n: 2 }], undefined, ids);
    expect(first.map((o) => [o.status, o.item.id])).toEqual([
      ['sent', ids[0]],
      ['sent', ids[1]],
    ]);

    // The same rows again, with a third: only the third is stored and sent.
    const before = Date.now();
    const again = await engine.submitMany('pickup', [{ n: 1 }, { n: 2 }, { n: 3 }], undefined, [
      ...ids,
      'planilha0000003',
    ]);
    expect(again.map((o) => o.status)).toEqual(['sent', 'sent', 'sent']);
    expect(again.map((o) => o.item.createdAt < before)).toEqual([true, true, false]);
    expect(server.requests.map((r) => r.id)).toEqual([...ids, 'planilha0000003']);
    expect((await items()).map((i) => i.id)).toEqual([...ids, 'planilha0000003']);
  });

  it("never sends an account's items with another account's session", async () => {
    const driverA = tokenOf('motoristaaaaaaa');
    const driverB = tokenOf('motoristabbbbbb');
    server.answers = [401];
    await engine.submit('tracking', { stage: 1 }, driverA);
    expect((await items())[0].needsAuth).toBe(true);

    // Driver B signs in on the same phone: A's change waits for A.
    await engine.resumeAfterSignIn('tracking', driverB, 'motoristabbbbbb');
    await engine.syncNow();
    expect(server.requests.map((r) => r.token)).toEqual([driverA]);
    expect((await items())[0]).toMatchObject({ needsAuth: true, state: 'pending' });

    await engine.resumeAfterSignIn('tracking', tokenOf('motoristaaaaaaa'), 'motoristaaaaaaa');
    await vi.waitFor(async () => expect((await items())[0].state).toBe('sent'));
    expect(server.requests.map((r) => r.token)).toEqual([driverA, tokenOf('motoristaaaaaaa')]);
  });
});
