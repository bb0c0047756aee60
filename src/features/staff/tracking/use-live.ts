import { useEffect } from 'react';

/**
 * Subscribe to realtime changes, then load, and unsubscribe when the screen goes: a change made
 * between the two is not missed. Back online, load again. `subscribe` and `load` should be stable
 * (useCallback).
 */
export function useLive(subscribe: () => Promise<() => void>, load: () => Promise<void>) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    subscribe()
      .then((unsubscribe) => {
        if (cancelled) unsubscribe();
        else stop = unsubscribe;
      })
      .catch(() => undefined)
      .finally(() => {
        if (!cancelled) void load();
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [subscribe, load]);

  useEffect(() => {
    const online = () => void load();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [load]);
}
