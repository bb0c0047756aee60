import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { inIdleSteps, whenQuiet } from '../lib/idle';

const never = () => () => {};

/**
 * False while the page is built at build time and while React takes over its HTML, true after.
 * What depends on the device (a session, the outbox, toasts) waits for it, so the first render in
 * the browser matches the prerendered page exactly and React adopts it instead of redrawing.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * True once the page is live and the browser has had a quiet moment: for work the first screen
 * does not need (the outbox badge, the toaster's code).
 */
export function useIdle(): boolean {
  return useLiveThen(afterIdle);
}

const afterIdle = (then: () => void) => inIdleSteps([then]);

/**
 * True once the page is live and has then been quiet for a second (`whenQuiet`): for background
 * work heavy enough to slow the page's own late work (the service worker's registration, whose
 * install downloads and stores every file of the app).
 */
export function useQuiet(): boolean {
  return useLiveThen(whenQuiet);
}

/**
 * False until the page is live and `wait` has then called back (it returns its cancel). `wait`
 * must be the same function on every render (a module-level one).
 */
function useLiveThen(wait: (then: () => void) => () => void): boolean {
  const hydrated = useHydrated();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!hydrated || ready) return;
    // As a transition: what mounts then (the outbox badge, the update prompt) renders in slices
    // the browser can interrupt, not in one task.
    return wait(() => startTransition(() => setReady(true)));
  }, [hydrated, ready, wait]);
  return ready;
}
