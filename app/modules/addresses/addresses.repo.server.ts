import type { DB } from '#app/db/db.server.ts'
import type { Walk } from '#app/db/schema.ts'

/**
 * The SQL of printed addresses (ADR 011): the slugs categories and routes hold or held, and the
 * category-less slugs printed before addresses named their category. Triggers write the first
 * two (migration 2026-11-23T1000-printed-addresses); nothing writes the third.
 */
export class AddressesRepo {
  constructor(private readonly db: DB) {}

  /** The category that has or had this slug, with its current slug. */
  findCategory(slug: string): Promise<{ id: number; slug: string } | undefined> {
    return this.db
      .selectFrom('category_slugs')
      .innerJoin('place_categories', 'place_categories.id', 'category_slugs.category_id')
      .select(['place_categories.id', 'place_categories.slug'])
      .where('category_slugs.slug', '=', slug)
      .where('place_categories.deleted_at', 'is', null)
      .executeTakeFirst()
  }

  /** The route that has or had this slug in the category named by its current or an old slug. */
  findRouteInCategory(categorySlug: string, slug: string): Promise<Walk | undefined> {
    return this.db
      .selectFrom('category_slugs')
      .innerJoin('walk_addresses', 'walk_addresses.category_id', 'category_slugs.category_id')
      .innerJoin('walks', 'walks.id', 'walk_addresses.walk_id')
      .selectAll('walks')
      .where('category_slugs.slug', '=', categorySlug)
      .where('walk_addresses.slug', '=', slug)
      // In the trash (ADR 110): as for a deleted route. Its category's slugs are given up meanwhile.
      .where('walks.deleted_at', 'is', null)
      .executeTakeFirst()
  }

  /** The route that keeps a category-less address printed before ADR 011. */
  findLegacyRoute(slug: string): Promise<Walk | undefined> {
    return this.db
      .selectFrom('walk_legacy_slugs')
      .innerJoin('walks', 'walks.id', 'walk_legacy_slugs.walk_id')
      .innerJoin('place_categories', 'place_categories.id', 'walks.category_id')
      .selectAll('walks')
      .where('walk_legacy_slugs.slug', '=', slug)
      .where('walks.deleted_at', 'is', null)
      .where('place_categories.deleted_at', 'is', null)
      .executeTakeFirst()
  }

  /** Whether a category other than `exceptId` has or had the slug. */
  async categorySlugHeld(slug: string, exceptId?: number): Promise<boolean> {
    let query = this.db.selectFrom('category_slugs').select('category_id').where('slug', '=', slug)
    if (exceptId !== undefined) query = query.where('category_id', '!=', exceptId)
    return (await query.executeTakeFirst()) !== undefined
  }

  /** Slugs any category has or had that start with the prefix (to propose a free "-2", "-3"…). */
  async categorySlugsStartingWith(prefix: string): Promise<string[]> {
    const rows = await this.db.selectFrom('category_slugs').select('slug').where('slug', 'like', `${prefix}%`).execute()
    return rows.map((r) => r.slug)
  }

  /** Whether a route of the category other than `exceptWalkId` has or had the slug. */
  async routeSlugHeld(categoryId: number, slug: string, exceptWalkId?: number): Promise<boolean> {
    let query = this.db.selectFrom('walk_addresses').select('walk_id').where('category_id', '=', categoryId).where('slug', '=', slug)
    if (exceptWalkId !== undefined) query = query.where('walk_id', '!=', exceptWalkId)
    return (await query.executeTakeFirst()) !== undefined
  }

  /** Slugs the category's routes have or had that start with the prefix (to pick a free "-2", "-3"…). */
  async routeSlugsStartingWith(categoryId: number, prefix: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('walk_addresses')
      .select('slug')
      .where('category_id', '=', categoryId)
      .where('slug', 'like', `${prefix}%`)
      .execute()
    return rows.map((r) => r.slug)
  }
}
