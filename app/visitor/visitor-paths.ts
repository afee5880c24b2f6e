// Which addresses are the visitors' (shared by the service worker and the pages' scripts).

/** A visitor page: /r/…, /m/…, /c/… (any language prefix), or a category subdomain's home (/, /fr…). */
export function isVisitorPage(pathname: string): boolean {
  return /^\/(?:(?:fr|en|de|it)\/)?[rmc]\/[^/]/.test(pathname) || /^\/(?:(?:fr|en|de|it)\/?)?$/.test(pathname)
}

/**
 * A resource asked by a visitor page (its referrer), by a stylesheet, or by this code itself
 * (no referrer): manager pages' scripts and images are not kept.
 */
export function isVisitorReferrer(referrer: string, origin: string): boolean {
  if (referrer === '' || referrer === 'about:client') return true
  let url: URL
  try {
    url = new URL(referrer)
  } catch {
    return false
  }
  return url.origin === origin && (isVisitorPage(url.pathname) || url.pathname.startsWith('/assets/'))
}

export const VISITOR_CACHES = {
  pages: 'trailguide-pages',
  assets: 'trailguide-assets',
  images: 'trailguide-images',
  /** One cache per walk saved for offline: `trailguide-walk:{uuid}`. */
  walkPrefix: 'trailguide-walk:',
} as const

/** Files of public/ the visitor pages use. */
export const STATIC_FILES = ['/landing.js', '/favicon.svg', '/manifest.webmanifest', '/icon-192.png', '/icon-512.png']
