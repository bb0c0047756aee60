import { CacheProvider } from '@emotion/react';
import type { SystemContext } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import { BrowserRouter } from 'react-router-dom';
import { AppErrorBoundary } from './error-screens';
import { Providers } from './providers';
import { AppRoutes } from './routes';

export function App({ system, cache }: { system: SystemContext; cache: EmotionCache }) {
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
