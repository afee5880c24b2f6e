import type { DB } from '#app/db/db.server.ts'
import type { Category, CategoryRole } from '#app/db/schema.ts'

export interface CategoryWithRole extends Category {
  role: CategoryRole
}

export class CategoriesRepo {
  constructor(private readonly db: DB) {}

  listForUser(userId: number): Promise<CategoryWithRole[]> {
    return this.db
      .selectFrom('place_categories')
      .innerJoin('category_members', 'category_members.category_id', 'place_categories.id')
      .selectAll('place_categories')
      .select('category_members.role')
      .where('category_members.user_id', '=', userId)
      .orderBy('place_categories.name')
      .orderBy('place_categories.id')
      .execute()
  }

  findById(id: number): Promise<Category | undefined> {
    return this.db.selectFrom('place_categories').selectAll().where('id', '=', id).executeTakeFirst()
  }

  findBySlug(slug: string): Promise<Category | undefined> {
    return this.db.selectFrom('place_categories').selectAll().where('slug', '=', slug).executeTakeFirst()
  }

  async insert(values: Omit<Category, 'id'>): Promise<Category> {
    return this.db.insertInto('place_categories').values(values).returningAll().executeTakeFirstOrThrow()
  }

  async update(id: number, changes: Partial<Omit<Category, 'id' | 'created_at'>>) {
    await this.db.updateTable('place_categories').set(changes).where('id', '=', id).execute()
  }

  async delete(id: number) {
    await this.db.deleteFrom('place_categories').where('id', '=', id).execute()
  }

  /** Ids of the category and everything below it (to refuse a parent that would make a cycle). */
  async subtreeIds(id: number): Promise<number[]> {
    const all = await this.db.selectFrom('place_categories').select(['id', 'parent_id']).execute()
    const result = [id]
    for (let i = 0; i < result.length; i++) {
      for (const row of all) if (row.parent_id === result[i]) result.push(row.id)
    }
    return result
  }

  addMember(categoryId: number, userId: number, role: CategoryRole, now: string) {
    return this.db.insertInto('category_members').values({ category_id: categoryId, user_id: userId, role, created_at: now }).execute()
  }

  members(categoryId: number) {
    return this.db
      .selectFrom('category_members')
      .innerJoin('users', 'users.id', 'category_members.user_id')
      .select(['users.id', 'users.name', 'users.email', 'users.avatar_path', 'category_members.role', 'category_members.created_at'])
      .where('category_members.category_id', '=', categoryId)
      .orderBy('users.name')
      .execute()
  }

  async setRole(categoryId: number, userId: number, role: CategoryRole) {
    const result = await this.db
      .updateTable('category_members')
      .set({ role })
      .where('category_id', '=', categoryId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  async removeMember(categoryId: number, userId: number) {
    const result = await this.db
      .deleteFrom('category_members')
      .where('category_id', '=', categoryId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  }

  async ownerCount(categoryId: number): Promise<number> {
    const row = await this.db
      .selectFrom('category_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('category_id', '=', categoryId)
      .where('role', '=', 'owner')
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** Route summaries of several categories in one query, names in the wanted language or the fallback. */
  async routeSummaries(categoryIds: number[], locale: string | null) {
    if (categoryIds.length === 0) return []
    return this.db
      .selectFrom('walks')
      .innerJoin('place_categories', 'place_categories.id', 'walks.category_id')
      .leftJoin('walk_translations as wanted', (join) =>
        join.onRef('wanted.walk_id', '=', 'walks.id').on('wanted.locale', '=', locale ?? ''),
      )
      .leftJoin('walk_translations as fallback', (join) =>
        join.onRef('fallback.walk_id', '=', 'walks.id').onRef('fallback.locale', '=', 'place_categories.fallback_locale'),
      )
      .select(['walks.uuid', 'walks.slug', 'walks.status', 'walks.color', 'walks.category_id', 'wanted.name as wanted_name', 'fallback.name as fallback_name'])
      .where('walks.category_id', 'in', categoryIds)
      .orderBy('walks.created_at')
      .orderBy('walks.id')
      .execute()
  }
}
