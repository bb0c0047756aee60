/**
 * The outbox engine: every submission is written to IndexedDB first, then sent by this one
 * engine — right after it is stored, on `online`, at app start, on a backoff timer, and from the
 * service worker's Background Sync. The same client-made id is re-sent on every retry, so the
 * server never stores a submission twice. It runs in pages and in the service worker alike.
 *
 * The engine knows no kind of submission: each kind registers how it is sent and what a refusal
 * means for it (`registerKind`, see ./kinds). What the engine decides for every kind:
 * - order: kinds marked `ordered` go one at a time in the order they were made, and nothing of
 *   that kind overtakes an item still waiting; other kinds go a few at a time, oldest first;
 * - a 400 marks the item failed and keeps it, with the server's words, until the person corrects,
 *   retries or discards it; a 401/403 keeps it until the next sign-in of the same account;
 * - anything else (no connection, a server error) is retried with a doubling delay;
 * - a lease in IndexedDB keeps two tabs (or a tab and the worker) from sending one item at once,
 *   and a lease left by a closed tab runs out, so the item is sent again under the same id.
 */
import type { Table } from 'dexie';
import { db, type OutboxItem, type OutboxKind } from '../lib/db';
import { keepStorage } from '../lib/storage';
import {
  deliveredFields,
  failureOf,
  holds,
  type BatchOutcome,
  type Delivery,
  type KindDefinition,
  type Sent,
} from './outcomes';

export type { OutboxItem, OutboxKind };
export type { BatchOutcome, Delivery, KindDefinition, Notice, Refusal } from './outcomes';

const kinds = new Map<OutboxKind, KindDefinition>();

export function registerKind(definition: KindDefinition) {
  // A kind that sends in batches says how many the server takes in one request.
  if (definition.sendBatch && !(definition.batchSize && definition.batchSize > 1)) {
    throw new Error(`Outbox kind '${definition.kind}' sends in batches but has no batchSize.`);
  }
  kinds.set(definition.kind, definition);
}

function definitionOf(kind: OutboxKind): KindDefinition {
  const definition = kinds.get(kind);
  if (!definition) throw new Error(`No outbox kind '${kind}' is registered.`);
  return definition;
}

export const kindLabel = (kind: OutboxKind) => definitionOf(kind).label;

/** What the item is about, in a line ('' for kinds that do not say). */
export const itemSummary = (item: OutboxItem) => definitionOf(item.kind).summary?.(item) ?? '';

/** The message for an item that waited on the device and has now reached the server. */
export const deliveredNotice = (item: OutboxItem) => definitionOf(item.kind).delivered(item);

const LEASE_MS = 30_000;
const PARALLEL_SENDS = 4;
const KEEP_SENT_MS = 24 * 60 * 60_000;
export const SYNC_TAG = 'outbox';
export const OUTBOX_WAITING_EVENT = 'outbox-waiting';

