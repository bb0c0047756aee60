/**
 * What waits on this device (queued requests, the staff list) must not be evicted: browsers clear
 * "best-effort" storage under pressure (Safari after days without use). Persistent storage is asked
 * for when something waits or the app is installed; a full disk is reported in Portuguese.
 */

/** Ask the browser to keep this site's data; true when it is (or already was) kept. */
export async function keepStorage(): Promise<boolean> {
  try {
    // Pages have persist(); a service worker's navigator does not (this module runs in both).
    const storage = (typeof navigator === 'undefined' ? undefined : navigator.storage) as
      (StorageManager & { persist?: () => Promise<boolean> }) | undefined;
    if (!storage?.persist) return false;
    if (await storage.persisted()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}

export interface StorageState {
  /** Bytes this site uses on the device. */
  usage: number;
  persisted: boolean;
}

export async function storageState(): Promise<StorageState | null> {
  try {
    if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
    const [{ usage = 0 }, persisted] = await Promise.all([
      navigator.storage.estimate(),
      navigator.storage.persisted?.() ?? Promise.resolve(false),
    ]);
    return { usage, persisted };
  } catch {
    return null;
  }
}

/** A write refused because the device is full (IndexedDB's QuotaExceededError, also inside Dexie's). */
export function isQuotaError(error: unknown): boolean {
  for (let e = error as { name?: string; inner?: unknown } | undefined; e;) {
    if (e.name === 'QuotaExceededError') return true;
    e = e.inner as typeof e;
  }
  return false;
}

export const DEVICE_FULL = {
  title: 'Sem espaço neste aparelho',
  description:
    'Não foi possível guardar o pedido. O que você digitou continua no formulário: libere espaço no aparelho e envie de novo.',
};
