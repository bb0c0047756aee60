/**
 * The bench's floor page (scripts/bench.mjs): what src/main.tsx imports as the app when the build
 * runs with BENCH_FLOOR=1 (vite.config.ts). One heading inside the app's providers, nothing else:
 * the same boot, the same Chakra system made in the same steps, the same emotion cache, so its
 * Lighthouse figures are what our stack costs before any page of ours adds to them.
 */
import { CacheProvider } from '@emotion/react';
import type { SystemContext } from '@chakra-ui/react';
import type { EmotionCache } from '@emotion/cache';
import { Providers } from '../app/providers';
import { AppRoutes } from './routes';

export function preloadForDevice() {}

export function App({ system, cache }: { system: SystemContext; cache: EmotionCache }) {
  return (
    <CacheProvider value={cache}>
      <Providers system={system}>
        <AppRoutes />
      </Providers>
    </CacheProvider>
  );
}