/** 15 characters of [a-z0-9], the id format PocketBase accepts from clients. */
export function newRecordId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.getRandomValues(new Uint8Array(15));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Store an item (inside the caller's transaction). Its `createdAt` is later than every item's
 * before it, even one made in the same millisecond (in this tab or another): the order things
 * were made in is the order they go, and equal times would be ordered by their random ids.
 */
async function enqueue(
  kind: OutboxKind,
  payload: Record<string, unknown>,
  token?: string,
): Promise<OutboxItem> {
  const [item] = await enqueueAll(kind, [payload], token);
  return item!;
}

/**
 * Store many items at once (inside the caller's transaction), in the order given: one read of the
 * latest time and one write for all, where an item at a time read and wrote two hundred times.
 * `ids`, when given, are the items' ids (one per payload) in place of new random ones.
 */
async function enqueueAll(
  kind: OutboxKind,
  payloads: Record<string, unknown>[],
  token?: string,
  ids?: readonly string[],
): Promise<OutboxItem[]> {
  const last = await db.outbox.orderBy('createdAt').last();
  let at = Math.max(Date.now(), (last?.createdAt ?? 0) + 1);
  const items = payloads.map((payload, i): OutboxItem => ({
    id: ids?.[i] ?? newRecordId(),
    kind,
    payload,
    token,
    createdAt: at++,
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
    lastError: '',
  }));
  await db.outbox.bulkAdd(items);
  if (!kinds.get(kind)?.background) changeMade = true;
  return items;
}

/**
 * Take a job's items for sending, in order, up to the first one another tab (or the worker) holds:
 * the rest must not overtake it. One transaction for the job (IndexedDB transactions are serial
 * across tabs), so the screens that follow the outbox are told once, not once per item.
 */
async function claim(ids: string[], back: boolean): Promise<OutboxItem[]> {
  return db.transaction('rw', db.outbox, async () => {
    const found = await db.outbox.bulkGet(ids);
    const now = Date.now();
    const claimed: OutboxItem[] = [];
    for (const item of found) {
      if (!item || item.needsAuth) break;
      const free =
        item.state === 'pending' || (item.state === 'sending' && (item.leaseUntil ?? 0) < now);
      // Due, or waiting only for an answer it never got while the signal is back.
      if (!free || (item.nextAttemptAt > now && !(back && item.noAnswer))) break;
      claimed.push({ ...item, state: 'sending', leaseUntil: now + LEASE_MS });
    }
    await db.outbox.bulkPut(claimed);
    return claimed;
  });
}

/** Record an item the server stored (inside the caller's transaction). */
async function markDelivered(item: OutboxItem, delivery: Delivery) {
  await db.transaction('rw', [db.outbox, ...(delivery.tables ?? [])], async () => {
    await delivery.alongside?.();
    await db.outbox.update(item.id, deliveredFields(delivery));
  });
}

function headersOf(item: OutboxItem): Record<string, string> {
  return item.token ? { Authorization: item.token } : {};
}

/** Send one claimed item and record the outcome on it. */
async function send(item: OutboxItem): Promise<Sent> {
  const definition = definitionOf(item.kind);
  try {
    await markDelivered(item, await definition.send(item, headersOf(item)));
    return { lost: false, held: false };
  } catch (error) {
    const { changes, lost } = failureOf(item, definition, error);
    await db.outbox.update(item.id, changes);
    return { lost, held: holds(changes) };
  }
}

/**
 * Send claimed items of one kind and one session together (the kind's `sendBatch`) and record
 * each one's outcome; those the server left unanswered wait, untried, for the next pass. What the
 * lane does next is known from the outcomes: no read of the items again (on a busy phone each
 * read waited behind the screen's work, and the next batch with it).
 */
async function sendMany(items: OutboxItem[]): Promise<Sent> {
  const definition = definitionOf(items[0]!.kind);
  let outcomes: BatchOutcome[];
  try {
    outcomes = await definition.sendBatch!(items, headersOf(items[0]!));
  } catch (error) {
    // The whole request failed (no connection, the session ended): each item as alone.
    const failures = items.map((item) => failureOf(item, definition, error));
    await db.outbox.bulkUpdate(
      items.map((item, i) => ({ key: item.id, changes: failures[i]!.changes })),
    );
    return {
      lost: failures.some((f) => f.lost),
      held: failures.some((f) => holds(f.changes)),
    };
  }
  // Every outcome in one transaction, in order (a delivery may move later items along).
  const tables = new Set<Table>([db.outbox]);
  for (const outcome of outcomes) {
    if (outcome && !('error' in outcome)) for (const t of outcome.tables ?? []) tables.add(t);
  }
  return db.transaction('rw', [...tables], async () => {
    let lost = false;
    const delivered: Delivery[] = [];
    const updates: { key: string; changes: Partial<OutboxItem> }[] = [];
    for (const [i, item] of items.entries()) {
      const outcome = outcomes[i];
      if (!outcome) {
        updates.push({ key: item.id, changes: { state: 'pending', leaseUntil: undefined } });
        lost = true;
      } else if ('error' in outcome) {
        const failure = failureOf(item, definition, outcome.error);
        updates.push({ key: item.id, changes: failure.changes });
        lost ||= failure.lost;
      } else {
        delivered.push(outcome);
        updates.push({ key: item.id, changes: deliveredFields(outcome) });
      }
    }
    // What the deliveries write alongside, in order (or all at once, where the kind can), then
    // every item's new state in one write: item by item, a batch of a hundred held these tables
    // for a second on a slow phone, and the next batch waited for it.
    if (definition.alongsideMany) {
      if (delivered.length) await definition.alongsideMany(delivered);
    } else for (const delivery of delivered) await delivery.alongside?.();
    await db.outbox.bulkUpdate(updates);
    return { lost, held: updates.some((u) => holds(u.changes)) };
  });
}

let running: Promise<void> | null = null;
/** A change (not a photo) was stored in this context since the current round began. */
let changeMade = false;
/** The signal came back and no pass has begun since (see `signalBack`). */
let signalReturned = false;

/** Send every due item, oldest first. Concurrent calls in one context share one pass. */
export function syncNow(): Promise<void> {
  if (!running) {
    running = (async () => {
      try {
        // Whether this pass sends at once what got no answer (the signal came back before or
        // during it).
        let back = false;
        for (;;) {
          const now = Date.now();
          if (signalReturned) back = true;
          signalReturned = false;
          const isDue = (i: OutboxItem) =>
            !i.needsAuth &&
            (i.nextAttemptAt <= now || (back && Boolean(i.noAnswer))) &&
            (i.state === 'pending' || (i.leaseUntil ?? 0) < now);
          const ordered = (kind: OutboxKind) => kinds.get(kind)?.ordered === true;
          // In an ordered lane nothing overtakes an item that is still waiting.
          const laneHeld = new Set<OutboxKind>();
          const background = (i: OutboxItem) => (kinds.get(i.kind)?.background ? 1 : 0);
          const unsent = await db.outbox
            .where('[state+createdAt]')
            .between(['pending', 0], ['pending', Infinity])
            .or('state')
            .equals('sending')
            .sortBy('createdAt');
          const waiting = unsent.filter((i) => {
            if (laneHeld.has(i.kind)) return false;
            if (isDue(i)) return true;
            if (ordered(i.kind)) laneHeld.add(i.kind);
            return false;
          });
          const due: OutboxItem[] = [];
          for (const i of waiting) {
            const ready = kinds.get(i.kind)?.ready;
            if (!ready || (await ready(i))) due.push(i);
          }
          // Background kinds (photos) go in a round of their own, once no other item is due here
          // or on its way from another tab or the worker: on a weak signal a change never
          // shares the link with a photo.
          const othersGoing =
            due.some((i) => !background(i)) ||
            unsent.some(
              (i) => !background(i) && i.state === 'sending' && (i.leaseUntil ?? 0) >= now,
            );
          const round = othersGoing ? due.filter((i) => !background(i)) : due;
          if (round.length === 0) break;
          // A round of photos goes one at a time (a weak link is not split four ways, and a
          // lease does not run out mid-upload) and ends early when a change is made here: the
          // change goes next, after at most the photo on its way.
          const photoRound = !othersGoing;
          changeMade = false;
          // Items of a kind that sends in batches go together: consecutive ones of one session.
          const jobs: OutboxItem[][] = [];
          const open = new Map<string, OutboxItem[]>();
          for (const item of round) {
            if (!kinds.get(item.kind)?.sendBatch) {
              jobs.push([item]);
              continue;
            }
            const key = `${item.kind} ${item.token ?? ''}`;
            const group = open.get(key);
            if (group && group.length < (kinds.get(item.kind)?.batchSize ?? 1)) {
              group.push(item);
            } else {
              const fresh = [item];
              open.set(key, fresh);
              jobs.push(fresh);
            }
          }
          // A few at once, oldest first: a slow link (or a slow server) does not make the queue wait
          // item by item. Each ordered kind has a lane of its own, one job at a time.
          let next = 0;
          let connectionLost = false;
          let claimedAny = false;
          const lanes: Partial<Record<OutboxKind, Promise<void>>> = {};
          const worker = async () => {
            while (!connectionLost && !(photoRound && changeMade) && next < jobs.length) {
              const job = jobs[next++]!;
              const kind = job[0]!.kind;
              const go = async () => {
                const claimed = await claim(
                  job.map((i) => i.id),
                  back,
                );
                // Taken meanwhile by another tab or the worker: its lane waits for them.
                if (claimed.length === 0) return true;
                claimedAny = true;
                const { lost, held } = kinds.get(kind)?.sendBatch
                  ? await sendMany(claimed)
                  : await send(claimed[0]!);
                if (lost) connectionLost = true;
                // Part of the job not claimed (taken, or not due) waits too.
                return held || claimed.length < job.length;
              };
              if (ordered(kind)) {
                const lane = (lanes[kind] ?? Promise.resolve()).then(async () => {
                  if (laneHeld.has(kind)) return;
                  if (await go()) laneHeld.add(kind);
                });
                lanes[kind] = lane;
                await lane;
              } else {
                await go();
              }
            }
          };
          await Promise.all(Array.from({ length: photoRound ? 1 : PARALLEL_SENDS }, worker));
          // No connection: the rest wait for the backoff timer, the `online` event or Background Sync.
          // Nothing claimed: another tab or the worker took the round (asking again would spin),
          // unless a change was made here meanwhile (it goes in the next round).
          if (connectionLost || (!claimedAny && !changeMade)) break;
        }
        // Sent items are kept a day (the person sees what went); after the sending, not before
        // it: the signal's return is no moment to make the queue wait for housekeeping.
        await db.outbox
          .where('state')
          .equals('sent')
          .and((i) => (i.sentAt ?? 0) < Date.now() - KEEP_SENT_MS)
          .delete();
      } finally {
        running = null;
      }
    })();
  }
  return running;
}

/**
 * The signal is back (the `online` event, the server reached again as realtime does when it
 * reconnects, Background Sync): what waits only because its last try got no answer is due in the
 * next pass (or the one under way). Said in memory, not written on each item: on a busy phone
 * that write held the queue for a second or two just as the signal returned. (Left unsent, such
 * an item's own next try is at most a few seconds away.)
 */
export function signalBack(): void {
  signalReturned = true;
}

/** Something on the page reached the server after a lost connection (see `signalBack`). */
export const OUTBOX_SIGNAL_EVENT = 'outbox-signal';

/** The earliest time a waiting item is due, for the page's backoff timer. */
export async function nextDueAt(): Promise<number | null> {
  const waiting = await db.outbox.where('state').anyOf('pending', 'sending').toArray();
  const times = waiting
    .filter((i) => !i.needsAuth)
    .map((i) => Math.max(signalReturned && i.noAnswer ? 0 : i.nextAttemptAt, i.leaseUntil ?? 0));
  return times.length ? Math.min(...times) : null;
}

/** Ask the service worker to sync when the connection returns, where the browser supports it. */
async function requestBackgroundSync(): Promise<void> {
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
export function accountOf(token: string | undefined): string {
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

/**
 * Put an item away for good, with the items that were to follow it (a photo waiting for its
 * change names it in `payload.after`): they could never go without it.
 */
export function discardItem(id: string): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(id);
    // Claimed meanwhile by this tab, another or the worker: it is on its way, and so are the
    // photos that follow it (false: nothing was put away).
    if (item?.state === 'sending' && (item.leaseUntil ?? 0) > Date.now()) return false;
    if (item?.state !== 'sent') {
      await db.outbox.filter((i) => i.payload?.after === id && i.state !== 'sent').delete();
    }
    await db.outbox.delete(id);
    return true;
  });
}

