import { useEffect } from 'react';

/**
 * Subscribe to realtime changes, then load, and unsubscribe when the screen goes: a change made
 * between the two is not missed. Back online, load again, and subscribe again when the screen
 * opened with no signal: the SDK gives up on a subscription that never connected (it retries only
 * one that was live), so without this a phone opened offline saw changes made elsewhere only at
 * its next reload. A live subscription's connection is opened anew on the same event (see
 * `renewRealtime`), so `subscribe` should load again on reconnection (`onRealtimeReconnect`): a
 * change that lands after this load comes through the new connection or that second load.
 * `subscribe` and `load` should be stable (useCallback).
 */
export function useLive(subscribe: () => Promise<() => void>, load: () => Promise<void>) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    let subscribing = false;
    const connect = () => {
      // With no signal only the load (it reads or says what the device has): a subscription
      // would fail at once and cost the screen's first moments an error and a retry; the
      // 'online' event subscribes.
      if (stop || subscribing || !navigator.onLine) {
        void load();
        return;
      }
      subscribing = true;
      subscribe()
        .then((unsubscribe) => {
          if (cancelled) unsubscribe();
          else stop = unsubscribe;
        })
        .catch(() => undefined)
        .finally(() => {
          subscribing = false;
          if (!cancelled) void load();
        });
    };
    connect();
    window.addEventListener('online', connect);
    return () => {
      cancelled = true;
      window.removeEventListener('online', connect);
      stop?.();
    };
  }, [subscribe, load]);
}
