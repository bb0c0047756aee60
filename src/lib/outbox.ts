/**
 * The outbox: every submission is written to IndexedDB first, then sent by this one engine —
 * right after enqueue, on `online`, at app start, on a backoff timer, and from the service
 * worker's Background Sync. The same client-made id is re-sent on every retry, so the server
 * never stores a submission twice. Runs in pages and in the service worker alike.
 */
import { SUBMISSION_KINDS } from '../domain/submissions';
import { trackingRowOf, type TrackingChange } from '../domain/tracking-changes';
import { db, keepNewerRow, type OutboxItem, type OutboxKind } from './db';
import { keepStorage } from './storage';
import { ClientResponseError, fieldMessages, visitorApi } from './pocketbase';

/** How each kind is named to a person (submissions: from the domain's catalogue of kinds). */
export const kindLabel = (kind: OutboxKind) =>
  kind === 'tracking'
    ? 'Mudança de rastreio'
    : kind === 'follow'
      ? 'Pedido de aviso por e-mail'
      : SUBMISSION_KINDS[kind].label;

/** Where staff phones send their tracking changes (pb_hooks/lib/tracking.js). */
const TRACKING_CHANGES_PATH = '/api/equipe/rastreios';

/** Where 'Avise-me' requests go (pb_hooks/lib/follows.js). */
const FOLLOWS_PATH = '/api/avisos';

/** What a tracking change waits with on the device: the change, and the delivery photo if any. */
export interface TrackingPayload {
  change: TrackingChange;
  photo?: Blob;
}

const LEASE_MS = 30_000;
const PARALLEL_SENDS = 4;
const MAX_DELAY_MS = 5 * 60_000;
const KEEP_SENT_MS = 24 * 60 * 60_000;
export const SYNC_TAG = 'outbox';
/**
 * Kinds sent one at a time in the order they were made: pickup requests (their numbers follow
 * that order) and staff's tracking changes (a stage change never arrives before its number).
 */
const ORDERED = new Set<OutboxKind>(['pickup', 'tracking']);

/** 15 characters of [a-z0-9], the id format PocketBase accepts from clients. */
export function newRecordId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

function retryDelay(attempts: number): number {
  return Math.min(MAX_DELAY_MS, 2000 * 2 ** Math.max(0, attempts - 1));
}

export async function enqueue(
  kind: OutboxKind,
  payload: Record<string, unknown>,
  token?: string,
): Promise<OutboxItem> {
  const item: OutboxItem = {
    id: newRecordId(),
    kind,
    payload,
    token,
    createdAt: Date.now(),
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
    lastError: '',
  };
  await db.outbox.add(item);
  return item;
}

/** Take an item for sending, unless another tab (or the worker) holds it. IndexedDB transactions are serial across tabs. */
async function claim(id: string): Promise<OutboxItem | null> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(id);
    const now = Date.now();
    if (!item || item.needsAuth) return null;
    const free =
      item.state === 'pending' || (item.state === 'sending' && (item.leaseUntil ?? 0) < now);
    if (!free || item.nextAttemptAt > now) return null;
    await db.outbox.update(id, { state: 'sending', leaseUntil: now + LEASE_MS });
    return { ...item, state: 'sending' as const };
  });
}

