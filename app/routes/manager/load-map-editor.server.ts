import { redirect, type LoaderFunctionArgs } from 'react-router'
import { localeFromParam } from '#app/i18n/config.ts'
import { hasCoordinates, type LatLng } from '#app/modules/geo/geo.ts'
import { addressingOf, categoryOrigin } from '#app/modules/addresses/route-address.ts'
import { requireUser } from '#app/modules/auth/guards.ts'
import { selectedCategory } from '#app/modules/categories/selected-category.server.ts'
import type { PlaceSummary } from '#app/modules/places/places.schema.ts'
import type { QrCodeView } from '#app/modules/qr-codes/qr-codes.schema.ts'
import type { RouteSummaryView, RouteView } from '#app/modules/walks/walk-responses.schema.ts'

export interface CategoryStats {
  year: number
  views: number
  likes: number
}

/**
 * docs/spec.md §4: with subdomain routing, choosing a category whose slug is not the current
 * subdomain moves the browser to that subdomain, keeping the path. Null: stay.
 */
export function subdomainMove(url: URL, slug: string, currentSlug: string | null, config: { BASE_URL: string; SUBDOMAIN_ROUTING: boolean }): string | null {
  if (!config.SUBDOMAIN_ROUTING || slug === currentSlug) return null
  return `${categoryOrigin(addressingOf(config), slug)}${url.pathname}${url.search}`
}

/**
 * What /map loads: the user's categories, and for the selected one its places, routes, QR codes,
 * this year's views and likes, and the open route in full (`?route=<uuid>`, else the first).
 */
export async function loadMapEditor(args: LoaderFunctionArgs) {
  const user = requireUser(args)
  const { services, categorySlug } = args.context
  const { config } = services
  const url = new URL(args.request.url)
  const locale = localeFromParam(args.params.lang)
  const tiles = { tileUrl: config.TILE_URL, attribution: config.TILE_ATTRIBUTION }
  const asked = url.searchParams.get('route')
  // A link to a route alone (`/map?route=UUID`, the AI page's) opens the route's own category.
  const linked = asked && !url.searchParams.has('category') ? await services.walks.find(user, asked, locale) : null
  const selectionUrl = new URL(url)
  if (linked) selectionUrl.searchParams.set('category', String(linked.place_category_id))
  const { categories, selected } = await selectedCategory(services, user, selectionUrl, { allowNone: true, preferredSlug: categorySlug })
  const empty = {
    categories,
    tiles,
    category: null,
    places: [] as PlaceSummary[],
    routes: [] as RouteSummaryView[],
    qrCodes: [] as QrCodeView[],
    stats: null as CategoryStats | null,
    route: null as RouteView | null,
    routeMissing: false,
    /** Where the map opens when the category has no located place yet (its parent's or the user's other places). */
    likelyArea: [] as LatLng[],
    /** How the category's public pages are addressed (ADR 011). */
    addressing: addressingOf(config),
    /** Whether the map offers "Find a town or address" (GEOCODER is not off). */
    geocoding: services.geocoding.enabled,
    /** REVISIONS_DAYS: how long the History keeps a save (ADR 111). */
    revisionsDays: config.REVISIONS_DAYS,
  }
  if (!selected) return empty

  // Only an explicit choice moves to another host: the base host's /map shows the first category.
  if (url.searchParams.has('category')) {
    const target = subdomainMove(url, selected.slug, categorySlug, config)
    if (target) throw redirect(target)
  }

  const year = new Date().getUTCFullYear()
  const [places, routes, qrCodes, statistic]: [PlaceSummary[], RouteSummaryView[], QrCodeView[], { views: number; likes: number }] = await Promise.all([
    services.places.listForCategory(user, selected.id),
    services.walks.listForCategory(user, selected.id, locale),
    services.qrCodes.listForCategory(user, selected.id),
    services.stats.fetchStatistic(user, selected.id, year),
  ])
  // A new category: open the map where its places will likely be, not on the whole country.
  const likelyArea = places.some(hasCoordinates) ? [] : await services.places.likelyArea(user, selected.id)
  const chosen = routes.find((r) => r.uuid === asked) ?? routes[0]
  // Deleted meanwhile or not of this category: the page says "Failed to fetch route by uuid".
  const route: RouteView | null = chosen ? (linked?.uuid === chosen.uuid ? linked : await services.walks.find(user, chosen.uuid, locale)) : null
  const routeMissing = (Boolean(asked) && !routes.some((r) => r.uuid === asked)) || (chosen !== undefined && route === null)
  return {
    ...empty,
    category: { id: selected.id, name: selected.name, slug: selected.slug, fallbackLocale: selected.fallbackLocale, contentLocales: selected.contentLocales },
    // The editor needs names and positions only, not each place's users and secrets.
    places: places.map(({ id, place_category_id, name, lat, lng, created_at }): PlaceSummary => ({ id, place_category_id, name, lat, lng, created_at })),
    routes,
    qrCodes,
    stats: { year, views: statistic.views, likes: statistic.likes },
    route,
    routeMissing,
    likelyArea,
  }
}
