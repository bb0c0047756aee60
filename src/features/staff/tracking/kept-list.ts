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
}

/**
 * The whole list kept on the device: a driver's route is read in one go, and so is the office's
 * (its day's counts, filters and sort run over every shipment, in memory: ten thousand rows are
 * read in a fraction of a second, and filtering them in memory is faster than any index walk).
 */
export async function readKeptList(): Promise<KeptList> {
  return { rows: await db.staffTracking.toArray() };
}

let opening: { driver: boolean; list: KeptList } | undefined;
let following = false;

/** Start reading the list the screen opens on, and keep it current from then on. */
export function prepareOpening(): void {
  if (following) return;
  following = true;
  liveQuery(() => {
    const driver = signedInAsDriver();
    return readKeptList().then((list) => ({ driver, list }));
  }).subscribe({
    next: (value) => (opening = value),
    error: () => (opening = undefined),
  });
}

/** The list the screen opens on, when it has been read already for this kind of account. */
export function openingList(driver: boolean): KeptList | undefined {
  return opening?.driver === driver ? opening.list : undefined;
}
