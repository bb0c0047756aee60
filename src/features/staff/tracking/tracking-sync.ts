/**
 * The staff's tracking list on the device: downloaded once in pages, then kept current with only
 * what changed since the last sync (by the server's `updated`), deletions (tombstones) included,
 * and with realtime events applied one record at a time. The screen reads it from IndexedDB, so it
 * opens and stays usable with no signal.
 */
import type { RecordModel } from 'pocketbase';
import { db, keepNewerRows } from '../../../lib/db';
import { staffApi } from '../../../lib/pocketbase';
import { keepStorage } from '../../../lib/storage';
import { trackingRowOf, type TrackingRow } from '../../../domain';

const PAGE = 500;
/**
 * The whole list downloads as two halves at once, split by id (ids are 15 random characters of
 * a-z0-9, so about half fall below 'i'): the server builds a page of records at some 0.2 ms a
 * record, so two cores do it in about 60% of the time one takes, and a phone on a slow link waits
 * for half the round trips one after another.
 */
const HALVES = ['id < "i"', 'id >= "i"'];
/** Tombstones are kept 90 days on the server: a device away longer downloads everything again. */
const FULL_AFTER_MS = 80 * 24 * 60 * 60 * 1000;

/**
 * Every record of a list matching `filter`, oldest change first. Each page asks for what comes
 * after the last record of the one before (its `updated`, then its id), not for "page n": a
 * record changed during the download moves to the end of the list and is read again there,
 * where counting pages would shift the rest by one and skip a record at a page's edge. (It is
 * also half the server's work of a page far into the list.)
 */
async function allPages(collection: string, filter: string): Promise<RecordModel[]> {
  const out: RecordModel[] = [];
  for (;;) {
    const last = out[out.length - 1];
    const after = last
      ? staffApi.filter('(updated > {:updated} || (updated = {:updated} && id > {:id}))', {
          updated: last.updated,
          id: last.id,
        })
      : '';
    const res = await staffApi.collection(collection).getList(1, PAGE, {
      sort: 'updated,id',
      filter: [filter, after]
        .filter(Boolean)
        .map((f) => `(${f})`)
        .join(' && '),
      skipTotal: true,
      requestKey: null,
    });
    out.push(...res.items);
    // The server's page size, should it allow fewer than asked.
    if (res.items.length < res.perPage) return out;
  }
}

const newest = (rows: { updated: string }[], since: string) =>
  rows.reduce((max, r) => (r.updated > max ? r.updated : max), since);

/** The sync under way, if any: the next one starts after it (see `syncTracking`). */
let underWay: Promise<unknown> = Promise.resolve();

/**
 * Bring the device's list up to date; throws what the server answered when it cannot. One sync at
 * a time: two at once (the screen opened twice, a reconnection) both downloaded the whole list
 * when none was kept yet, and the later one's older download wiped rows that arrived meanwhile.
 */
export function syncTracking(): Promise<void> {
  const next = underWay.then(timedSync, timedSync);
  underWay = next.catch(() => undefined);
  return next;
}

async function timedSync(): Promise<void> {
  // Timed for the bench (`npm run bench -- staff`): 'rv:staff-sync' in the page's performance log.
  const started = performance.now();
  const applied = await applySync();
  performance.measure('rv:staff-sync', { start: started, detail: applied });
}

/**
 * Where the next sync starts after a whole download: the older of the two halves' newest changes.
 * A half read to its end earlier misses the changes made in it after its last page, and those are
 * dated after that page's newest; the other half may read on and end on a later change, so its
 * newest would skip them. (Each half comes oldest change first: its newest is its last.) A half
 * that came back empty was read again once the other was done: what is made in it later is newer
 * than anything the other read.
 */
function downloadCursor(halves: RecordModel[][]): string {
  const ends = halves.flatMap((half) =>
    half.length ? [String(half[half.length - 1]!.updated)] : [],
  );
  return ends.sort()[0] ?? '';
}

