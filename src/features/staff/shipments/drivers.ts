/**
 * The active drivers the office can give a shipment to, asked from the server when online and kept
 * on the device (the form works with no signal, with the last list it had).
 */
import { API_PATHS } from '../../../config/api-paths';
import { staffApi } from '../../../lib/pocketbase';

export interface Driver {
  id: string;
  name: string;
}

const KEY = 'rv_drivers';
const PIN_ABOVE_KEY = 'rv_pin_above_cents';

/** The last list this device had (empty before the first). */
export function knownDrivers(): Driver[] {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(kept) ? (kept as Driver[]) : [];
  } catch {
    return [];
  }
}

/** Ask the server for the drivers and keep them; the kept list when it cannot answer. */
export async function refreshDrivers(): Promise<Driver[]> {
  try {
    const { drivers, pinAboveCents } = await staffApi.send<{
      drivers: Driver[];
      pinAboveCents?: number;
    }>(API_PATHS.drivers, { requestKey: null });
    localStorage.setItem(KEY, JSON.stringify(drivers));
    localStorage.setItem(PIN_ABOVE_KEY, String(pinAboveCents ?? 0));
    return drivers;
  } catch {
    return knownDrivers();
  }
}

/**
 * Above which declared value (cents) a new shipment asks for a delivery code unless the office
 * says no (`PIN_ABOVE_CENTS` on the server; 0: never by default), as last heard with the drivers.
 */
export const pinAboveCents = () => Number(localStorage.getItem(PIN_ABOVE_KEY) ?? 0) || 0;

/** Whether the signed-in staff account is a driver's (its screens show only its own work). */
export const signedInAsDriver = () => staffApi.authStore.record?.role === 'motorista';
