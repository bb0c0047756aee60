import { STAFF_AUTH_KEY } from '../config/auth-keys';
import { paths } from '../config/paths';
import { inIdleSteps } from '../lib/idle';
import { preloadRoute } from './routes';

/** A staff session kept on this device. */
const staffOnDevice = () => {
  try {
    return Boolean(localStorage.getItem(STAFF_AUTH_KEY));
  } catch {
    return false;
  }
};

/**
 * The app's background work, started with the app once the page is live: the outbox engine (it
 * sends what waits on the device, now and whenever the signal returns), then the refresh of
 * 'Meus rastreios', then (on a staff member's device) the staff list's code. Each in a quiet moment and a chunk of its own, so neither holds up the first
 * screen; a chunk that fails to load is tried again the next time the app starts.
 */
export function startBackgroundWork(): () => void {
  return inIdleSteps([
    // A first quiet moment goes by untouched: the page's own late work (the toaster's code, the
    // outbox badge's counts) comes first, as it did when the badge started the engine.
    () => {},
    () =>
      void import('../offline/runner')
        .then(({ startOutbox }) => startOutbox())
        .catch((error: unknown) => console.error(error)),
    () =>
      void import('../lib/lookups')
        .then(({ startLookupRefresh }) => startLookupRefresh())
        .catch((error: unknown) => console.error(error)),
    // A driver or office worker signed in here opens the staff list from any page: its code is
    // loaded and evaluated beforehand, and the tap only draws it.
    () => {
      if (staffOnDevice()) preloadRoute(paths.trackingAdmin);
    },
  ]);
}
