import type { DB } from '#app/db/db.server.ts'
import { contentLocalesOf } from '#app/i18n/content-locales.ts'

/** A published, indexed route as the sitemap lists it. */
export interface SitemapRoute {
  categoryId: number
  categorySlug: string
  slug: string
  /** The latest write to the route or to one of its stops (ISO 8601). */
  updatedAt: string
  /** The category's own latest write (its name shows on its home). */
  categoryUpdatedAt: string
  /** The category's content languages, the fallback first (ADR 043). */
  contentLocales: string[]
}

/** The SQL of the sitemaps: published routes not marked "not indexed", by current addresses. */
export class SitemapRepo {
  constructor(private readonly db: DB) {}

  /** Every listed route, of one category when `categoryId` is given, in a stable order. */
  async routes(categoryId: number | null): Promise<SitemapRoute[]> {
    let query = this.db
      .selectFrom('walks as w')
      .innerJoin('place_categories as c', 'c.id', 'w.category_id')
      .leftJoin('walk_places as wp', 'wp.walk_id', 'w.id')
      .leftJoin('places as p', 'p.id', 'wp.place_id')
      .select(['w.category_id as categoryId', 'c.slug as categorySlug', 'w.slug', 'w.updated_at as walkUpdatedAt', 'c.updated_at as categoryUpdatedAt', 'c.fallback_locale', 'c.content_locales'])
      .select((eb) => eb.fn.max('p.updated_at').as('placesUpdatedAt'))
      .where('w.status', '=', 'published')
      .where('w.is_indexed', '=', 1)
      // Nothing in the trash is listed (ADR 110): neither the route nor its category.
      .where('w.deleted_at', 'is', null)
      .where('c.deleted_at', 'is', null)
      .groupBy(['w.id', 'w.category_id', 'c.slug', 'w.slug', 'w.updated_at', 'c.updated_at', 'c.fallback_locale', 'c.content_locales'])
      .orderBy('c.slug')
      .orderBy('w.slug')
    if (categoryId !== null) query = query.where('w.category_id', '=', categoryId)
    const rows = await query.execute()
    return rows.map((row) => ({
      categoryId: row.categoryId,
      categorySlug: row.categorySlug,
      slug: row.slug,
      updatedAt: row.placesUpdatedAt && row.placesUpdatedAt > row.walkUpdatedAt ? row.placesUpdatedAt : row.walkUpdatedAt,
      categoryUpdatedAt: row.categoryUpdatedAt,
      contentLocales: contentLocalesOf(row),
    }))
  }
}