function messageOf(error: unknown): string {
  if (error instanceof ClientResponseError) {
    if (error.status === 0) return 'Sem conexão com o servidor.';
    return error.response?.message || error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Mark an item delivered, with what the server answered. */
function delivered(item: OutboxItem, result: Record<string, unknown>) {
  return db.outbox.update(item.id, {
    state: 'sent',
    sentAt: Date.now(),
    result,
    lastError: '',
    fieldErrors: undefined,
    leaseUntil: undefined,
  });
}

/**
 * 'Avise-me': the server answers the same for every number and sends the confirmation e-mail;
 * asking again for the same number and address is harmless, so a retry needs no id.
 */
async function sendFollow(item: OutboxItem, headers: Record<string, string>) {
  const answer = (await visitorApi.send(FOLLOWS_PATH, {
    method: 'POST',
    body: item.payload,
    headers,
    requestKey: null,
  })) as { message?: string };
  await delivered(item, { message: answer.message ?? '' });
}

/** A visitor's submission: created under the id made on the device. */
async function sendSubmission(item: OutboxItem, headers: Record<string, string>) {
  const kind = item.kind as keyof typeof SUBMISSION_KINDS;
  const answer = await visitorApi
    .collection(SUBMISSION_KINDS[kind].collection)
    .create({ ...item.payload, id: item.id }, { headers, requestKey: null });
  await delivered(item, { id: answer.id, number: answer.number });
}

/**
 * A staff phone's tracking change (with its photo as a form upload). What the server answers goes
 * onto the device's list in the same transaction that marks the item sent, so the row never
 * flickers back; a number the server already had under another id takes the later changes along.
 */
async function sendTrackingChange(item: OutboxItem, headers: Record<string, string>) {
  const { change, photo } = item.payload as unknown as TrackingPayload;
  let body: FormData | Record<string, unknown> = { ...change };
  if (photo) {
    const form = new FormData();
    for (const [key, value] of Object.entries(change)) {
      if (value !== undefined) form.set(key, String(value));
    }
    form.set('photo', photo, 'entrega.jpg');
    body = form;
  }
  const answer = (await visitorApi.send(TRACKING_CHANGES_PATH, {
    method: 'POST',
    body,
    headers,
    requestKey: null,
  })) as { record?: Record<string, unknown>; deleted?: string; merged?: boolean; message?: string };
  await db.transaction('rw', db.outbox, db.staffTracking, async () => {
    if (answer.record) await keepNewerRow(trackingRowOf(answer.record));
    if (answer.deleted) await db.staffTracking.delete(answer.deleted);
    const serverId = answer.record ? String(answer.record.id) : change.record;
    if (serverId !== change.record) {
      // Registered on another phone first: this phone's later changes go to that record.
      await db.outbox
        .where('kind')
        .equals('tracking')
        .and(
          (i) =>
            i.state !== 'sent' &&
            (i.payload as { change?: TrackingChange }).change?.record === change.record,
        )
        .modify((i) => {
          (i.payload as unknown as TrackingPayload).change.record = serverId;
        });
    }
    await db.outbox.update(item.id, {
      state: 'sent',
      sentAt: Date.now(),
      // The photo has reached the server: the device lets it go.
      payload: { change },
      result: { id: serverId, merged: answer.merged ? 1 : 0, message: answer.message ?? '' },
      lastError: '',
      fieldErrors: undefined,
      leaseUntil: undefined,
      // The person hears of a merge even when the change went at once.
      ...(answer.merged ? { notice: 1 as const } : {}),
    });
  });
}

/** Send one claimed item and record the outcome. */
async function send(item: OutboxItem): Promise<void> {
  const headers: Record<string, string> = {};
  if (item.token) headers.Authorization = item.token;
  try {
    if (item.kind === 'tracking') await sendTrackingChange(item, headers);
    else if (item.kind === 'follow') await sendFollow(item, headers);
    else await sendSubmission(item, headers);
  } catch (error) {
    const status = error instanceof ClientResponseError ? error.status : 0;
    const data = (error instanceof ClientResponseError ? error.response?.data : undefined) as
      Record<string, { code?: string; message?: string }> | undefined;
    if (status === 400 && data?.id?.code === 'validation_not_unique') {
      // The same id reached the server twice at once (another tab or the worker, racing past the
      // lease): the server answers a plain retry with its receipt, and only such a race ends here.
      // Either way the submission is stored.
      await db.outbox.update(item.id, { state: 'sent', sentAt: Date.now(), leaseUntil: undefined });
    } else if (status === 429 && item.kind === 'follow') {
      // Too many notices asked from this address or connection: it waits an hour and goes again,
      // with the server's words on the item meanwhile.
      await db.outbox.update(item.id, {
        state: 'pending',
        attempts: item.attempts + 1,
        nextAttemptAt: Date.now() + 60 * 60_000,
        lastError: messageOf(error),
        leaseUntil: undefined,
      });
    } else if (status === 400 || (status === 404 && item.kind === 'tracking')) {
      // Refused, or (404) a change to a number deleted meanwhile: kept with the server's words.
      const fieldErrors = fieldMessages(error);
      await db.outbox.update(item.id, {
        state: 'failed',
        lastError: messageOf(error),
        fieldErrors,
        leaseUntil: undefined,
      });
    } else if (status === 401 || status === 403) {
      await db.outbox.update(item.id, {
        state: 'pending',
        needsAuth: true,
        lastError: messageOf(error),
        leaseUntil: undefined,
      });
    } else {
      const attempts = item.attempts + 1;
      await db.outbox.update(item.id, {
        state: 'pending',
        attempts,
        nextAttemptAt: Date.now() + retryDelay(attempts),
        lastError: messageOf(error),
        leaseUntil: undefined,
      });
    }
  }
}

let running: Promise<void> | null = null;

/** Send every due item, oldest first. Concurrent calls in one context share one pass. */
export function syncNow(): Promise<void> {
  if (!running) {
    running = (async () => {
      try {
        await db.outbox
          .where('state')
          .equals('sent')
          .and((i) => (i.sentAt ?? 0) < Date.now() - KEEP_SENT_MS)
          .delete();
        for (;;) {
          const now = Date.now();
          const isDue = (i: OutboxItem) =>
            !i.needsAuth &&
            i.nextAttemptAt <= now &&
            (i.state === 'pending' || (i.leaseUntil ?? 0) < now);
          // In an ordered lane nothing overtakes an item that is still waiting.
          const laneHeld = new Set<OutboxKind>();
          const due = (
            await db.outbox
              .where('[state+createdAt]')
              .between(['pending', 0], ['pending', Infinity])
              .or('state')
              .equals('sending')
              .sortBy('createdAt')
          ).filter((i) => {
            if (laneHeld.has(i.kind)) return false;
            if (isDue(i)) return true;
            if (ORDERED.has(i.kind)) laneHeld.add(i.kind);
            return false;
          });
          if (due.length === 0) break;
          // A few at once, taken oldest first: a slow link (or a slow mail server behind the API)
          // no longer makes the queue wait item by item. Pickup requests keep their order in one lane
          // so request numbers follow the order they were made in; staff's tracking changes in
          // another, so they reach the server in the order they were made.
          let next = 0;
          let connectionLost = false;
          const lanes: Partial<Record<OutboxKind, Promise<void>>> = {};
          const worker = async () => {
            while (!connectionLost && next < due.length) {
              const item = due[next++]!;
              const go = async () => {
                const claimed = await claim(item.id);
                if (!claimed) return; // another tab or the worker holds it
                await send(claimed);
                const after = await db.outbox.get(claimed.id);
                if (after && after.state === 'pending' && !after.needsAuth) connectionLost = true;
              };
              if (ORDERED.has(item.kind)) {
                const kind = item.kind;
                const lane = (lanes[kind] ?? Promise.resolve()).then(async () => {
                  if (laneHeld.has(kind)) return;
                  await go();
                  const after = await db.outbox.get(item.id);
                  if (after && after.state !== 'sent' && after.state !== 'failed')
                    laneHeld.add(kind);
                });
                lanes[item.kind] = lane;
                await lane;
              } else {
                await go();
              }
            }
          };
          await Promise.all(Array.from({ length: PARALLEL_SENDS }, worker));
          // No connection: the rest wait for the backoff timer, the `online` event or Background Sync.
          if (connectionLost) break;
        }
      } finally {
        running = null;
      }
    })();
  }
  return running;
}

/** The earliest time a waiting item is due, for the page's backoff timer. */
export async function nextDueAt(): Promise<number | null> {
  const waiting = await db.outbox.where('state').anyOf('pending', 'sending').toArray();
  const times = waiting
    .filter((i) => !i.needsAuth)
    .map((i) => Math.max(i.nextAttemptAt, i.leaseUntil ?? 0));
  return times.length ? Math.min(...times) : null;
}

/** Ask the service worker to sync when the connection returns, where the browser supports it. */
export async function requestBackgroundSync(): Promise<void> {
  try {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const reg = (await navigator.serviceWorker.getRegistration()) as
      | (ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } })
      | undefined;
    await reg?.sync?.register(SYNC_TAG);
  } catch {
    // Background Sync is a bonus; the page's own triggers still send everything.
  }
}

