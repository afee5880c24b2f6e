// Which addresses are the visitors' (shared by the service worker and the pages' scripts).
import { localizePath, splitLocalePath, type Locale } from '#app/i18n/config.ts'

/** A visitor page: /r/…, /m/…, /c/… (any language prefix), a category subdomain's home (/, /fr…), or the offline page. */
export function isVisitorPage(pathname: string): boolean {
  return /^\/(?:(?:fr|en|de|it)\/)?(?:[rmc]\/[^/]|offline$)/.test(pathname) || /^\/(?:(?:fr|en|de|it)\/?)?$/.test(pathname)
}

/** The page the worker answers offline for a visitor page it does not keep (ADR 090), per language. */
export const offlinePagePath = (locale: Locale): string => localizePath('/offline', locale)

/** What kind of visitor page a kept address is, for the offline page's list. */
export function visitorPageKind(pathname: string): 'map' | 'landing' | 'home' | null {
  const path = splitLocalePath(pathname).path
  if (path.startsWith('/m/')) return 'map'
  if (path.startsWith('/r/')) return 'landing'
  if (path === '/' || path.startsWith('/c/')) return 'home'
  return null
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
