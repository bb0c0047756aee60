// The requests the forms send to be stored (quotes, urgent and pickup requests, answered by our
// middleware) take turns: at most CREATES_AT_ONCE are worked on at once, the others wait, parked,
// in the order they came.
//
// Why: on our two cores a burst of requests all worked on at once share the processor, so each
// one is slowed by all the others and they finish together, late; and while Go's collector marks
// the heap (a few times a second under such a burst), the goroutines at work get even less of
// it. Fifty requesters creating quotes at once (525 a second) had p99 180-440 ms and up to 650 ms
// at worst; taking turns four at a time, 114-160 ms and 140-200 ms at worst (docs/load.md,
// "Taking turns"). Waiting is parked (`sleep`), not spinning, so it costs the ones at work nothing.
//
// Turns are numbered tickets in the app's store (its lock makes each step exact): a request may
// start once all but CREATES_AT_ONCE - 1 of the tickets before it have finished. A ticket whose
// request never finished (a crash in the middle) would hold every later one back, so no request
// waits longer than LONGEST_WAIT_MS: then it goes ahead and counts one lost turn as finished.

/** How many are worked on at once (2 and 8 did no better here than 4, on two cores). */
export const CREATES_AT_ONCE = 4;
const LONGEST_WAIT_MS = 2000;
const TICKETS = 'createTickets';
const FINISHED = 'createsFinished';

const counter = (old: unknown) => (Number(old) || 0) + 1;

/** `work`, in its turn. */
export function inTurn<T>(app: core.App, work: () => T): T {
  const store = app.store();
  let ticket = 0;
  store.setFunc(TICKETS, (old: unknown) => {
    ticket = Number(old) || 0;
    return ticket + 1;
  });
  const since = Date.now();
  for (;;) {
    // How many must still finish before this one may start.
    const ahead = ticket - (Number(store.get(FINISHED)) || 0) - CREATES_AT_ONCE + 1;
    if (ahead <= 0) break;
    if (Date.now() - since > LONGEST_WAIT_MS) {
      store.setFunc(FINISHED, counter);
      break;
    }
    // Each request ahead takes a few milliseconds: look again about when this one's turn may come.
    sleep(Math.min(ahead, 8));
  }
  try {
    return work();
  } finally {
    store.setFunc(FINISHED, counter);
  }
}
