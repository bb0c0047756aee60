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
    const { drivers } = await staffApi.send<{ drivers: Driver[] }>(API_PATHS.drivers, {
      requestKey: null,
    });
    localStorage.setItem(KEY, JSON.stringify(drivers));
    return drivers;
  } catch {
    return knownDrivers();
  }
}

/** Whether the signed-in staff account is a driver's (its screens show only its own work). */
export const signedInAsDriver = () => staffApi.authStore.record?.role === 'motorista';
