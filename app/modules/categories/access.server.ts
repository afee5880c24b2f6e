import type { DB } from '#app/db/db.server.ts'
import { sharedRead } from '#app/db/shared-read.server.ts'
import type { CategoryRole } from '#app/db/schema.ts'
import { AppError, notFound } from '#app/utils/errors.ts'

/**
 * Tenancy (ARCHITECTURE §1): a user reaches a category only as one of its members. Another
 * tenant's category answers 404, exactly like a missing one, so ids reveal nothing.
 */
export class CategoryAccess {
  constructor(private readonly db: DB) {}

  async roleOf(userId: number, categoryId: number): Promise<CategoryRole | null> {
    // Every manager request asks this: the callers of one turn share the read on PostgreSQL (ADR 031).
    const row = await sharedRead(this.db, `member:${userId}:${categoryId}`, () =>
      this.db
        .selectFrom('category_members')
        .innerJoin('place_categories', 'place_categories.id', 'category_members.category_id')
        .select('category_members.role')
        .where('category_members.user_id', '=', userId)
        .where('category_members.category_id', '=', categoryId)
        // A category in the trash (ADR 110) is reached through the trash only.
        .where('place_categories.deleted_at', 'is', null)
        .executeTakeFirst(),
    )
    return row?.role ?? null
  }

  /** The caller's role; 404 for a non-member, 403 for an editor where an owner is needed. */
  async require(userId: number, categoryId: number, needed: CategoryRole = 'editor'): Promise<CategoryRole> {
    const role = await this.roleOf(userId, categoryId)
    if (!role) throw notFound()
    if (needed === 'owner' && role !== 'owner') throw new AppError(403, { key: 'errors.forbidden' })
    return role
  }

  async categoryIdsOf(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('category_members')
      .innerJoin('place_categories', 'place_categories.id', 'category_members.category_id')
      .select('category_members.category_id')
      .where('category_members.user_id', '=', userId)
      .where('place_categories.deleted_at', 'is', null)
      .execute()
    return rows.map((r) => r.category_id)
  }
}