export type SubmitOutcome =
  | { status: 'sent'; item: OutboxItem }
  | { status: 'queued'; item: OutboxItem }
  | { status: 'failed'; item: OutboxItem }
  | { status: 'needs-auth'; item: OutboxItem };

/** An earlier item of the same kind on its way from another tab or the worker, right now. */
async function sentElsewhere(item: OutboxItem): Promise<boolean> {
  const now = Date.now();
  const earlier = await db.outbox
    .where('kind')
    .equals(item.kind)
    .filter(
      (i) => i.state === 'sending' && (i.leaseUntil ?? 0) > now && i.createdAt < item.createdAt,
    )
    .count();
  return earlier > 0;
}

/**
 * Wait while another tab or the worker holds the item, or an earlier one of its kind, so the
 * person hears the real outcome. An item a pass of its own left untried for another reason
 * waits behind an earlier one due later (no signal the browser knows of): it is queued, and that
 * is said at once, not after the timeout (each tap of a driver on a dead wifi waited 15 s).
 */
async function settled(id: string, timeoutMs = 15_000): Promise<OutboxItem | undefined> {
  const deadline = Date.now() + timeoutMs;
  // The pass the caller awaited may have begun before the item was stored: one more is its own.
  let ownPasses = 0;
  for (;;) {
    const item = await db.outbox.get(id);
    if (!item || Date.now() > deadline) return item;
    const untried = item.state === 'pending' && item.attempts === 0 && !item.needsAuth;
    const elsewhere = untried && ownPasses >= 1 && (await sentElsewhere(item));
    const busy = item.state === 'sending' || (untried && ownPasses < 1) || elsewhere;
    if (!busy) return item;
    if (untried) ownPasses++;
    await syncNow();
    if (item.state === 'sending' || elsewhere) await new Promise((r) => setTimeout(r, 100));
    // Once the other context is done, the item gets a pass of its own again.
    if (elsewhere) ownPasses = 0;
  }
}

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
 * `background`: answer once it is stored, without waiting for the send (a photo).
 */
