/// <reference lib="webworker" />
import type { WorkboxPlugin } from 'workbox-core/types.js'
import { ExpirationPlugin } from 'workbox-expiration'
import { Route, Router } from 'workbox-routing'
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies'
import { isLocale, locales, splitLocalePath, type Locale } from '#app/i18n/config.ts'
import { fillOfflinePage, pageTitle, type KeptLink, type KeptPage } from './offline-page.ts'
import { tileUrlPattern } from './tile-plan.ts'
import { isVisitorPage, isVisitorReferrer, offlinePagePath, visitorPageKind, VISITOR_CACHES, STATIC_FILES } from './visitor-paths.ts'

// The visitors' service worker (ADR 021), registered by the public pages only:
// - visitor pages (/r, /m, /c and a category's home), network first, kept when the answer is
//   `public` (a member's page is `private, no-store` and is never kept), else from any cache:
//   the runtime one or a walk saved for offline;
// - their scripts, styles and images, cache first (hashed or never-reused names);
// - map tiles of the configured source (`?tiles=` in this script's URL, only with
//   OFFLINE_TILES=on): from a walk saved for offline when there, else the network; never kept here;
// - nothing else: manager pages and every API answer go to the network untouched.
// A page posts `{type: 'CACHE_URLS'}` with its own address, its resources and the offline page of
// its language on the first visit, before this worker controlled it (workbox-routing's cache
// listener): the page is kept from the first visit on (ADR 090).
// Offline, a visitor page that is not kept, or a scanned plaque (/q/…), gets the offline page:
// the walks saved on this phone and the pages kept, as links.

declare const self: ServiceWorkerGlobalScope

const isPublic = (response: Response | undefined) => response?.status === 200 && /\bpublic\b/.test(response.headers.get('Cache-Control') ?? '')
/** Only answers a shared cache may keep: a visitor's page, never a member's. */
const publicOnly: WorkboxPlugin = { cacheWillUpdate: async ({ response }) => (isPublic(response) ? response : null) }
/** A page missing from the runtime cache may be in a walk saved for offline (or there under another query). */
const anyCache: WorkboxPlugin = {
  handlerDidError: async ({ request }) =>
    (await caches.match(request, { ignoreVary: true })) ?? (await caches.match(request, { ignoreVary: true, ignoreSearch: true })),
}
const ok: WorkboxPlugin = { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) }

/**
 * The pages (window clients) whose own answer was public. A member's page (a draft, `private`)
 * shows images a shared phone must not keep after sign-out: its images are not kept. Known only
 * in this worker's memory: after a restart, images wait for the next public page to be kept.
 */
const publicClients = new Set<string>()
const askingClient = (event: ExtendableEvent | undefined) =>
  event instanceof FetchEvent ? event.clientId : event instanceof ExtendableMessageEvent ? ((event.source as Client | null)?.id ?? '') : ''
/** An image is kept only when the page that asked for it was a public answer. */
const ofPublicPages: WorkboxPlugin = {
  cacheWillUpdate: async ({ response, event }) => (response.status === 200 && publicClients.has(askingClient(event)) ? response : null),
}

const router = new Router()
const sameOrigin = (url: URL) => url.origin === self.location.origin

// A page load, or a page a visitor page asked to keep (a CACHE_URLS message: its request is not a navigation).
const pageRequest = (request: Request, event: ExtendableEvent | undefined) => request.mode === 'navigate' || event?.type === 'message'

