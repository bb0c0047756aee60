// Limits counted by the server itself, for what PocketBase's rate limiter (per connection) cannot
// see (the same address asked for from many connections) or never meets (the requests' creates,
// answered by our middleware before the rate limiter runs).

/** E-mails of one kind ('reset', 'verification') one account's address may receive in an hour. */
const ACCOUNT_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/**
 * True when one more e-mail of this kind may go to this address now (and counts it). Kept in the
 * server's memory: a restart forgets the counts, which only ever allows a few more.
 */
export function allowAccountMail(app: core.App, kind: string, address: string): boolean {
  const key = 'accountMail:' + kind + ':' + String(address).toLowerCase();
  const now = Date.now();
  let allowed = false;
  // One read-and-write under the store's lock: a dozen asked at once each saw room otherwise.
  app.store().setFunc(key, (old: unknown) => {
    const recent = ((old as number[] | undefined) || []).filter((t) => now - t < HOUR_MS);
    allowed = recent.length < ACCOUNT_MAILS_PER_HOUR;
    if (allowed) recent.push(now);
    return recent;
  });
  return allowed;
}

/**
 * Password-reset and verification e-mails: at most a few per address an hour, however many
 * connections ask. Past that the answer is the same 204 as a success (nothing is revealed), and
 * no e-mail leaves.
 */
export function limitAccountMail(e: core.RecordRequestEvent, kind: 'reset' | 'verification'): void {
  if (e.record && !allowAccountMail(e.app, kind, e.record.email())) {
    e.noContent(204);
    return;
  }
  e.next();
}

/** Requests of one kind a client may create in a window: the records API's `*:create` rule too. */
export const CREATE_LIMIT = { seconds: 10, max: 30, shiftSeconds: 0 };
/**
 * And in a day (Brasília's: the window starts at 03:00 UTC): the short window alone let one
 * address send 180 quotes a minute, all day, each one an e-mail to the company. A person or an
 * office sends far fewer.
 */
export const CREATE_DAY_LIMIT = { seconds: 24 * 60 * 60, max: 100, shiftSeconds: 3 * 60 * 60 };
/**
 * A client company's people, together (its form, its spreadsheet imports): a company sends its
 * day's pickups from one file, so far more than a visitor, and is known by its account, so a
 * flood is one company's to answer for.
 */
export const COMPANY_CREATE_LIMIT = { seconds: 10, max: 300, shiftSeconds: 0 };
export const COMPANY_CREATE_DAY_LIMIT = {
  seconds: 24 * 60 * 60,
  max: 3000,
  shiftSeconds: 3 * 60 * 60,
};
const CREATE_KEY = 'createLimit:';
const CREATE_SWEPT = 'createLimitSwept';

/**
 * True when this client may create one more request of this kind now (and counts it), in fixed
 * windows of CREATE_LIMIT and of CREATE_DAY_LIMIT. Off with the rest of the rate limits
 * (PB_RATE_LIMITS=off).
 */
export function allowCreate(
  app: core.App,
  kind: string,
  client: string,
  limits = [CREATE_LIMIT, CREATE_DAY_LIMIT],
): boolean {
  if (!app.settings().rateLimits.enabled) return true;
  const store = app.store();
  let allowed = true;
  for (const limit of limits) {
    const window = Math.floor((Date.now() - limit.shiftSeconds * 1000) / (limit.seconds * 1000));
    const prefix = CREATE_KEY + limit.seconds + ':';
    sweepCreateCounts(store, prefix, window);
    let count = 0;
    store.setFunc(prefix + kind + ':' + client, (old: unknown) => {
      const [at, n] = String(old ?? '').split(' ');
      count = Number(at) === window ? Number(n) + 1 : 1;
      return window + ' ' + count;
    });
    if (count > limit.max) allowed = false;
  }
  return allowed;
}

const API_KEY_COUNT = 'apiKeyLimit:';

/**
 * API requests per key (server/api/keys.ts) in fixed minutes: 0 when this one may go (it is
 * counted), otherwise the seconds until the next minute starts (Retry-After). Off with the rest
 * of the rate limits (PB_RATE_LIMITS=off).
 */
export function apiKeyWait(app: core.App, key: string, perMinute: number): number {
  if (!app.settings().rateLimits.enabled) return 0;
  const now = Date.now();
  const window = Math.floor(now / 60_000);
  const store = app.store();
  sweepCreateCounts(store, API_KEY_COUNT, window);
  let count = 0;
  store.setFunc(API_KEY_COUNT + key, (old: unknown) => {
    const [at, n] = String(old ?? '').split(' ');
    count = Number(at) === window ? Number(n) + 1 : 1;
    return window + ' ' + count;
  });
  return count > perMinute ? Math.ceil(((window + 1) * 60_000 - now) / 1000) : 0;
}

/** Once a window, the counts of earlier windows go: every address ever seen would stay otherwise. */
function sweepCreateCounts(
  store: ReturnType<core.App['store']>,
  prefix: string,
  window: number,
): void {
  // Read first: the store's write lock also serves PocketBase's own lookups on every request.
  const swept = CREATE_SWEPT + ':' + prefix;
  if (Number(store.get(swept)) === window) return;
  let due = false;
  store.setFunc(swept, (old: unknown) => {
    due = Number(old) !== window;
    return window;
  });
  if (!due) return;
  const all = store.getAll() as Record<string, unknown>;
  for (const key in all) {
    if (key.indexOf(prefix) === 0 && Number(String(all[key]).split(' ')[0]) < window) {
      store.remove(key);
    }
  }
}
