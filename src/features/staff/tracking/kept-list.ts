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
import { db, type StaffTrackingRow } from '../../../lib/db';
import { signedInAsDriver } from '../shipments/drivers';

/** Rows drawn at once; the rest come with 'Mostrar mais' (thousands of numbers stay smooth). */
export const SHOWN = 100;

export interface KeptList {
  rows: StaffTrackingRow[];
}

interface Kept {
  /** The account kind the list was read for (a driver's list holds only its own stops). */
  driver: boolean;
  byId: Map<string, StaffTrackingRow>;
  list: KeptList;
}

let kept: Kept | undefined;
let following = false;
const listeners = new Set<() => void>();
/** Rows written since the last read (undefined: read the whole table again). */
let touched: Set<string> | undefined = new Set();
let reading: Promise<void> | undefined;

const publish = (next: Kept) => {
  kept = next;
  for (const listener of listeners) listener();
};

async function readAll(): Promise<void> {
  const driver = signedInAsDriver();
  const rows = await db.staffTracking.toArray();
  publish({ driver, byId: new Map(rows.map((r) => [r.id, r])), list: { rows } });
}

async function readTouched(ids: string[]): Promise<void> {
  const before = kept;
  if (!before || before.driver !== signedInAsDriver()) return readAll();
  const found = await db.staffTracking.bulkGet(ids);
  const byId = new Map(before.byId);
  ids.forEach((id, i) => {
    const row = found[i];
    if (row) byId.set(id, row);
    else byId.delete(id);
  });
  publish({ driver: before.driver, byId, list: { rows: [...byId.values()] } });
}

/** Read what changed, one read at a time; changes made during a read are read right after it. */
function catchUp(): void {
  if (reading) return;
  const ids = touched;
  touched = new Set();
  reading = (ids === undefined || !kept ? readAll() : ids.size ? readTouched([...ids]) : undefined)
    ?.catch(() => (kept = undefined))
    .finally(() => {
      reading = undefined;
      if (touched === undefined || touched.size) catchUp();
    });
}

/** The part of a database change naming the table's written keys ('' is the primary key). */
const PART = `idb://${db.name}/staffTracking/`;

function onMutated(parts: Record<string, IntervalTree>): void {
  const part = parts[PART];
  if (!part) return;
  // Single keys for rows written or deleted; a range (the table cleared) is read again whole.
  for (const range of RangeSet(part)) {
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
