import type { DB } from '#app/db/db.server.ts'

/** The few reads subdomain routing needs, before any page is rendered. */
export class SubdomainsRepo {
  constructor(private readonly db: DB) {}

  /** The category that has or had this slug (ADR 011), with its current slug. */
  findCategory(slug: string): Promise<{ id: number; slug: string } | undefined> {
    return this.db
      .selectFrom('category_slugs')
      .innerJoin('place_categories', 'place_categories.id', 'category_slugs.category_id')
      .select(['place_categories.id', 'place_categories.slug'])
      .where('category_slugs.slug', '=', slug)
      .executeTakeFirst()
  }

  /** The categories where a route has or had this slug. */
  async categoryIdsWithSlug(slug: string): Promise<number[]> {
    const rows = await this.db.selectFrom('walk_addresses').select('category_id').where('slug', '=', slug).execute()
    return rows.map((r) => r.category_id)
  }

  /** The category's oldest published route. */
  firstPublishedSlug(categoryId: number): Promise<string | undefined> {
    return this.db
      .selectFrom('walks')
      .select('slug')
      .where('category_id', '=', categoryId)
      .where('status', '=', 'published')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
      .then((row) => row?.slug)
  }
}
