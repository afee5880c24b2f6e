/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core/types.js'
import { ExpirationPlugin } from 'workbox-expiration'
import { Route, Router } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { tileUrlPattern } from './tile-plan.ts'
import { isVisitorPage, isVisitorReferrer, VISITOR_CACHES, STATIC_FILES } from './visitor-paths.ts'

// The visitors' service worker (issue 13, ADR 021), registered by the public pages only:
// - visitor pages (/r, /m, /c and a category's home), network first, kept when the answer is
//   `public` (a member's page is `private, no-store` and is never kept), else from any cache:
//   the runtime one or a walk saved for offline;
// - their scripts, styles and images, cache first (hashed or never-reused names);
// - map tiles of the configured source (`?tiles=` in this script's URL, only with
//   OFFLINE_TILES=on): from a walk saved for offline when there, else the network; never kept here;
// - nothing else: manager pages and every API answer go to the network untouched.
// A page posts `{type: 'CACHE_URLS'}` with its own address and resources on the first visit,
// before this worker controlled it (workbox-routing's cache listener).

declare const self: ServiceWorkerGlobalScope

/** Only answers a shared cache may keep: a visitor's page, never a member's. */
const publicOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && /\bpublic\b/.test(response.headers.get('Cache-Control') ?? '') ? response : null),
}
/** A page missing from the runtime cache may be in a walk saved for offline (or there under another query). */
const anyCache: WorkboxPlugin = {
  handlerDidError: async ({ request }) =>
    (await caches.match(request, { ignoreVary: true })) ?? (await caches.match(request, { ignoreVary: true, ignoreSearch: true })),
}
const ok: WorkboxPlugin = { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) }

const router = new Router()
const sameOrigin = (url: URL) => url.origin === self.location.origin

router.registerRoute(
  new Route(
    ({ url, request }) => request.mode === 'navigate' && sameOrigin(url) && isVisitorPage(url.pathname),
    new NetworkFirst({
      cacheName: VISITOR_CACHES.pages,
      networkTimeoutSeconds: 4,
      matchOptions: { ignoreVary: true },
      plugins: [publicOnly, anyCache, new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
    }),
  ),
)
router.registerRoute(
  new Route(
    ({ url, request }) => sameOrigin(url) && url.pathname.startsWith('/assets/') && isVisitorReferrer(request.referrer, self.location.origin),
    new CacheFirst({ cacheName: VISITOR_CACHES.assets, plugins: [ok, anyCache, new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })] }),
  ),
)
router.registerRoute(
  new Route(
    ({ url, request }) => sameOrigin(url) && url.pathname.startsWith('/uploads/') && isVisitorReferrer(request.referrer, self.location.origin),
    new CacheFirst({ cacheName: VISITOR_CACHES.images, plugins: [ok, anyCache, new ExpirationPlugin({ maxEntries: 150, purgeOnQuotaError: true })] }),
  ),
)
router.registerRoute(
  new Route(
    ({ url }) => sameOrigin(url) && STATIC_FILES.includes(url.pathname),
    new StaleWhileRevalidate({ cacheName: VISITOR_CACHES.assets, plugins: [ok, anyCache] }),
  ),
)

const tiles = new URL(self.location.href).searchParams.get('tiles')
if (tiles) {
  const pattern = tileUrlPattern(tiles)
  router.registerRoute(
    new Route(
      ({ url }) => pattern.test(url.href),
      async ({ request }) => (await caches.match(request.url, { ignoreVary: true })) ?? fetch(request),
    ),
  )
}

router.addFetchListener()
router.addCacheListener()

self.addEventListener('install', () => void self.skipWaiting())
self.addEventListener('activate', (event) => {
  // Caches of an older layout of this worker go; the saved walks stay.
  const keep = new Set<string>(Object.values(VISITOR_CACHES))
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('trailguide-') && !keep.has(name) && !name.startsWith(VISITOR_CACHES.walkPrefix)) await caches.delete(name)
      await self.clients.claim()
    })(),
  )
})
