import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import {
  createElement,
  useEffect,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { toasters, toasterWanted } from '../components/toaster';
import { useIdle } from '../hooks/use-hydrated';

// Toasts only ever appear after something happens. Their code is fetched when the browser is idle
// after the page went live, and mounted with the first toast (the store keeps it until then):
// mounting Chakra's toaster makes zag call flushSync, which finished whatever React still had
// pending (the page's own effects, 'Meus rastreios' reading the device) in one long task on a
// phone, at a moment nobody was waiting for a toast.
//
// Not through React.lazy: a lazy component suspends on its first render even when its code is
// already here, and React reveals a suspended boundary only some 300 ms later, so the first toast
// of a page (200 shipments assigned, say) came that much after the action.
let Toaster: ComponentType | undefined;
const loadToaster = () =>
  import('../components/toaster-view').then((module) => (Toaster = module.default));
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
  toasterWanted.listeners.add(notify);
  return () => {
    offs.forEach((off) => off());
    toasterWanted.listeners.delete(notify);
  };
};
const anyToast = () =>
  (toasted ||= toasterWanted.now || stores.some((store) => store.getCount() > 0));

function useFirstToast(): ComponentType | undefined {
  const idle = useIdle();
  const shown = useSyncExternalStore(subscribeToasts, anyToast, () => false);
  const [loaded, setLoaded] = useState(() => Toaster);
  useEffect(() => {
    if (idle && !loaded) void loadToaster().then((view) => setLoaded(() => view));
  }, [idle, loaded]);
  return idle && shown ? loaded : undefined;
}

/** Its own component, so the page going live re-renders only this, not the provider below. */
function ToasterOnDemand() {
  // The view's module, loaded once: the same component every render.
  const view = useFirstToast();
  return view ? createElement(view) : null;
}

export function Providers({ system, children }: { system: SystemContext; children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <ToasterOnDemand />
    </ChakraProvider>
  );
}
