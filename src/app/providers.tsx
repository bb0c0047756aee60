import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { toasters } from '../components/toaster';
import { useIdle } from '../hooks/use-hydrated';

// Toasts only ever appear after something happens. Their code is fetched when the browser is idle
// after the page went live, and mounted with the first toast (the store keeps it until then):
// mounting Chakra's toaster makes zag call flushSync, which finished whatever React still had
// pending (the page's own effects, 'Meus rastreios' reading the device) in one long task on a
// phone, at a moment nobody was waiting for a toast.
const loadToaster = () => import('../components/toaster-view');
const Toaster = lazy(loadToaster);
const stores = toasters;

// Whether a toast was ever created: from then on the toaster stays mounted. The store tells its
// subscribers before it counts the new toast, so the news itself is what marks it.
let toasted = false;
const subscribeToasts = (notify: () => void) => {
  const offs = stores.map((store) =>
    store.subscribe((news?: { dismiss?: boolean }) => {
      if (!news?.dismiss) toasted = true;
      notify();
    }),
  );
  return () => offs.forEach((off) => off());
};
const anyToast = () => (toasted ||= stores.some((store) => store.getCount() > 0));

function useFirstToast(): boolean {
  const idle = useIdle();
  const shown = useSyncExternalStore(subscribeToasts, anyToast, () => false);
  useEffect(() => {
    if (idle) void loadToaster();
  }, [idle]);
  return idle && shown;
}

/** Its own component, so the page going live re-renders only this, not the provider below. */
function ToasterOnDemand() {
  return useFirstToast() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function Providers({ system, children }: { system: SystemContext; children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <ToasterOnDemand />
    </ChakraProvider>
  );
}
