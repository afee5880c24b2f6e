import type { DB } from '#app/db/db.server.ts'

/** The few reads subdomain routing needs, before any page is rendered. */
export class SubdomainsRepo {
  constructor(private readonly db: DB) {}

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
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst()
      .then((row) => row?.slug)
  }
}
