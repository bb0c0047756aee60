import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { useIdle } from '../lib/use-hydrated';

// Toasts only ever appear after something happens: their machinery loads when the browser is idle
// after the page went live (the store keeps a toast created before, and shows it then).
const Toaster = lazy(() => import('../components/toaster-view'));

/** Its own component, so the page going live re-renders only this, not the provider below. */
function IdleToaster() {
  return useIdle() ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

export function Providers({ system, children }: { system: SystemContext; children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      {children}
      <IdleToaster />
    </ChakraProvider>
  );
}
