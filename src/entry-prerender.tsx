/**
 * The pages as HTML at build time (see vite.prerender.ts): each route rendered with the very
 * components the browser runs, its Chakra/emotion styles extracted and inlined, so the first screen
 * paints before any script runs; the browser then hydrates it (src/main.tsx).
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppErrorBoundary } from './app/error-screens';
import { Providers } from './app/providers';
import { AppRoutes } from './app/routes';
import { EMOTION_KEY, PRERENDERED_CLASSES } from './app/emotion';
import { systemAnswers, verifiedTokenSnapshot } from './app/chakra-snapshot';
import { appSystem, makeSystem } from './app/theme';

export { PAGE_DESCRIPTIONS, PRERENDERED, pageFile } from './config/pages';

/** The guard on its own, for its test: a snapshot that does not answer like the built system throws. */
export const checkTokenSnapshot = (snapshot: unknown) =>
  verifiedTokenSnapshot(makeSystem, snapshot);

/**
 * For the patch's test: what a system made at once and one made a step at a time (as the browser
 * makes it, `pause` awaited between the steps) answer.
 */
export const systemAtOnce = () => systemAnswers(makeSystem());
export const systemInSteps = async (pause: () => Promise<void>) =>
  systemAnswers(await makeSystem(undefined, pause));

/**
 * Chakra's token dictionary for the browser to adopt instead of computing it again (src/app/
 * theme.ts), as JSON checked by the guard; the prerender writes it beside the pages.
 */
export function tokenSnapshot(): string {
  const json = verifiedTokenSnapshot(makeSystem);
  if (!json) throw new Error('prerender: Chakra token snapshot unavailable (chakra-snapshot.ts)');
  return json;
}

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** <title> and the other tags React hoists to <head>. */
  head: string;
  /** The styles the page uses, as <style> tags the browser's emotion cache adopts. */
  styles: string;
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

export async function render(path: string): Promise<RenderedPage> {
  // The browser's cache has the same key (src/app/emotion.ts): it adopts these styles.
  const cache = createCache({ key: EMOTION_KEY });
  const emotion = createEmotionServer(cache);
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <Providers system={appSystem()}>
          <AppErrorBoundary>
            <StaticRouter location={path}>
              <AppRoutes />
            </StaticRouter>
          </AppErrorBoundary>
        </Providers>
      </CacheProvider>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every part of the page in place: React would otherwise move parts over 12.8 KB to the end
      // of the HTML, to be put back by an inline script (which the CSP forbids, rightly).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const markup = await text(prelude);
  // A part that cannot render at build time would be drawn again in the browser: say which.
  if (errors.length) throw new Error(`${path}: ${errors.map(String).join('; ')}`);
  // React puts hoisted head tags (the page's <title>) before the content of a partial document.
  const hoisted = /^((?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)*)/.exec(markup)?.[1] ?? '';
  const html = markup.slice(hoisted.length);
  // The global tags keep emotion's marking, with data-s so that emotion's default cache leaves
  // them where they are; the page's own classes are listed where only the app's cache reads them.
  const styles = emotion
    .extractCriticalToChunks(html)
    .styles.map(({ key, ids, css }) =>
      key === EMOTION_KEY
        ? `<style ${PRERENDERED_CLASSES}="${ids.join(' ')}">${css}</style>`
        : `<style data-s="" data-emotion="${key} ${ids.join(' ')}">${css}</style>`,
    )
    .join('');
  return { html, head: hoisted, styles };
}
