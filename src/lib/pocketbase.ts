import PocketBase, { BaseAuthStore, ClientResponseError, LocalAuthStore } from 'pocketbase';
import { CLIENT_AUTH_KEY, STAFF_AUTH_KEY } from '../config/auth-keys';

// The only place that constructs PocketBase clients. Three sessions never mix on one device:
// visitors (no session), courier staff (/admin/tracking) and the corporate client (pickup form).
// `self.location` is the page's or, in the service worker, the worker's own origin.
const origin = globalThis.location?.origin ?? 'http://127.0.0.1';

function client(store: BaseAuthStore) {
  const pb = new PocketBase(origin, store, 'pt-BR');
  // Parallel calls (the outbox, realtime reloads) must not cancel each other.
  pb.autoCancellation(false);
  return pb;
}

export const visitorApi = client(new BaseAuthStore());
export const staffApi = client(new LocalAuthStore(STAFF_AUTH_KEY));
export const clientApi = client(new LocalAuthStore(CLIENT_AUTH_KEY));

/**
 * Back online, open each realtime connection anew. The browser may still hold the connection it
 * had before the signal went, dead without knowing it (after a while without signal, the
 * operator's network often forgets a connection without closing it at either end): what the
 * server sends on it never arrives, and since it never fails, nothing reconnects and no screen
 * catches up. A new connection sends PB_CONNECT, on which each screen that follows changes loads
 * what it missed (`onRealtimeReconnect`).
 */
globalThis.addEventListener?.('online', () => {
  for (const api of [visitorApi, staffApi, clientApi]) renewRealtime(api);
});

/**
 * Drop a client's realtime connection the way the SDK drops a lost one: it connects again at
 * once (retrying while the server is out of reach) and sends the subscriptions again. The SDK has
 * no public call for it, so this uses its own handler for a failed connection; false when there is
 * no live connection (or a later SDK renamed the handler: `tests/e2e/staff-changes.spec.ts` then
 * fails on a change that never arrives).
 */
export function renewRealtime(api: PocketBase): boolean {
  const realtime = api.realtime as unknown as { connectErrorHandler?: (error: Error) => void };
  if (!api.realtime.isConnected || typeof realtime.connectErrorHandler !== 'function') return false;
  realtime.connectErrorHandler(new Error('Realtime connection renewed after the signal returned.'));
  return true;
}

/**
 * Run `reload` each time a client's realtime connection comes back after it was lost, for a
 * screen to load what changed meanwhile (events sent while it was gone are not sent again). The
 * first connection is not a reconnection: the screen loads after subscribing anyway.
 */
export function onRealtimeReconnect(api: PocketBase, reload: () => void) {
  // Already connected (another screen's subscription): the next PB_CONNECT is a reconnection.
  let first = !api.realtime.isConnected;
  return api.realtime.subscribe('PB_CONNECT', () => {
    if (first) first = false;
    else reload();
  });
}

export { ClientResponseError };

/** What went wrong with a call, in terms a screen can act on. */
export function failureKind(
  error: unknown,
): 'offline' | 'auth' | 'rate-limit' | 'invalid' | 'not-found' | 'server' {
  if (error instanceof ClientResponseError) {
    if (error.status === 0) return 'offline';
    if (error.status === 401 || error.status === 403) return 'auth';
    if (error.status === 429) return 'rate-limit';
    if (error.status === 404) return 'not-found';
    if (error.status === 400) return 'invalid';
    return 'server';
  }
  return 'offline';
}

/** The server's own message in an error answer ('' when there is none, or no answer at all). */
export function serverMessage(error: unknown): string {
  if (!(error instanceof ClientResponseError)) return '';
  const message = (error.response as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : '';
}

/** Field messages from a 400 answer, keyed by field name. */
export function fieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ClientResponseError)) return {};
  const data = (error.response?.data ?? {}) as Record<string, { message?: string; code?: string }>;
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.message ?? '']));
}
