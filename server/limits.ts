// Limits counted by the server itself, for what PocketBase's rate limiter (per connection) cannot
// see: the same address asked for from many connections.

/** E-mails of one kind ('reset', 'verification') one account's address may receive in an hour. */
const ACCOUNT_MAILS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/**
 * True when one more e-mail of this kind may go to this address now (and counts it). Kept in the
 * server's memory: a restart forgets the counts, which only ever allows a few more.
 */
export function allowAccountMail(app: core.App, kind: string, address: string): boolean {
  const key = 'accountMail:' + kind + ':' + String(address).toLowerCase();
  const store = app.store();
  const now = Date.now();
  const recent = ((store.get(key) as number[] | undefined) || []).filter((t) => now - t < HOUR_MS);
  if (recent.length >= ACCOUNT_MAILS_PER_HOUR) return false;
  recent.push(now);
  store.set(key, recent);
  return true;
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
