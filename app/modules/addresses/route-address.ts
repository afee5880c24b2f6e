import { localizePath, type Locale } from '#app/i18n/config.ts'

// Every public address of a route is built here (ADR 011): the landing and map pages, in every
// language, as a path on the category's host or as an absolute URL. A printed address names its
// category: by host with subdomain routing, by the first path segment without. Pure: the server,
// the manager's share dialogs and the landing editor's preview all build the same addresses.

/** How the installation addresses its public pages (BASE_URL and SUBDOMAIN_ROUTING). */
export interface Addressing {
  baseUrl: string
  subdomains: boolean
}

/** The addressing of the installation's settings (BASE_URL, SUBDOMAIN_ROUTING): both are public. */
export const addressingOf = (config: { BASE_URL: string; SUBDOMAIN_ROUTING: boolean }): Addressing => ({
  baseUrl: config.BASE_URL,
  subdomains: config.SUBDOMAIN_ROUTING,
})

/** A route named by its category's slug and its own. */
export interface RouteRef {
  category: string
  slug: string
}

export type RoutePage = 'landing' | 'map'

const pageLetter: Record<RoutePage, 'r' | 'm'> = { landing: 'r', map: 'm' }

/** The origin of a category's public pages: its subdomain with subdomain routing, else BASE_URL's. */
export function categoryOrigin(addressing: Addressing, category: string): string {
  const base = new URL(addressing.baseUrl)
  if (addressing.subdomains) base.hostname = `${category}.${base.hostname}`
  return base.origin
}

/**
 * A route page's address: `path` on the category's host (with the language prefix; English and
 * no language unprefixed, so each visitor gets their own, as on the printed codes) and `url`,
 * the absolute address. `search` ("?place=12") is appended to both.
 */
export function routeAddress(
  addressing: Addressing,
  page: RoutePage,
  route: RouteRef,
  options: { locale?: Locale | null; search?: string } = {},
): { path: string; url: string } {
  const segments = addressing.subdomains ? [route.slug] : [route.category, route.slug]
  const bare = `/${pageLetter[page]}/${segments.map(encodeURIComponent).join('/')}`
  const path = (options.locale ? localizePath(bare, options.locale) : bare) + (options.search ?? '')
  return { path, url: `${categoryOrigin(addressing, route.category)}${path}` }
}

/**
 * A category's public home: `/c/{category}` on the base host, or the root of the
 * category's subdomain with subdomain routing; with the language prefix and `search` as routeAddress.
 */
export function categoryHomeAddress(addressing: Addressing, category: string, options: { locale?: Locale | null; search?: string } = {}): { path: string; url: string } {
  const bare = addressing.subdomains ? '/' : `/c/${encodeURIComponent(category)}`
  const path = (options.locale ? localizePath(bare, options.locale) : bare) + (options.search ?? '')
  return { path, url: `${categoryOrigin(addressing, category)}${path}` }
}

/** What a public page's path names: a route with its category, or (an old printed address) without. */
export interface AskedAddress {
  /** The category slug in the path; null when the path names the route only. */
  category: string | null
  slug: string
}

const SEGMENT = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/

/**
 * Reads the `/r/*` or `/m/*` rest of a page's path: "{slug}" or "{category}/{slug}", one trailing
 * slash allowed, compared in lowercase (people type addresses from leaflets). Null for anything
 * else, which no route can have.
 */
export function parseRoutePath(rest: string): AskedAddress | null {
  const parts = rest.replace(/\/$/, '').toLowerCase().split('/')
  if (parts.length > 2 || !parts.every((part) => SEGMENT.test(part))) return null
  return parts.length === 2 ? { category: parts[0], slug: parts[1] } : { category: null, slug: parts[0] }
}

export type RouteFileFormat = 'gpx' | 'geojson' | 'kml'

/** A route's file download (GPX, GeoJSON, KML) by its uuid, which never changes: links in open data and exports. */
export function routeFileUrl(addressing: Addressing, uuid: string, format: RouteFileFormat): string {
  return `${new URL(addressing.baseUrl).origin}/api/routes/${encodeURIComponent(uuid)}/${format}`
}

/** The route's printable leaflet (the print kit): the landing page's address plus `/print`, `?size=a5` for A5. */
export function printAddress(addressing: Addressing, route: RouteRef, options: { locale?: Locale | null; size?: 'a4' | 'a5' } = {}): { path: string; url: string } {
  const landing = routeAddress(addressing, 'landing', route, { locale: options.locale })
  const search = options.size === 'a5' ? '?size=a5' : ''
  return { path: `${landing.path}/print${search}`, url: `${landing.url}/print${search}` }
}
