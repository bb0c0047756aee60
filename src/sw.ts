/// <reference lib="webworker" />
// The service worker: every route's code, page and asset precached, each navigation answered with
// its own prerendered page (so it paints before scripts, offline too), and no API answer ever
// cached (lookups, sign-ins and submissions are personal).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { pageFile } from './config/pages';
import { signalBack, SYNC_TAG, syncNow } from './offline';
import { guessedPath } from './domain/guessed-paths';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once, so it keeps working if the signal drops before a reload.
// Later versions still wait for the person's 'Atualizar' (SKIP_WAITING below).
clientsClaim();

/** The page of an address, from this version's precache: its own, else 'not found', else the shell. */
async function pageFor(url: URL): Promise<Response> {
  // An address people guess for another page (/rastreamento): sent there, as the server does.
  const guessed = guessedPath(url.pathname);
  if (guessed) return Response.redirect(new URL(guessed + url.search, url.origin).href, 301);
  const path = url.pathname.replace(/\/+$/, '') || '/';
  for (const file of [`/${pageFile(path)}`, '/404.html', '/app-shell.html']) {
    const page = await matchPrecache(file);
    if (page) return page;
  }
  return fetch(url);
}

registerRoute(
  new NavigationRoute(({ url }) => pageFor(url), {
    denylist: [/^\/api\//, /^\/_\//, /^\/robots\.txt$/],
  }),
);

// The label scanner's decoder (WebAssembly, about 1 MB) is not precached for every visitor: the
// first time a phone opens the scanner it is fetched and kept here, so scanning works offline
// after. A new version's decoder replaces the old one.
const SCANNER_CACHE = 'scanner';
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/assets\/.+\.wasm$/.test(url.pathname),
  async ({ request }) => {
    const cache = await caches.open(SCANNER_CACHE);
    const kept = await cache.match(request);
    if (kept) return kept;
    const fresh = await fetch(request);
    if (fresh.ok) {
      for (const old of await cache.keys()) await cache.delete(old);
      await cache.put(request, fresh.clone());
    }
    return fresh;
  },
);

// The page asks for the new version only when the person accepts the 'Atualizar' prompt.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync: the browser wakes the worker when the connection returns, even with no tab open.
// The worker runs the very same outbox engine as the pages.
self.addEventListener('sync', (event) => {
  const e = event as SyncEvent;
  if (e.tag !== SYNC_TAG) return;
  // The browser says the connection is back: what got no answer goes now.
  signalBack();
  e.waitUntil(syncNow());
});