/** The whole list, in place of what the device kept; how many rows it holds. */
async function downloadAll(): Promise<number> {
  // What realtime brings while the list downloads is newer than the download: it is applied
  // again over it (clearing the old list took it away).
  const arrived = new Map<string, TrackingRow | null>();
  arrivals = arrived;
  try {
    const halves = await Promise.all(HALVES.map((half) => allPages('tracking', half)));
    // A half that came back empty is asked again once both are in, so that it too has been
    // read after anything the other half read (see `downloadCursor`).
    for (let i = 0; i < halves.length; i++) {
      if (!halves[i]!.length) halves[i] = await allPages('tracking', HALVES[i]!);
    }
    const all = halves.flat().map((r) => trackingRowOf(r));
    const cursor = downloadCursor(halves);
    await db.transaction('rw', db.staffTracking, db.staffSync, async () => {
      await db.staffTracking.clear();
      await db.staffTracking.bulkPut(all);
      await keepNewerRows(arrived);
      await db.staffSync.put({ key: 'tracking', cursor, syncedAt: Date.now() });
    });
    // The list is what a driver works from with no signal: ask the browser not to evict it.
    void keepStorage();
    return all.length;
  } finally {
    arrivals = null;
  }
}

async function applySync(): Promise<{ full: boolean; changed: number }> {
  const state = await db.staffSync.get('tracking');
  const since = state?.cursor ?? '';
  if (!since || Date.now() - state!.syncedAt > FULL_AFTER_MS) {
    return { full: true, changed: await downloadAll() };
  }
  const filter = staffApi.filter('updated >= {:since}', { since });
  const changed = (await allPages('tracking', filter)).map((r) => trackingRowOf(r));
  const deleted = await allPages('tracking_deletions', filter);
  await db.transaction('rw', db.staffTracking, db.staffSync, async () => {
    // A realtime event applied meanwhile may be newer than what this page of changes says.
    await keepNewerRows(new Map(changed.map((r) => [r.id, r])));
    await db.staffTracking.bulkDelete(deleted.map((d) => String(d.record)));
    const cursor = newest([...changed, ...deleted.map((d) => ({ updated: d.updated }))], since);
    await db.staffSync.put({ key: 'tracking', cursor, syncedAt: Date.now() });
  });
  return { full: false, changed: changed.length + deleted.length };
}

/** Realtime changes seen while the whole list downloads (null: none downloading). */
let arrivals: Map<string, TrackingRow | null> | null = null;

/** Realtime arrivals not written yet: the latest of each record (null: deleted). */
let burst = new Map<string, TrackingRow | null>();
let burstWritten: Promise<void> | undefined;
/** How long arrivals gather before they are written together. */
const BURST_MS = 100;

/**
 * A record sent through realtime goes onto the device (unless the device has a newer one) with
 * the others that arrive within 100 ms, in one write. A batch of a hundred changes (this device's
 * own queue reaching the server, or another phone's) arrives as a hundred events; written one by
 * one, each made the office's screen read and draw its ten thousand shipments again, and a slow
 * phone spent seconds on that while its next batch waited to be sent.
 */
export function keepTracking(record: RecordModel): Promise<void> {
  const row = trackingRowOf(record);
  return gather(row.id, row);
}

export function forgetTracking(id: string): Promise<void> {
  return gather(id, null);
}

function gather(id: string, row: TrackingRow | null): Promise<void> {
  arrivals?.set(id, row);
  burst.set(id, row);
  burstWritten ??= new Promise<void>((resolve) => setTimeout(resolve, BURST_MS)).then(writeBurst);
  return burstWritten;
}

/** Signing out: what arrived for the account leaving is not written after its list is erased. */
export function dropArrivals(): void {
  burst = new Map();
}

async function writeBurst(): Promise<void> {
  const rows = burst;
  burst = new Map();
  burstWritten = undefined;
  await keepNewerRows(rows);
}
