import { CacheProvider } from '@emotion/react';
import type { SystemContext } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { startBackgroundWork } from './background';
import { AppErrorBoundary } from './error-screens';
import { Providers } from './providers';
import { AppRoutes } from './routes';

export { preloadForDevice } from './routes';

export function App({ system, cache }: { system: SystemContext; cache: EmotionCache }) {
  // The app's background work starts once the page is live (an effect runs after React has
  // adopted the page), then waits for idle time: started before, its first idle callback could
  // fall in the middle of the adoption on a slow phone (Lighthouse's TBT went from ~50 to 400 ms).
  useEffect(() => startBackgroundWork(), []);
  return (
    <CacheProvider value={cache}>
      <Providers system={system}>
        <AppErrorBoundary>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppErrorBoundary>
      </Providers>
    </CacheProvider>
  );
}
