/**
 * The rows the staff screen shows, read from the device. The screen opens on its unfiltered list;
 * that list is read (and kept current) as soon as the screen's code is loaded, so a tap on 'Área da
 * equipe' draws the screen and its first stops in one go instead of drawing an empty screen, then
 * reading the device, then drawing again.
 */
import { liveQuery } from 'dexie';
import { db, type StaffTrackingRow } from '../../../lib/db';
import { signedInAsDriver } from '../shipments/drivers';

/** Rows drawn at once; the rest come with 'Mostrar mais' (thousands of numbers stay smooth). */
export const SHOWN = 100;

export interface KeptList {
  rows: StaffTrackingRow[];
  /** How many rows match in all (more than `rows` when the list is cut at `limit`). */
  total: number;
}

/**
 * Only the rows on screen are read, so a change on another phone re-reads a hundred rows, not ten
 * thousand. A driver's list is its route, all of it and in its own order: read in one go.
 */
export async function readKeptList(
  needle: string,
  limit: number,
  driver: boolean,
): Promise<KeptList> {
  if (driver) {
    const rows = await db.staffTracking.toArray();
    return { rows, total: rows.length };
  }
  const newest = db.staffTracking.orderBy('created').reverse();
  const rows = await (needle ? newest.filter((r) => r.number.includes(needle)) : newest)
    .limit(limit)
    .toArray();
  const total = needle
    ? (await db.staffTracking.orderBy('number').keys()).filter((k) => String(k).includes(needle))
        .length
    : await db.staffTracking.count();
  return { rows, total };
}

let opening: { driver: boolean; list: KeptList } | undefined;
let following = false;

/** Start reading the list the screen opens on, and keep it current from then on. */
export function prepareOpening(): void {
  if (following) return;
  following = true;
  liveQuery(() => {
    const driver = signedInAsDriver();
    return readKeptList('', SHOWN, driver).then((list) => ({ driver, list }));
  }).subscribe({
    next: (value) => (opening = value),
    error: () => (opening = undefined),
  });
}

/** The list the screen opens on, when it has been read already for this kind of account. */
export function openingList(driver: boolean): KeptList | undefined {
  return opening?.driver === driver ? opening.list : undefined;
}
