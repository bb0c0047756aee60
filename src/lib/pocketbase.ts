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
