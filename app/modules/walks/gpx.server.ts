import type { User } from '#app/db/schema.ts'
import type { Locale } from '#app/i18n/config.ts'
import type { Services } from '#app/services.server.ts'
import { linePaths } from './geojson.schema.ts'
import { buildGpx } from './gpx.ts'
import { WalksRepo } from './walks.repo.server.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * A route's GPX file for whoever may see the route (published: anyone; draft: members), found
 * by uuid or by slug; null when it is not visible, exactly like a missing route.
 */
export async function routeGpx(
  services: Pick<Services, 'db' | 'walks' | 'config'>,
  ref: string,
  options: { viewer: User | null; categorySlug?: string; locale: Locale | null },
): Promise<{ slug: string; xml: string } | null> {
  let slug = ref
  let categorySlug = options.categorySlug
  if (UUID.test(ref)) {
    const repo = new WalksRepo(services.db)
    const walk = await repo.findByUuid(ref.toLowerCase())
    if (!walk) return null
    slug = walk.slug
    categorySlug = (await repo.findCategory(walk.category_id))?.slug
  }
  const route = await services.walks.publicBySlug(slug, { categorySlug, locale: options.locale, viewer: options.viewer })
  if (!route) return null
  const paths = route.isPathVisible && route.features_collection ? linePaths(route.features_collection) : null
  const xml = buildGpx({ name: route.name ?? route.slug, url: `${services.config.BASE_URL}/m/${route.slug}`, places: route.places, paths })
  return { slug: route.slug, xml }
}
