/** The rest of the work in a task of its own: a phone stays free to answer between the steps. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Runs each step in a quiet moment of its own (requestIdleCallback, at most `timeout` ms late;
 * a short timer where the browser has none). Work a page does not need to be live (the outbox's
 * first pass, refreshing 'Meus rastreios') then never piles up into one long task on a phone.
 * Returns a function that cancels the steps not yet run.
 */
export function inIdleSteps(steps: Array<() => void>, timeout = 2000): () => void {
  let cancel = () => {};
  const next = (i: number) => {
    if (i >= steps.length) return;
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(
        () => {
          steps[i]();
          next(i + 1);
        },
        { timeout },
      );
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(() => {
        steps[i]();
        next(i + 1);
      }, 500);
      cancel = () => clearTimeout(id);
    }
  };
  next(0);
  return () => cancel();
}

/**
 * Runs `run` once the page has been quiet for `quietMs`: every idle period the browser gave in
 * that time was a long one (it had nothing else to do), with no task between them. A page that
 * goes live keeps loading after it (its lazy parts, their adoption, the toaster): work as heavy
 * as the service worker's install (it downloads and stores every file of the app) would run on
 * the same cores meanwhile and stretch each of those tasks. Runs anyway after `latestMs` (a page
 * with something always moving). Returns a function that cancels it.
 */
export function whenQuiet(run: () => void, quietMs = 1000, latestMs = 10_000): () => void {
  if (!('requestIdleCallback' in window)) {
    const id = setTimeout(run, quietMs * 2);
    return () => clearTimeout(id);
  }
  const start = performance.now();
  let quietSince = start;
  let last = start;
  let id = 0;
  const check = (deadline: IdleDeadline) => {
    const now = performance.now();
    // A short idle period (a frame due, a task queued) or a gap since the last one (a task ran
    // in between): not quiet yet.
    if (deadline.didTimeout || deadline.timeRemaining() < 40 || now - last > 100) quietSince = now;
    last = now;
    if (now - quietSince >= quietMs || now - start >= latestMs) run();
    else id = window.requestIdleCallback(check, { timeout: 1000 });
  };
  id = window.requestIdleCallback(check, { timeout: 1000 });
  return () => window.cancelIdleCallback(id);
}
