// People before e-mails. The mail jobs render and send on the same processor and the same
// SQLite writer as the requests: at full speed during a burst of requests (a campaign, a
// corporate client's batch) they held every request up by hundreds of milliseconds, while an
// e-mail has a minute or more to go out. So the API counts its arrivals, and while they come
// faster than MAIL_YIELDS_FROM_REQUESTS_PER_SECOND, each mail sender waits a little between
// e-mails. The wait is capped: the queue never stops, it only slows down while the burst lasts.
import { MAIL_YIELDS_FROM_REQUESTS_PER_SECOND as BUSY_RATE } from '../../src/domain/mail';

/** The longest a sender waits before its next e-mail, however busy the site stays. */
const BUSY_MAX_WAIT_MS = 250;
const SAMPLE_MS = 100;
const PAUSE_MS = 20;
const ARRIVALS = 'apiArrivals';

/** One more API request (every one is counted: the store's lock makes the count exact). */
export function countArrival(app: core.App): void {
  app.store().setFunc(ARRIVALS, (old: unknown) => (Number(old) || 0) + 1);
}

function arrivals(app: core.App): number {
  return Number(app.store().get(ARRIVALS)) || 0;
}

/**
 * A sender's gate: call it before each e-mail (or each request's rendering). It returns at once
 * while the site is quiet; during a burst it returns after at most BUSY_MAX_WAIT_MS. The rate is
 * read over the time since the sender's previous reading (SAMPLE_MS or more, so a burst that
 * starts during a slow send is noticed one e-mail late).
 */
export function requestsFirst(app: core.App): () => void {
  let last = { n: arrivals(app), at: Date.now() };
  let busy = false;
  const read = () => {
    const now = Date.now();
    // A clock set back starts a new reading rather than waiting for it to catch up.
    if (now >= last.at && now - last.at < SAMPLE_MS) return;
    const n = arrivals(app);
    busy = now > last.at && ((n - last.n) * 1000) / (now - last.at) >= BUSY_RATE;
    last = { n, at: now };
  };
  // No e-mail before the first reading: a job that starts in the middle of a burst (every
  // minute, the four senders at once) would otherwise go at full speed for its first moments.
  sleep(SAMPLE_MS);
  return () => {
    read();
    // Counted in pauses, not by the clock: the wait ends however the clock moves.
    for (let i = 0; busy && i < BUSY_MAX_WAIT_MS / PAUSE_MS; i++) {
      sleep(PAUSE_MS);
      read();
    }
  };
}