/** The account a session token belongs to (PocketBase tokens are JWTs with the record id). */
function accountOf(token: string | undefined): string {
  try {
    const part = (token ?? '').split('.')[1] ?? '';
    return String(JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))).id ?? '');
  } catch {
    return '';
  }
}

/**
 * A new sign-in: items that waited for one get the new session and go. With `account`, only the
 * items made under that account: a driver's changes never go out under a colleague's name.
 */
export async function resumeAfterSignIn(kind: OutboxKind, token: string, account?: string) {
  await db.outbox
    .where('kind')
    .equals(kind)
    .and((i) => i.state !== 'sent' && (!account || accountOf(i.token) === account))
    .modify({ token, needsAuth: false, nextAttemptAt: 0 });
  void syncNow();
}

export async function retryItem(id: string) {
  await db.outbox.update(id, {
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: '',
    fieldErrors: undefined,
  });
  void syncNow();
}

export function discardItem(id: string) {
  return db.outbox.delete(id);
}

export type SubmitOutcome =
  | { status: 'sent'; item: OutboxItem }
  | { status: 'queued'; item: OutboxItem }
  | { status: 'failed'; item: OutboxItem }
  | { status: 'needs-auth'; item: OutboxItem };

/** Wait while another tab or the worker holds the item, so the person hears the real outcome. */
async function settled(id: string, timeoutMs = 15_000): Promise<OutboxItem | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const item = await db.outbox.get(id);
    const busy =
      item?.state === 'sending' ||
      (item?.state === 'pending' && item.attempts === 0 && !item.needsAuth);
    if (!busy || Date.now() > deadline) return item;
    await syncNow();
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const OUTBOX_WAITING_EVENT = 'outbox-waiting';

