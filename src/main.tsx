import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { TOKEN_SNAPSHOT_ID } from './app/chakra-snapshot';
import { nextTask } from './lib/idle';

const LOAD_ERROR = 'Error Loading Application';

/** Last resort: a plain message with no React, for when the app cannot even start. */
function showLoadError(error: unknown) {
  console.error(LOAD_ERROR, error);
  const box = document.createElement('p');
  box.setAttribute('role', 'alert');
  box.style.cssText = 'font-family:sans-serif;padding:2rem;text-align:center';
  box.textContent = LOAD_ERROR;
  document.body.replaceChildren(box);
}

/**
 * The snapshot of Chakra's token dictionary the build wrote beside the pages, named by the page's
 * <meta name="chakra-tokens"> (vite.prerender.ts); undefined where there is none (the dev server)
 * or it did not load, and the system then computes its tokens itself.
 */
function loadTokenSnapshot(): Promise<unknown> {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${TOKEN_SNAPSHOT_ID}"]`);
  if (!meta?.content) return Promise.resolve(undefined);
  return fetch(meta.content)
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : undefined))
    .catch(() => undefined);
}

async function start(rootElement: HTMLElement) {
  // A page prerendered at build time (vite.prerender.ts) is adopted as it is, not drawn again.
  const adopting = rootElement.firstElementChild !== null;
  // Loads while the app's modules do; needed only when the system is made.
  const snapshot = loadTokenSnapshot();
  // React's evaluation was one task; the app's modules (Chakra's components, emotion, the router,
  // the layout) and the theme's tokens and recipes are evaluated in others, then Chakra's styled
  // system, and the system is made in the next few.
  const [{ App, preloadForDevice }, , { browserEmotionCache }] = await Promise.all([
    import('./app/app'),
    import('./app/theme-config'),
    import('./app/emotion'),
  ]);
  preloadForDevice(location.pathname);
  await nextTask();
  // Imported only now, so that it cannot be evaluated in the same task as the theme's tokens and
  // recipes (together they made one of the page's longest tasks). The price is its download
  // starting one round trip later, while the prerendered page is already on screen.
  const { adoptingSystem, appSystemInSteps } = await import('./app/theme');
  await nextTask();
  // Chakra's system is made in several tasks of its own (src/app/chakra-snapshot.ts).
  const made = await appSystemInSteps(nextTask, await snapshot);
  const system = adopting ? adoptingSystem(made) : made;
  await nextTask();
  const app = (
    <StrictMode>
      <App system={system} cache={browserEmotionCache()} />
    </StrictMode>
  );
  const options = { onUncaughtError: (error: unknown) => showLoadError(error) };
  // As a transition, the adoption is done in small slices between which the browser stays free
  // to answer the visitor (a slow phone is not frozen while the page goes live).
  if (adopting) startTransition(() => void hydrateRoot(rootElement, app, options));
  else createRoot(rootElement, options).render(app);
}

const rootElement = document.getElementById('root');
if (!rootElement) showLoadError(new Error('Root element #root not found'));
else start(rootElement).catch(showLoadError);
