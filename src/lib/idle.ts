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
