import { keepStorage } from '../lib/storage';
import { nextDueAt, OUTBOX_WAITING_EVENT, syncNow } from './index';

let timer: ReturnType<typeof setTimeout> | undefined;
let started = false;

/** Run a pass, then sleep until the next waiting item is due (the backoff timer). */
async function pass() {
  clearTimeout(timer);
  if (navigator.onLine) await syncNow();
  const due = await nextDueAt();
  if (due !== null) timer = setTimeout(() => void pass(), Math.max(500, due - Date.now()));
}

/** The page's triggers for the outbox: app start, `online`, and the backoff timer. */
export function startOutbox() {
  if (started) return;
  started = true;
  // The installed app keeps things on the phone (queued requests, the staff list): keep them.
  if (window.matchMedia?.('(display-mode: standalone)').matches) void keepStorage();
  void pass();
  window.addEventListener('online', () => void pass());
  window.addEventListener(OUTBOX_WAITING_EVENT, () => void pass());
}
