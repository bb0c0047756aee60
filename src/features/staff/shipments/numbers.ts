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

/** Numbers already given to shipments made on this device that have not reached the server. */
async function numbersWaiting(): Promise<Set<string>> {
  const waiting = await db.outbox
    .where('kind')
    .equals('tracking')
    .filter((i) => i.state !== 'sent')
    .toArray();
  return new Set(
    waiting
      .map((i) => (i.payload as unknown as TrackingPayload).change)
      .filter((c): c is ShipmentChange => c.op === 'shipment')
      .map((c) => c.number),
  );
}

/** Ask the server for this account's reserved numbers and keep them (errors are the caller's). */
export async function refreshReservedNumbers(): Promise<number> {
  const mine = account();
  if (!mine) return 0;
  const { numbers } = await staffApi.send<{ numbers: string[] }>(API_PATHS.shipmentNumbers, {
    method: 'POST',
    requestKey: null,
  });
  const used = await numbersWaiting();
  const fresh = numbers.filter((n) => !used.has(n)).map((number) => ({ number, account: mine }));
  await db.transaction('rw', db.reservedNumbers, async () => {
    await db.reservedNumbers.where('account').equals(mine).delete();
    await db.reservedNumbers.bulkPut(fresh);
  });
  return fresh.length;
}

/**
 * Take one reserved number for a new shipment, or '' when the device has none left: the shipment
 * then waits with a provisional number and the server gives it one on arrival.
 */
export function takeReservedNumber(): Promise<string> {
  return db.transaction('rw', db.reservedNumbers, async () => {
    const next = await db.reservedNumbers.where('account').equals(account()).first();
    if (!next) return '';
    await db.reservedNumbers.delete(next.number);
    return next.number;
  });
}

/** How many numbers this device still holds for the signed-in account. */
export const reservedLeft = () => db.reservedNumbers.where('account').equals(account()).count();

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
