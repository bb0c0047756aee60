/**
 * The device's database by name (src/lib/db.ts keeps its tables): here, apart from Dexie, so that
 * asking whether it exists loads none of its code.
 */
export const DEVICE_DB_NAME = 'rota-veloz';

/** Where every page of the app (and its worker) hears that the database has just been created. */
const CREATED_CHANNEL = 'device-db-created';

/** Called by src/lib/db.ts when it creates the database on this device. */
export function announceDeviceDbCreated() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CREATED_CHANNEL);
  channel.postMessage(true);
  channel.close();
}

/** False only when the browser lists its databases and ours is not among them. */
async function deviceMayHoldData(): Promise<boolean> {
  try {
    const databases = await indexedDB.databases?.();
    return databases ? databases.some((d) => d.name === DEVICE_DB_NAME) : true;
  } catch {
    return true;
  }
}

/**
 * Calls `then` once this device's database may hold something: soon where it exists (or the
 * browser cannot tell), otherwise as soon as this page or another tab creates it (a request kept
 * to be sent, a shipment looked up, a CEP remembered). A first visit then loads no database code
 * and creates no empty database: the outbox, its badge and the refresh of 'Meus rastreios' have
 * nothing to do on it. Returns a function that cancels the call.
 */
export function whenDeviceHoldsData(then: () => void): () => void {
  let done = false;
  const channel =
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CREATED_CHANNEL);
  const stop = () => {
    done = true;
    channel?.close();
  };
  const go = () => {
    if (done) return;
    stop();
    then();
  };
  if (channel) channel.onmessage = go;
  void deviceMayHoldData().then((may) => {
    if (may || !channel) go();
  });
  return stop;
}
