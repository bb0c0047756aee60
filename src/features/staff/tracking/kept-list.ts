/**
 * The rows the staff screens show, read from the device once and then kept current in memory.
 *
 * The office reads its whole list (ten thousand shipments): its day's counts, filters and sort run
 * over every row, in memory, faster than any index walk. Reading the whole table again on every
 * change (as a live query does) cost a few hundred milliseconds of a slow phone per realtime event
 * and copied every row each time; here a change reads only the rows it touched (the keys the
 * database says were written, in this tab, another tab or the service worker), and every row not
 * touched keeps its object, so a screen draws again only the lines that changed.
 *
 * The list is read as soon as the screens' code is loaded, so a tap on 'Área da equipe' draws the
 * screen and its first stops in one go instead of an empty screen, then the rows.
 */
import Dexie, { RangeSet, type IntervalTree } from 'dexie';
import { useSyncExternalStore } from 'react';
import type { TrackingChange, TrackingRow } from '../../../domain';
import { db } from '../../../lib/db';
import type { TrackingPayload } from '../../../offline';
import { signedInAsDriver } from '../shipments/drivers';

/** Rows drawn at once; the rest come with 'Mostrar mais' (thousands of numbers stay smooth). */
export const SHOWN = 100;

export interface KeptList {
  rows: TrackingRow[];
  /**
   * This device's changes not on the server yet, oldest first: what the screens show over the
   * rows. Read with them, in one transaction: a change the server answered leaves this list in
   * the same read that brings its row (read apart, the screen drew the row as it was before the
   * change for a moment: a route back in its old order under a finger about to tap a stop).
   */
  waiting: TrackingChange[];
}

interface Kept {
  /** The account kind the list was read for (a driver's list holds only its own stops). */
  driver: boolean;
  byId: Map<string, TrackingRow>;
  list: KeptList;
}

let kept: Kept | undefined;
let following = false;
const listeners = new Set<() => void>();
/** Rows written since the last read (undefined: read the whole table again). */
let touched: Set<string> | undefined = new Set();
/** The outbox was written since the last read. */
let outboxTouched = false;
let reading: Promise<void> | undefined;

const publish = (next: Kept) => {
  kept = next;
  for (const listener of listeners) listener();
};

/** This device's changes not on the server yet, oldest first: what screens show over the list. */
export async function waitingChanges(): Promise<TrackingChange[]> {
  // By state, not by kind: sent changes stay in the outbox for a day, and an office's day is
  // thousands of them, read again on every change of the outbox while a queue drains.
  return (
    await db.outbox
      .where('state')
      .anyOf('pending', 'sending')
      .and((i) => i.kind === 'tracking')
      .sortBy('createdAt')
  ).map((i) => (i.payload as unknown as TrackingPayload).change);
}

/** The whole table, or the rows written (undefined: the whole table); the waiting changes when asked. */
async function read(ids: string[] | undefined, withWaiting: boolean): Promise<void> {
  const driver = signedInAsDriver();
  const before = ids && kept?.driver === driver ? kept : undefined;
  const [found, waiting] = await db.transaction('r', db.staffTracking, db.outbox, () =>
    Promise.all([
      before ? db.staffTracking.bulkGet(ids!) : db.staffTracking.toArray(),
      withWaiting || !before ? waitingChanges() : before.list.waiting,
    ]),
  );
  if (!before) {
    const rows = found as TrackingRow[];
    publish({ driver, byId: new Map(rows.map((r) => [r.id, r])), list: { rows, waiting } });
    return;
  }
  // The outbox is written for more than the changes shown (a send begun, a photo, a pickup):
  // when neither the rows nor the changes over them changed, the screens draw nothing again.
  const sameWaiting =
    waiting === before.list.waiting ||
    JSON.stringify(waiting) === JSON.stringify(before.list.waiting);
  if (!ids!.length && sameWaiting) return;
  // Only the rows written are new objects; an unchanged list keeps its array.
  let byId = before.byId;
  let rows = before.list.rows;
  if (ids!.length) {
    byId = new Map(byId);
    ids!.forEach((id, i) => {
      const row = found[i];
      if (row) byId.set(id, row);
      else byId.delete(id);
    });
    rows = [...byId.values()];
  }
  publish({ driver, byId, list: { rows, waiting: sameWaiting ? before.list.waiting : waiting } });
}

/** Read what changed, one read at a time; changes made during a read are read right after it. */
function catchUp(): void {
  if (reading) return;
  const ids = touched;
  const withWaiting = outboxTouched;
  touched = new Set();
  outboxTouched = false;
  const whole = ids === undefined || !kept;
  reading = (
    whole || ids.size || withWaiting ? read(whole ? undefined : [...ids], withWaiting) : undefined
  )
    ?.catch(() => (kept = undefined))
    .finally(() => {
      reading = undefined;
      if (touched === undefined || touched.size || outboxTouched) catchUp();
    });
}

/** The parts of a database change naming a table's written keys ('' is the primary key). */
const PART = `idb://${db.name}/staffTracking/`;
const OUTBOX_PART = `idb://${db.name}/outbox/`;

function onMutated(parts: Record<string, IntervalTree>): void {
  const part = parts[PART];
  const outbox = Boolean(parts[OUTBOX_PART]);
  if (!part && !outbox) return;
  outboxTouched ||= outbox;
  // Single keys for rows written or deleted; a range (the table cleared) is read again whole.
  for (const range of part ? RangeSet(part) : []) {
    if (touched && typeof range.from === 'string' && range.from === range.to)
      touched.add(range.from);
    else touched = undefined;
  }
  catchUp();
}

/** Start reading the list the screens open on, and keep it current from then on. */
export function prepareOpening(): void {
  if (following) return;
  following = true;
  Dexie.on('storagemutated', onMutated);
  touched = undefined;
  catchUp();
}

/** The list the screen opens on, when it has been read already for this kind of account. */
export function openingList(driver: boolean): KeptList | undefined {
  return kept?.driver === driver ? kept.list : undefined;
}

function subscribe(listener: () => void): () => void {
  prepareOpening();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Be told each time the kept list is read or changes (a screen warming what it derives). */
export function followKeptList(listener: () => void): () => void {
  return subscribe(listener);
}

/**
 * The kept list for a screen of this kind of account, current with every change; undefined until
 * it has been read. A new array only when a row changed, and the same object for each row that
 * did not.
 */
export function useKeptList(driver: boolean): KeptList | undefined {
  return useSyncExternalStore(subscribe, () => openingList(driver));
}

/** This device's waiting changes as last read with the list; undefined until it has been read. */
export function useKeptWaiting(): TrackingChange[] | undefined {
  return useSyncExternalStore(subscribe, () => kept?.list.waiting);
}
