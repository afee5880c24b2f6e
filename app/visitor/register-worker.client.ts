import { isLocale } from '#app/i18n/config.ts'
import { offlinePagePath } from './visitor-paths.ts'

// Registers the visitors' service worker (app/visitor/service-worker.ts) from a public page, and
// hands it the page, its resources and the offline page of its language (ADR 090).

const OWN_RESOURCE = /^\/(?:assets|uploads)\/|^\/(?:landing\.js|favicon\.svg|manifest\.webmanifest)$/

/** Same-origin scripts, styles and images the page loaded, and the page itself. */
function pageResources(): string[] {
  const own = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && OWN_RESOURCE.test(url.pathname))
    .map((url) => url.href)
  return [location.href, ...new Set(own)]
}

/** Whether every URL is in the worker's caches within `withinMs` (a resource it refused to keep never is). */
async function inCaches(urls: string[], withinMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + withinMs
  let missing = urls
  for (;;) {
    const found = await Promise.all(missing.map((url) => caches.match(url, { ignoreVary: true })))
    missing = missing.filter((_, i) => !found[i])
    if (missing.length === 0) return true
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Asks the worker to cache URLs (workbox-routing's cache listener) and waits for its answer. */
function cacheUrls(worker: ServiceWorker, urls: string[]): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => resolve()
    worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: urls } }, [channel.port2])
  })
}

/**
 * Registers the worker whose address the page names (`<meta name="trailguide:service-worker">`), then
 * caches this page when the worker did not see it load, and the offline page of its language when not
 * kept yet; marks `<html data-offline-ready>` when done. Quiet where workers are missing
 * (private windows, old browsers, a frame on another site): the page works as before.
 */
export async function registerVisitorWorker(): Promise<ServiceWorkerRegistration | null> {
  const url = document.querySelector('meta[name="trailguide:service-worker"]')?.getAttribute('content')
  if (!url || !('serviceWorker' in navigator)) return null
  // Whether the worker saw this page load: read before it may claim the page (on its first activation).
  const controlled = navigator.serviceWorker.controller !== null
  try {
    const registration = await navigator.serviceWorker.register(url, { scope: '/' })
    const ready = await navigator.serviceWorker.ready
    const lang = document.documentElement.lang
    const offline = new URL(offlinePagePath(isLocale(lang) ? lang : 'en'), location.origin).href
    // Controlled, the page and its files went through the worker, which kept them.
    const urls = controlled ? [] : pageResources()
    if (!(await caches.match(offline))) urls.push(offline)
    if (ready.active && urls.length > 0) {
      await cacheUrls(ready.active, urls)
      // The worker answers once it has the answers and writes them to its caches just after
      // (workbox's cache listener): the page is said ready once they are there.
      if (!(await inCaches(urls))) return registration
    }
    document.documentElement.dataset.offlineReady = 'true'
    return registration
  } catch {
    return null
  }
}