const pages = new NetworkFirst({
  cacheName: VISITOR_CACHES.pages,
  networkTimeoutSeconds: 4,
  matchOptions: { ignoreVary: true },
  plugins: [publicOnly, anyCache, new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true })],
})
router.registerRoute(
  new Route(
    ({ url, request, event }) => pageRequest(request, event) && sameOrigin(url) && isVisitorPage(url.pathname),
    async (options) => {
      const response = await pages.handle(options)
      const client = options.event instanceof FetchEvent ? options.event.resultingClientId : ''
      if (client && isPublic(response)) publicClients.add(client)
      return response
    },
  ),
)
router.registerRoute(
  new Route(
    ({ url, request }) => sameOrigin(url) && url.pathname.startsWith('/assets/') && isVisitorReferrer(request.referrer, self.location.origin),
    new CacheFirst({ cacheName: VISITOR_CACHES.assets, plugins: [ok, anyCache, new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })] }),
  ),
)
/** A part of a kept whole answer, as the server would send it (RFC 9110 §14): players seek with ranges. */
async function partOf(whole: Response, range: string): Promise<Response> {
  const body = await whole.blob()
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim())
  const size = body.size
  let start = match?.[1] ? Number(match[1]) : match?.[2] ? Math.max(0, size - Number(match[2])) : 0
  const end = match?.[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1
  if (!match || start > end) return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${size}` } })
  start = Math.min(start, end)
  const headers = new Headers(whole.headers)
  headers.set('Content-Range', `bytes ${start}-${end}/${size}`)
  headers.set('Content-Length', String(end - start + 1))
  return new Response(body.slice(start, end + 1), { status: 206, headers })
}
// Recordings (ADR 122) of a walk saved for offline: the player asks for ranges of the kept file.
router.registerRoute(
  new Route(
    ({ url, request }) => sameOrigin(url) && url.pathname.startsWith('/uploads/recordings/') && request.headers.has('range'),
    async ({ request }) => {
      const kept = await caches.match(request.url, { ignoreVary: true })
      return kept ? partOf(kept, request.headers.get('range')!) : fetch(request)
    },
  ),
)
router.registerRoute(
  new Route(
    ({ url, request }) => sameOrigin(url) && url.pathname.startsWith('/uploads/') && isVisitorReferrer(request.referrer, self.location.origin),
    new CacheFirst({ cacheName: VISITOR_CACHES.images, plugins: [ofPublicPages, anyCache, new ExpirationPlugin({ maxEntries: 150, purgeOnQuotaError: true })] }),
  ),
)
router.registerRoute(
  new Route(
    ({ url }) => sameOrigin(url) && STATIC_FILES.includes(url.pathname),
    new StaleWhileRevalidate({ cacheName: VISITOR_CACHES.assets, plugins: [ok, anyCache] }),
  ),
)

// A plaque's address resolves on the server only: offline, the catch handler answers it.
router.registerRoute(new Route(({ url, request }) => request.mode === 'navigate' && sameOrigin(url) && /^\/(?:(?:fr|en|de|it)\/)?q\//.test(url.pathname), ({ request }) => fetch(request)))

/** The languages to answer in: the asked address's, else the browser's, else English. */
function languagesFor(url: URL): Locale[] {
  const asked = splitLocalePath(url.pathname).locale
  const browser = self.navigator.languages.map((tag) => tag.slice(0, 2).toLowerCase()).filter(isLocale)
  return [...new Set<Locale>([...(asked ? [asked] : []), ...browser, 'en', ...locales])]
}

async function keptLinks(): Promise<{ walks: KeptLink[]; pages: KeptPage[] }> {
  const described = async (cache: Cache, request: Request) => {
    const url = new URL(request.url)
    const kind = visitorPageKind(url.pathname)
    const response = kind ? await cache.match(request, { ignoreVary: true }) : undefined
    const title = response ? pageTitle(await response.text()) : null
    return kind && title ? { href: `${url.pathname}${url.search}`, title, kind, locale: splitLocalePath(url.pathname).locale ?? 'en', path: url.pathname } : null
  }
  const walks: KeptLink[] = []
  const pages: KeptPage[] = []
  for (const name of await caches.keys()) {
    if (!name.startsWith(VISITOR_CACHES.walkPrefix)) continue
    const cache = await caches.open(name)
    for (const request of await cache.keys()) {
      const page = await described(cache, request)
      if (page?.kind === 'map') walks.push({ href: page.href, title: page.title })
    }
  }
  const cache = await caches.open(VISITOR_CACHES.pages)
  const seen = new Set<string>()
  for (const request of await cache.keys()) {
    const page = await described(cache, request)
    // One line per page: ?place= copies of a map page are the same page.
    if (!page || seen.has(page.path)) continue
    seen.add(page.path)
    pages.push({ href: page.path, title: page.title, kind: page.kind, locale: page.locale })
  }
  return { walks, pages }
}

/** The offline page in the visitor's language, with what this phone keeps; null when none was kept. */
async function offlineAnswer(url: URL): Promise<Response | null> {
  const cache = await caches.open(VISITOR_CACHES.pages)
  for (const locale of languagesFor(url)) {
    const template = await cache.match(new URL(offlinePagePath(locale), self.location.origin).href, { ignoreVary: true })
    if (!template) continue
    const { walks, pages } = await keptLinks()
    const headers = new Headers(template.headers)
    headers.set('Cache-Control', 'no-store')
    for (const name of ['ETag', 'Content-Length', 'Content-Encoding']) headers.delete(name)
    return new Response(fillOfflinePage(await template.text(), walks, pages), { status: 503, headers })
  }
  return null
}

router.setCatchHandler(async ({ url, request }) => (request.mode === 'navigate' && sameOrigin(url) ? ((await offlineAnswer(url)) ?? Response.error()) : Response.error()))

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

// The page and its resources, posted by the page on its first visit (before this worker
// controlled it): only a public page posts them (a draft's page names no worker), so the poster
// counts as a public page for the images it hands over (this listener runs before workbox's).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const source = event.source as Client | null
  if ((event.data as { type?: string } | null)?.type === 'CACHE_URLS' && source) publicClients.add(source.id)
})
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
