import { keepStorage } from '../lib/storage';
import { nextDueAt, OUTBOX_SIGNAL_EVENT, OUTBOX_WAITING_EVENT, signalBack, syncNow } from './index';

let timer: ReturnType<typeof setTimeout> | undefined;
let started = false;

/**
 * Run a pass, then sleep until the next waiting item is due (the backoff timer). With no signal
 * there is no timer: the `online` event starts the next pass. (A timer read the whole queue twice
 * a second for as long as the phone was offline, and held the screen's IndexedDB work with it.)
 */
async function pass() {
  clearTimeout(timer);
  if (!navigator.onLine) return;
  await syncNow();
  const due = await nextDueAt();
  if (due !== null) timer = setTimeout(() => void pass(), Math.max(500, due - Date.now()));
}

/**
 * The page's triggers for the outbox: app start, `online` or the server reached again (what got no
 * answer goes at once), a new item, and the backoff timer.
 */
export function startOutbox() {
  if (started) return;
  started = true;
  // The installed app keeps things on the phone (queued requests, the staff list): keep them.
  if (window.matchMedia?.('(display-mode: standalone)').matches) void keepStorage();
  void pass();
  const back = async () => {
    signalBack();
    await pass();
  };
  window.addEventListener('online', () => void back());
  window.addEventListener(OUTBOX_SIGNAL_EVENT, () => void back());
  window.addEventListener(OUTBOX_WAITING_EVENT, () => void pass());
}
