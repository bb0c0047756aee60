// Password sign-in limited per account: PocketBase's limiter counts per address, and a few
// addresses were enough to try dozens of passwords on one account. The rules are the domain's
// (src/domain/sign-in.ts); this keeps the counts and answers.
//
// The counts live in the server's memory (app.store()), not in a collection: every wrong password,
// for any identity typed (a spray of made-up e-mails included), would otherwise be a database
// write, and a restart that forgets them only allows a few more tries before the limits apply
// again. A sweep once a minute drops the counts that went quiet, so the store does not grow.
import {
  admit,
  failed,
  refusalMessage,
  signInKey,
  signInLockMail,
  currentCount,
  type SignInCount,
} from '../../src/domain/sign-in';
import { company, env } from '../core/config';
import { queue, toHtml } from '../mail/queue';

const KEY = 'signIn:';
const SWEPT = 'signInSwept';

/** The first delay in ms; tests shorten it (SIGN_IN_FIRST_DELAY_MS), production keeps 1 s. */
const firstDelayMs = () => Number(env('SIGN_IN_FIRST_DELAY_MS', '1000'));

type Store = ReturnType<core.App['store']>;

function read(value: unknown): SignInCount | undefined {
  if (typeof value !== 'string' || !value) return undefined;
  const [failures, first, last, lockedUntil] = value.split(' ').map(Number);
  return { failures, first, last, lockedUntil };
}

// Kept as text: a JS object put in the store comes back as a Go map in another VM.
const write = (c: SignInCount) => [c.failures, c.first, c.last, c.lockedUntil].join(' ');

/**
 * `onRecordAuthWithPasswordRequest` for staff and client accounts. An identity in its delay or
 * locked is refused with a 429 before any password is checked, the same way whether the account
 * exists or not; an attempt let through counts until it succeeds, which clears the count. The
 * failure that starts a lock is answered as the lock, and e-mails the account's owner once.
 */
export function limitPasswordSignIn(e: core.RecordAuthWithPasswordRequestEvent): void {
  const collection = e.collection ? e.collection.name : '';
  const key = KEY + signInKey(collection, e.identity);
  const store = e.app.store();
  const now = Date.now();
  sweep(store, now);

  let verdict = admit(undefined, now).verdict;
  store.setFunc(key, (old: unknown) => {
    const step = admit(read(old), now, firstDelayMs());
    verdict = step.verdict;
    return write(step.count);
  });
  if (verdict.kind !== 'try') refuse(verdict, now);

  // PocketBase 0.36.8 checks no password when the identity is unknown, so a wrong password
  // answered sooner for a made-up e-mail; one check against any account evens the time (as
  // later PocketBase versions do themselves).
  if (!e.record) evenTheTime(e);

  try {
    // Throws when the password is wrong (400 'Failed to authenticate.') or the sign-in is
    // refused after it (a disabled staff account); either way the attempt stays counted.
    e.next();
  } catch (err) {
    const at = Date.now();
    let lock = failed(undefined, at);
    store.setFunc(key, (old: unknown) => {
      lock = failed(read(old), at);
      return write(lock.count);
    });
    if (lock.lockStarted) {
      if (e.record) tellOwner(e.app, e.record, lock.count, collection);
      refuse({ kind: 'locked', until: lock.count.lockedUntil }, at);
    }
    throw err;
  }
  store.remove(key);
}

// No Retry-After header: this event's embedded response writer is not reachable from the JSVM
// (undefined here); the message says how long to wait.
function refuse(verdict: ReturnType<typeof admit>['verdict'], now: number): never {
  throw new TooManyRequestsError(refusalMessage(verdict, now));
}

/** A password check against any account of the collection, its result ignored. */
function evenTheTime(e: core.RecordAuthWithPasswordRequestEvent): void {
  try {
    const any = e.app.findFirstRecordByFilter(e.collection!.id, "id != ''");
    any.validatePassword(e.password);
  } catch {
    // No account at all: nothing to hide.
  }
}

const LOCK_MAIL_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * The lock e-mail, through the mail queue (sent off the request, retried, watched by /api/health).
 * A failure here never changes the answer: that would tell an existing account from a made-up one.
 */
function tellOwner(app: core.App, record: core.Record, count: SignInCount, collection: string) {
  // Anyone who knows an address can lock it again every quarter of an hour: the owner hears of
  // it at most once in LOCK_MAIL_EVERY_MS, not a hundred times a day.
  const told = 'signInLockMailed:' + collection + ':' + record.id;
  let recent = false;
  app.store().setFunc(told, (old: unknown) => {
    recent = Date.now() - (Number(old) || 0) < LOCK_MAIL_EVERY_MS;
    return recent ? old : Date.now();
  });
  if (recent) return;
  try {
    const content = signInLockMail(
      { email: record.email(), count, shared: collection === 'clients' },
      company,
    );
    queue(app, {
      source: collection,
      record: record.id,
      purpose: 'sign-in-lock',
      to: record.email(),
      replyTo: content.replyTo,
      subject: content.subject,
      html: toHtml(content),
    });
  } catch (err) {
    app.logger().error('Aviso de bloqueio não enfileirado', 'error', String(err));
  }
}

/** Once a minute, the counts that no longer hold anything go (every identity ever typed would stay). */
function sweep(store: Store, now: number): void {
  const minute = Math.floor(now / 60_000);
  // Read first: the store's write lock also serves PocketBase's own lookups on every request.
  if (Number(store.get(SWEPT)) === minute) return;
  let due = false;
  store.setFunc(SWEPT, (old: unknown) => {
    due = Number(old) !== minute;
    return minute;
  });
  if (!due) return;
  const all = store.getAll() as Record<string, unknown>;
  for (const key in all) {
    if (key.indexOf(KEY) === 0 && currentCount(read(all[key]), now).failures === 0) {
      store.remove(key);
    }
  }
}