/** Something waits to be sent: wake the page's timer and, where there is one, Background Sync. */
function announceWaiting() {
  void requestBackgroundSync();
  // Something now lives only on this device: ask the browser not to evict it.
  void keepStorage();
  globalThis.dispatchEvent?.(new Event(OUTBOX_WAITING_EVENT));
}

/**
 * What every form calls: store on the device first, then try to send right away. `replaces` is an
 * item this one corrects (refused by the server earlier): it goes when the new one is stored.
 */
export async function submit(
  kind: OutboxKind,
  payload: Record<string, unknown>,
  token?: string,
  replaces?: string,
): Promise<SubmitOutcome> {
  const queued = await db.transaction('rw', db.outbox, async () => {
    const item = await enqueue(kind, payload, token);
    if (replaces) {
      const old = await db.outbox.get(replaces);
      if (old && old.state !== 'sending' && old.state !== 'sent') await db.outbox.delete(replaces);
    }
    return item;
  });
  if (typeof navigator !== 'undefined' && !navigator.onLine) {
    await db.outbox.update(queued.id, { notice: 1 });
    announceWaiting();
    return { status: 'queued', item: queued };
  }
  await syncNow();
  const item = (await settled(queued.id)) ?? queued;
  if (item.state === 'sent') return { status: 'sent', item };
  if (item.state === 'failed') return { status: 'failed', item };
  await db.outbox.update(item.id, { notice: 1 });
  announceWaiting();
  if (item.needsAuth) return { status: 'needs-auth', item };
  return { status: 'queued', item };
}

/** Items that waited and have now reached the server, each handed out once across tabs. */
export async function takeDeliveredNotices(): Promise<OutboxItem[]> {
  return db.transaction('rw', db.outbox, async () => {
    const items = await db.outbox
      .where('notice')
      .equals(1)
      .and((i) => i.state === 'sent')
      .toArray();
    await Promise.all(items.map((i) => db.outbox.update(i.id, { notice: undefined })));
    return items;
  });
}
