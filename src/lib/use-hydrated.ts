import { useSyncExternalStore } from 'react';

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
