// Registers the visitors' service worker (app/visitor/service-worker.ts) from a public page, and
// hands it the page and its resources the first time, when it did not control the page yet.

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
 * caches this page; marks `<html data-offline-ready>` when done. Quiet where workers are missing
 * (private windows, old browsers, a frame on another site): the page works as before.
 */
export async function registerVisitorWorker(): Promise<ServiceWorkerRegistration | null> {
  const url = document.querySelector('meta[name="trailguide:service-worker"]')?.getAttribute('content')
  if (!url || !('serviceWorker' in navigator)) return null
  try {
    const registration = await navigator.serviceWorker.register(url, { scope: '/' })
    const ready = await navigator.serviceWorker.ready
    if (ready.active) await cacheUrls(ready.active, pageResources())
    document.documentElement.dataset.offlineReady = 'true'
    return registration
  } catch {
    return null
  }
}
