import { VISITOR_CACHES } from './visitor-paths.ts'

/**
 * Signing out on a shared device: the visitor pages and images the service worker kept go.
 * Walks saved for offline stay (public copies the visitor chose to keep, ADR 021).
 */
export async function forgetKeptPages(): Promise<void> {
  if (typeof caches === 'undefined') return
  await Promise.all([caches.delete(VISITOR_CACHES.pages), caches.delete(VISITOR_CACHES.images)]).catch(() => undefined)
}
