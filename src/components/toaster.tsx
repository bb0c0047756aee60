import { createToaster } from '@chakra-ui/react';

// Toasts sit at the top on wide screens and at the bottom on phones, where the top
// is the header, the menu button and the page title a person needs. On wide screens they start
// below the 4rem header, so the menu and the outbox badge stay in reach while a toast is up.
const options = { pauseOnPageIdle: true, max: 4 } as const;
export const topToaster = createToaster({
  placement: 'top',
  offsets: { top: '5rem', bottom: '1rem', left: '1rem', right: '1rem' },
  ...options,
});
export const bottomToaster = createToaster({ placement: 'bottom', ...options });
/** Both stores: the view renders each, and the app mounts the view with the first toast of either. */
export const toasters = [topToaster, bottomToaster] as const;

type ToastOptions = Parameters<typeof topToaster.create>[0];

const onPhone = () =>
  typeof window !== 'undefined' && Boolean(window.matchMedia?.('(max-width: 47.99em)').matches);

/** The app's toasts. Durations are given per call where a message needs its own. */
export const toaster = {
  create(toast: ToastOptions) {
    if (toast.id) {
      topToaster.remove(toast.id);
      bottomToaster.remove(toast.id);
    }
    return (onPhone() ? bottomToaster : topToaster).create(toast);
  },
  /** Take a toast off the screen at once, wherever it is. */
  dismiss(id: string) {
    topToaster.remove(id);
    bottomToaster.remove(id);
  },
  /** A new outcome of one action replaces the toast of its last outcome ('Acesso negado' goes). */
  replace(group: string, toast: ToastOptions) {
    return toaster.create({ ...toast, id: group });
  },
  /**
   * A routine outcome ('Status atualizado', 'Guardado neste aparelho') of work done fast, one tap
   * after another: said, but a tap on it reaches what it covers (the next stop's buttons, at the
   * bottom of a phone) and it has no close button.
   */
  notice(group: string, toast: ToastOptions) {
    return toaster.replace(group, { ...toast, meta: { ...toast.meta, passThrough: true } });
  },
};
