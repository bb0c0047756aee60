/**
 * Shipment numbers this office account reserved on the server, kept on the device: a shipment made
 * with no signal takes its final number (and prints its label) at once. Asked again whenever the
 * staff screens open online; the server answers the account's unused numbers topped up to a block.
 */
import { API_PATHS } from '../../../config/api-paths';
import { db } from '../../../lib/db';
import { staffApi } from '../../../lib/pocketbase';
import type { ShipmentChange } from '../../../domain';
import type { TrackingPayload } from '../../../offline';

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
