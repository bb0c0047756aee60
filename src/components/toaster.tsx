import { createToaster } from '@chakra-ui/react';
import { useEffect } from 'react';
import { inIdleSteps } from '../lib/idle';

// Toasts sit at the top on wide screens and at the bottom on phones, where the top
// is the header, the menu button and the page title a person needs. On wide screens they start
// below the 4rem header, so the menu and the outbox badge stay in reach while a toast is up. A
// screen worked with the thumb (a driver's stops) asks a phone's toasts to the top instead.
const options = { pauseOnPageIdle: true, max: 4 } as const;
export const topToaster = createToaster({
  placement: 'top',
  offsets: { top: '5rem', bottom: '1rem', left: '1rem', right: '1rem' },
  ...options,
});
export const bottomToaster = createToaster({ placement: 'bottom', ...options });
// A phone whose screen asked for the top (`useToastsAtTopOnPhone`): over the header, whose menu
// can wait a few seconds, rather than below it over the page's first controls.
export const phoneTopToaster = createToaster({
  placement: 'top',
  offsets: { top: '0.5rem', bottom: '1rem', left: '1rem', right: '1rem' },
  ...options,
});
/** Every store: the view renders each, and the app mounts the view with the first toast of any. */
export const toasters = [topToaster, bottomToaster, phoneTopToaster] as const;

/**
 * A screen whose actions all end in a toast (the office's list) has the toaster mounted once the
 * page is idle instead of with its first toast: mounting it (~200 ms of a slow phone) then landed
 * inside the first action's answer. Idle after the screen has drawn, not as it opens: mounted in
 * the screen's first effects, it landed inside the screen's own opening. Pages for visitors keep
 * mounting it on demand.
 */
export const toasterWanted = { now: false, listeners: new Set<() => void>() };
export function useToasterReady() {
  useEffect(() => {
    if (toasterWanted.now) return;
    return inIdleSteps([
      () => {
        toasterWanted.now = true;
        toasterWanted.listeners.forEach((notify) => notify());
      },
    ]);
  }, []);
}

/** How many screens on the page want a phone's toasts at the top (see below). */
let topOnPhone = 0;

/**
 * For a screen whose lower half is what the thumb works on (a driver's stops, one under the
 * other): while it is open, a phone's toasts go to the top of the screen, out of the thumb's way,
 * never over the buttons of the stop the driver goes to next.
 */
export function useToastsAtTopOnPhone() {
  useEffect(() => {
    topOnPhone += 1;
    return () => {
      topOnPhone -= 1;
    };
  }, []);
}

type ToastOptions = Parameters<typeof topToaster.create>[0];

const onPhone = () =>
  typeof window !== 'undefined' && Boolean(window.matchMedia?.('(max-width: 47.99em)').matches);

/** The app's toasts. Durations are given per call where a message needs its own. */
export const toaster = {
  create(toast: ToastOptions) {
    const { id } = toast;
    if (id) toasters.forEach((store) => store.remove(id));
    const store = !onPhone() ? topToaster : topOnPhone ? phoneTopToaster : bottomToaster;
    return store.create(toast);
  },
  /** Take a toast off the screen at once, wherever it is. */
  dismiss(id: string) {
    toasters.forEach((store) => store.remove(id));
  },
  /** A new outcome of one action replaces the toast of its last outcome ('Acesso negado' goes). */
  replace(group: string, toast: ToastOptions) {
    return toaster.create({ ...toast, id: group });
  },
  /**
   * A routine outcome ('Status atualizado', 'Guardado neste aparelho') of work done fast, one tap
   * after another: said, but a tap on it reaches what it covers (a phone's page under a toast at
   * its bottom) and it has no close button. At the top of a phone a tap puts it away instead
   * (toaster-view.tsx): what it covers there is the header.
   */
  notice(group: string, toast: ToastOptions) {
    return toaster.replace(group, { ...toast, meta: { ...toast.meta, passThrough: true } });
  },
};
