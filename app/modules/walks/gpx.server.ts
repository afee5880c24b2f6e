import type { User } from '#app/db/schema.ts'
import { addressingOf, routeAddress } from '#app/modules/addresses/route-address.ts'
import type { Config } from '#app/config/config.server.ts'
import type { WalkService } from './walks.service.server.ts'
import { linePaths } from '#app/modules/geo/geojson.schema.ts'
import { buildGpx } from './gpx.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * A route's GPX file for whoever may see the route (published: anyone; draft: members), found
 * by uuid, or by slug under the address rules of the public pages (ADR 011): in the category
 * named (current or old slug), else the category-less address printed before; null when it is
 * not visible, exactly like a missing route.
 */
export async function routeGpx(
  services: { walks: WalkService; config: Config },
  ref: string,
  options: { viewer: User | null; categorySlug?: string; locale: string | null },
): Promise<{ slug: string; xml: string } | null> {
  const read = { locale: options.locale, viewer: options.viewer }
  const route = UUID.test(ref)
    ? await services.walks.publicRouteByUuid(ref.toLowerCase(), read)
    : await services.walks.publicRoute({ category: options.categorySlug?.toLowerCase() ?? null, slug: ref.toLowerCase() }, read)
  if (!route) return null
  const paths = route.isPathVisible && route.features_collection ? linePaths(route.features_collection) : null
  const url = routeAddress(addressingOf(services.config), 'map', { category: route.place_category.slug, slug: route.slug }).url
  const xml = buildGpx({ name: route.name ?? route.slug, url, places: route.places, paths })
  return { slug: route.slug, xml }
}
