/// <reference lib="webworker" />
// The service worker (docs/offline-submit-flow.md): precaches the app shell so every public route opens
// offline, answers navigations with the page's HTML (never /api/), keeps the public
// registration-form list and the public configuration fresh-but-offline, and sends a queued
// submission, and a manager's queued practice whose files are up, through Background Sync. Updates wait for the practitioner ('Update available
// — Reload'): no skipWaiting until the page asks for it.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  PRACTICE_SENT_MESSAGE,
  PRACTICE_SYNC_TAG,
  sendQueuedPractice,
} from './lib/uploads/practice-outbox.ts';
import {
  SUBMISSION_SYNC_TAG,
  SUBMITTED_MESSAGE,
  sendQueuedSubmission,
} from './lib/uploads/submission-outbox.ts';
import { pageFileFor } from './page-files.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

type SyncEvent = ExtendableEvent & { tag: string };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

// Each public page opens as its pre-rendered HTML, the dashboard from the empty shell, any
// other path as the 404 page (docs/decisions/060-prerendered-public-pages.md).
registerRoute(
  new NavigationRoute(
    async ({ url, request }) =>
      (await matchPrecache(`/${pageFileFor(url.pathname)}`)) ??
      (await matchPrecache('/index.html')) ??
      fetch(request),
    { denylist: [/^\/api\//] },
  ),
);

// The scheme catalogue staff keep (decision 072): the network's answer whenever there is one,
// so a change shows on the next load; the last answer when offline or too slow. It is fetched
// once at install too, so a practitioner who goes offline right after the first visit still
// has the list.
const CATALOGUE_PATH = '/api/catalogue';
const CATALOGUE_CACHE = 'catalogue';
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && url.pathname === CATALOGUE_PATH,
  new NetworkFirst({ cacheName: CATALOGUE_CACHE, networkTimeoutSeconds: 4 }),
);
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CATALOGUE_CACHE)
      .then((cache) => cache.add(CATALOGUE_PATH))
      // Offline at install: the first online visit's answer fills it.
      .catch(() => undefined),
  );
});

// Only these public reads are cached; every other /api call goes to the network.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    request.method === 'GET' &&
    (url.pathname === '/api/medical-aid-documents' || url.pathname === '/api/config'),
  new StaleWhileRevalidate({
    cacheName: 'public-api',
    plugins: [new ExpirationPlugin({ maxEntries: 4, maxAgeSeconds: 7 * 24 * 60 * 60 })],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

async function tellPages(message: unknown) {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) client.postMessage(message);
}

// The manager's practice (decision 130): created, then its practitioners invited; the outcome
// is kept on the device for the manager's next visit, and open pages are told.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== PRACTICE_SYNC_TAG) return;
  sync.waitUntil(
    (async () => {
      const outcome = await sendQueuedPractice(null);
      if (outcome.kind === 'offline' || outcome.kind === 'busy') throw new Error('Not sent yet');
      if (outcome.kind === 'sent' || outcome.kind === 'refused')
        await tellPages({ type: PRACTICE_SENT_MESSAGE });
    })(),
  );
});

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== SUBMISSION_SYNC_TAG) return;
  sync.waitUntil(
    (async () => {
      const outcome = await sendQueuedSubmission();
      if (outcome.kind === 'offline' || outcome.kind === 'busy') {
        // Rejecting makes the browser schedule the sync again later (a 5xx or 429 too).
        throw new Error('Not sent yet');
      }
      if (outcome.kind === 'sent')
        await tellPages({ type: SUBMITTED_MESSAGE, result: outcome.result });
      // A rejected submission stays queued: the page shows why and lets the practitioner act.
    })(),
  );
});
