import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';

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

const rootElement = document.getElementById('root');
if (!rootElement) {
  showLoadError(new Error('Root element #root not found'));
} else {
  try {
    const app = (
      <StrictMode>
        <App />
      </StrictMode>
    );
    const options = { onUncaughtError: (error: unknown) => showLoadError(error) };
    // A page prerendered at build time (vite.prerender.ts) is adopted as it is, not drawn again.
    // As a transition, the adoption is done in small slices between which the browser stays free
    // to answer the visitor (a slow phone is not frozen while the page goes live).
    if (rootElement.firstElementChild) {
      const element = rootElement;
      setTimeout(() => startTransition(() => void hydrateRoot(element, app, options)));
    } else createRoot(rootElement, options).render(app);
  } catch (error) {
    showLoadError(error);
  }
}
