/**
 * 'Meus rastreios': the numbers this device looked up, with their last-known state. The lookup page
 * asks for one number; the app also refreshes the remembered ones when it opens, comes back to the
 * foreground or back online, and marks those that changed since the person last saw them.
 */
import { API_PATHS } from '../config/api-paths';
import { DELIVERED_STAGE, normalizeStages, sameProgress } from '../domain/stages';
import { db, type DocumentShipment, type TrackingLookup } from './db';
import { ClientResponseError, visitorApi } from './pocketbase';

export type LookupOutcome =
  | { status: 'found'; lookup: TrackingLookup }
  | { status: 'not-found'; lookup: TrackingLookup }
  | { status: 'offline' }
  | { status: 'error' };

/** Ask the server for one exact number (nothing stored). */
async function fetchLookup(number: string): Promise<LookupOutcome> {
  if (!navigator.onLine) return { status: 'offline' };
  try {
    const answer = await visitorApi.send<{
      number: string;
      stages: number[];
      stageTimes: Record<string, string>;
      deliveredTo?: string;
      promisedDate?: string;
      destination?: string;
      attempts?: { at: string; reason: string }[];
      returnedAt?: string;
      registeredAt?: string;
      requestedAt?: string;
      shipments?: DocumentShipment[];
      byDocument?: boolean;
    }>(API_PATHS.lookup(number), { method: 'GET', requestKey: null });
    const lookup: TrackingLookup = {
      number,
      found: true,
      stages: normalizeStages(answer.stages),
      stageTimes: answer.stageTimes ?? {},
      ...(answer.deliveredTo ? { deliveredTo: answer.deliveredTo } : {}),
      ...(answer.promisedDate ? { promisedDate: answer.promisedDate } : {}),
      ...(answer.destination ? { destination: answer.destination } : {}),
      ...(answer.attempts?.length ? { attempts: answer.attempts } : {}),
      ...(answer.returnedAt ? { returnedAt: answer.returnedAt } : {}),
      ...(answer.registeredAt ? { registeredAt: answer.registeredAt } : {}),
      ...(answer.requestedAt ? { requestedAt: answer.requestedAt } : {}),
      ...(answer.shipments?.length ? { shipments: answer.shipments } : {}),
      ...(answer.byDocument ? { byDocument: true } : {}),
      fetchedAt: Date.now(),
    };
    return { status: 'found', lookup };
  } catch (error) {
    if (error instanceof ClientResponseError && error.status === 404) {
      const lookup: TrackingLookup = {
        number,
        found: false,
        stages: [],
        stageTimes: {},
        fetchedAt: Date.now(),
      };
      return { status: 'not-found', lookup };
    }
    if (error instanceof ClientResponseError && error.status === 0) return { status: 'offline' };
    return { status: 'error' };
  }
}

/** Ask the server for one number the person is looking at, and remember the answer as seen. */
export async function lookUpTracking(number: string): Promise<LookupOutcome> {
  const outcome = await fetchLookup(number);
  if ('lookup' in outcome) {
    await db.lookups.put(outcome.lookup);
    void showChangedCount();
  }
  return outcome;
}

/** The last answer this device kept for a number, if any. */
export function knownLookup(number: string) {
  return db.lookups.get(number);
}

export function forgetLookup(number: string) {
  return db.lookups.delete(number).then(showChangedCount);
}

/** The person has looked at this number's state: it no longer counts as changed. */
export async function markSeen(number: string) {
  await db.lookups.update(number, { changedAt: undefined });
  await showChangedCount();
}

/** At most this many per round (the lookup is rate-limited per connection). */
const REFRESH_AT_MOST = 10;

/**
 * Refresh the remembered numbers that can still change (not delivered), oldest answer first; a
 * number whose stages moved is marked with the time the change was found.
 */
async function refreshLookups(): Promise<number> {
  const due = (await db.lookups.orderBy('fetchedAt').toArray())
    .filter((l) => !l.stages.includes(DELIVERED_STAGE))
    .slice(0, REFRESH_AT_MOST);
  let changed = 0;
  for (const before of due) {
    const outcome = await fetchLookup(before.number);
    if (!('lookup' in outcome)) break; // offline or failing: try at the next occasion
    const fresh = outcome.lookup;
    // Compared with what the device has now: the person may have looked at it meanwhile.
    const moved = await db.transaction('rw', db.lookups, async () => {
      const known = await db.lookups.get(before.number);
      if (!known) return false; // forgotten meanwhile: stays forgotten
      const differs = !sameProgress(known, fresh);
      const changedAt = differs ? Date.now() : known.changedAt;
      await db.lookups.put({ ...fresh, ...(changedAt ? { changedAt } : {}) });
      return differs;
    });
    if (moved) changed++;
  }
  await showChangedCount();
  return changed;
}

/** On the installed app's icon, how many remembered numbers changed (where the system supports it). */
async function showChangedCount() {
  const nav = navigator as Navigator & {
    setAppBadge?: (n: number) => Promise<void>;
    clearAppBadge?: () => Promise<void>;
  };
  if (!nav.setAppBadge) return;
  const count = await db.lookups.filter((l) => Boolean(l.changedAt)).count();
  try {
    await (count ? nav.setAppBadge(count) : nav.clearAppBadge?.());
  } catch {
    // Not allowed here (a plain tab): the list still shows the marks.
  }
}

let started = false;

/** When the app opens, comes back to the foreground, or the connection returns. */
export function startLookupRefresh() {
  if (started) return;
  started = true;
  // One round at a time, and switching apps back and forth asks at most every 15 seconds.
  let round: Promise<unknown> | null = null;
  let last = 0;
  const run = () => {
    if (round || !navigator.onLine || document.visibilityState !== 'visible') return;
    if (Date.now() - last < 15_000) return;
    last = Date.now();
    round = refreshLookups().finally(() => (round = null));
  };
  run();
  window.addEventListener('online', run);
  document.addEventListener('visibilitychange', run);
}
