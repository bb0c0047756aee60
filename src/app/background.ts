import { whenDeviceHoldsData } from '../lib/device-data';
import { inIdleSteps } from '../lib/idle';

/**
 * The app's background work, started with the app once the page is live: the outbox engine (it
 * sends what waits on the device, now and whenever the signal returns), then the refresh of
 * 'Meus rastreios'. Each in a quiet moment and a chunk of its own, so neither holds up the first
 * screen; a chunk that fails to load is tried again the next time the app starts. (A staff
 * member's list is prepared as the app starts: see `preloadForDevice` in routes.tsx.)
 * On a device with no database yet (a first visit) none of it has anything to do: it waits until
 * the database exists (`whenDeviceHoldsData`).
 */
export function startBackgroundWork(): () => void {
  let stopSteps = () => {};
  const stopWaiting = whenDeviceHoldsData(() => {
    stopSteps = startSteps();
  });
  return () => {
    stopWaiting();
    stopSteps();
  };
}

function startSteps(): () => void {
  return inIdleSteps([
    // A first quiet moment goes by untouched: the page's own late work (the toaster's code, the
    // outbox badge's counts) comes first, as it did when the badge started the engine.
    () => {},
    // Dexie (the device's database, which both steps below use) evaluated on its own: with the
    // code of either, it made one long task.
    () => void import('dexie').catch((error: unknown) => console.error(error)),
    () =>
      void import('../offline/runner')
        .then(({ startOutbox }) => startOutbox())
        .catch((error: unknown) => console.error(error)),
    () =>
      void import('../lib/lookups')
        .then(({ startLookupRefresh }) => startLookupRefresh())
        .catch((error: unknown) => console.error(error)),
  ]);
}
