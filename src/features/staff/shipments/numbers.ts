/**
 * Shipment numbers this office account reserved on the server, kept on the device: a shipment made
 * with no signal takes its final number (and prints its label) at once. Asked as soon as an office
 * account is signed in online, and again whenever the device comes back online or the app comes
 * back to the screen (useReservedNumbers); the server answers the account's unused numbers topped
 * up to a block.
 */
import { useEffect } from 'react';
import { API_PATHS } from '../../../config/api-paths';
import { db } from '../../../lib/db';
import { staffApi } from '../../../lib/pocketbase';
import type { ShipmentChange } from '../../../domain';
import type { TrackingPayload } from '../../../offline';
import { refreshDrivers } from './drivers';

const account = () => staffApi.authStore.record?.id ?? '';

/** Numbers given to shipments made on this device, whether or not they reached the server. */
async function numbersInOutbox(): Promise<Set<string>> {
  const items = await db.outbox.where('kind').equals('tracking').toArray();
  return new Set(
    items
      .map((i) => (i.payload as unknown as TrackingPayload).change)
      .filter((c): c is ShipmentChange => c.op === 'shipment')
      .map((c) => c.number),
  );
}

/**
 * Ask the server for this account's reserved numbers and keep them (errors are the caller's).
 * The answer may cross a shipment on its way (the server listed its number just before it
 * arrived): the device's own record decides, in one transaction over both tables, so a number
 * taken here is never handed out again.
 */
export async function refreshReservedNumbers(): Promise<number> {
  const mine = account();
  if (!mine) return 0;
  const { numbers } = await staffApi.send<{ numbers: string[] }>(API_PATHS.shipmentNumbers, {
    method: 'POST',
    requestKey: null,
  });
  return db.transaction('rw', db.reservedNumbers, db.outbox, async () => {
    const used = await numbersInOutbox();
    const kept = await db.reservedNumbers.where('account').equals(mine).toArray();
    const taken = new Set(kept.filter((r) => r.takenAt).map((r) => r.number));
    const listed = new Set(numbers);
    // Those the server no longer reserves for this account (used, or dropped) go.
    await db.reservedNumbers.bulkDelete(
      kept.filter((r) => !listed.has(r.number)).map((r) => r.number),
    );
    const fresh = numbers
      .filter((n) => !taken.has(n) && !used.has(n))
      .map((number) => ({ number, account: mine }));
    await db.reservedNumbers.bulkPut(fresh);
    return fresh.length;
  });
}

/**
 * Take one reserved number for a new shipment, or '' when the device has none left: the shipment
 * then waits with a provisional number and the server gives it one on arrival.
 */
export function takeReservedNumber(): Promise<string> {
  return db.transaction('rw', db.reservedNumbers, async () => {
    const next = await db.reservedNumbers
      .where('account')
      .equals(account())
      .filter((r) => !r.takenAt)
      .first();
    if (!next) return '';
    await db.reservedNumbers.update(next.number, { takenAt: Date.now() });
    return next.number;
  });
}

/** How many numbers this device still holds for the signed-in account. */
export const reservedLeft = () =>
  db.reservedNumbers
    .where('account')
    .equals(account())
    .filter((r) => !r.takenAt)
    .count();

/**
 * Keeps an office account's numbers (and the drivers' list) on the device while any staff screen
 * is open: at once, when the signal returns, and when the app is looked at again. Someone who
 * signs in and then loses the signal makes shipments with their final numbers, not provisional
 * ones, without having opened 'Nova remessa' first.
 */
export function useReservedNumbers(office: boolean): void {
  useEffect(() => {
    if (!office) return;
    const refresh = () => {
      if (!navigator.onLine) return;
      refreshReservedNumbers().catch(() => undefined);
      void refreshDrivers();
    };
    const visible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    refresh();
    window.addEventListener('online', refresh);
    document.addEventListener('visibilitychange', visible);
    return () => {
      window.removeEventListener('online', refresh);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [office]);
}