export async function submit(
  kind: OutboxKind,
  payload: Record<string, unknown>,
  token?: string,
  replaces?: string,
  background = false,
): Promise<SubmitOutcome> {
  definitionOf(kind); // an unknown kind fails here, before anything is stored
  const queued = await db.transaction('rw', db.outbox, async () => {
    const item = await enqueue(kind, payload, token);
    if (replaces) {
      const old = await db.outbox.get(replaces);
      if (old && old.state !== 'sending' && old.state !== 'sent') await db.outbox.delete(replaces);
    }
    return item;
  });
  if (background) {
    announceWaiting();
    if (typeof navigator === 'undefined' || navigator.onLine) void syncNow();
    return { status: 'queued', item: queued };
  }
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

/**
 * An action on many (the office assigning two hundred shipments): every item stored in one
 * transaction, so the device keeps all or none, then sent as the kind's batches in one pass. The
 * answer is per item, in the order given; with no signal, all are queued at once (no wait).
 *
 * `ids` (one per payload) are the items' ids when the caller derives them from what is sent (a
 * spreadsheet's rows): an id already on the device is not stored again, and its answer is that
 * item as it stands (made earlier: its `createdAt` is older than this call).
 */
export async function submitMany(
  kind: OutboxKind,
  payloads: Record<string, unknown>[],
  token?: string,
  ids?: readonly string[],
): Promise<SubmitOutcome[]> {
  definitionOf(kind);
  if (!payloads.length) return [];
  const stored = await db.transaction('rw', db.outbox, async () => {
    if (!ids) return enqueueAll(kind, payloads, token);
    const known = await db.outbox.bulkGet([...ids]);
    const fresh = payloads.flatMap((payload, i) => (known[i] ? [] : [{ payload, id: ids[i]! }]));
    const made = await enqueueAll(
      kind,
      fresh.map((f) => f.payload),
      token,
      fresh.map((f) => f.id),
    );
    const byId = new Map(made.map((item) => [item.id, item]));
    return ids.map((id, i) => known[i] ?? byId.get(id)!);
  });
  const queued = stored.filter((item) => item.state !== 'sent');
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  if (!offline && queued.length) {
    await syncNow();
    // The kind goes in order: once the last item is settled, so are the ones before it.
    await settled(queued[queued.length - 1]!.id);
  }
  const items = await db.outbox.bulkGet(stored.map((i) => i.id));
  const outcomes = items.map((found, i): SubmitOutcome => {
    // Gone: sent and tidied away already.
    const item = found ?? { ...stored[i]!, state: 'sent' };
    if (item.state === 'sent') return { status: 'sent', item };
    if (item.state === 'failed') return { status: 'failed', item };
    return { status: item.needsAuth ? 'needs-auth' : 'queued', item };
  });
  if (outcomes.some((o) => o.status === 'queued' || o.status === 'needs-auth')) announceWaiting();
  return outcomes;
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
