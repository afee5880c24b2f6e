import type { AppLoadContext } from 'react-router'
import type { PrintSize, PrintView } from '#app/components/print/print-view.ts'
import { colorHex } from '#app/components/public/landing-view.ts'
import type { Locale } from '#app/i18n/config.ts'
import { addressingOf, printAddress, routeAddress, type RouteRef } from '#app/modules/addresses/route-address.ts'
import type { PublicRouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { linePaths } from '#app/modules/geo/geojson.schema.ts'

/** The services the load context carries (app/load-context.ts), typed without importing the server module. */
type Services = AppLoadContext['services']

/** The leaflet's content: the route's texts, its stops with their texts, its path, its public addresses and QR codes. */
export async function printView(services: Pick<Services, 'config' | 'places'>, route: PublicRouteView, options: { locale: Locale; size: PrintSize; ref: RouteRef }): Promise<PrintView> {
  const addressing = addressingOf(services.config)
  const texts = await services.places.textsIn(route.places.map((p) => p.id), options.locale, route.place_category.fallback_locale)
  const landing = routeAddress(addressing, 'landing', options.ref)
  const qr = (list: { id: number }[]) => (list[0] ? `/api/route-qr-codes/${list[0].id}/image.svg` : null)
  const here = routeAddress(addressing, 'landing', options.ref, { locale: options.locale }).path
  return {
    size: options.size,
    locale: options.locale,
    isDraft: route.status !== 'published',
    categoryName: route.place_category.name,
    name: route.name ?? route.slug,
    subtitle: route.subtitle,
    color: colorHex(route.color),
    distance: route.distance,
    duration: route.duration,
    stops: route.places.map((p) => ({
      number: p.placeSortId,
      name: texts.get(p.id)?.name ?? p.name,
      description: texts.get(p.id)?.description?.replace(/\s+/g, ' ') ?? null,
      lat: p.lat,
      lng: p.lng,
    })),
    lines: route.isPathVisible && route.features_collection ? linePaths(route.features_collection) : [],
    landingUrl: landing.url,
    mapUrl: routeAddress(addressing, 'map', options.ref).url,
    landingQr: qr(route.route_landing_page_qr_codes),
    mapQr: qr(route.route_map_page_qr_codes),
    paths: {
      a4: printAddress(addressing, options.ref, { locale: options.locale }).path,
      a5: printAddress(addressing, options.ref, { locale: options.locale, size: 'a5' }).path,
      landing: here,
    },
  }
}
