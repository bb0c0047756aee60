/// <reference lib="webworker" />
// The service worker: every route's code and asset precached, navigations answered with the app
// shell, and no API answer ever cached (lookups, sign-ins and submissions are personal).
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SYNC_TAG, syncNow } from './lib/outbox';

declare const self: ServiceWorkerGlobalScope;

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once, so it keeps working if the signal drops before a reload.
// Later versions still wait for the person's 'Atualizar' (SKIP_WAITING below).
clientsClaim();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/_\//, /^\/robots\.txt$/],
  }),
);

// The page asks for the new version only when the person accepts the 'Atualizar' prompt.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync: the browser wakes the worker when the connection returns, even with no tab open.
// The worker runs the very same outbox engine as the pages.
self.addEventListener('sync', (event) => {
  const e = event as SyncEvent;
  if (e.tag === SYNC_TAG) e.waitUntil(syncNow());
});
