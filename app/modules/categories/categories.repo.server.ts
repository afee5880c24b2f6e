import { sql, type Kysely } from 'kysely'
import type { DB } from '#app/db/db.server.ts'
import { isPostgres } from '#app/db/dialect.ts'
import type { Category, CategoryRole } from '#app/db/schema.ts'

export interface CategoryWithRole extends Category {
  role: CategoryRole
}

// The key of the PostgreSQL advisory lock that serialises moves in the category tree.
const TREE_LOCK = 72_001_012

export class CategoriesRepo {
  constructor(private readonly db: DB) {}

  listForUser(userId: number): Promise<CategoryWithRole[]> {
    return this.db
      .selectFrom('place_categories')
      .innerJoin('category_members', 'category_members.category_id', 'place_categories.id')
      .selectAll('place_categories')
      .select('category_members.role')
      .where('category_members.user_id', '=', userId)
      .where('place_categories.deleted_at', 'is', null)
      .orderBy('place_categories.name')
      .orderBy('place_categories.id')
      .execute()
  }

  findById(id: number): Promise<Category | undefined> {
    return this.db.selectFrom('place_categories').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()
  }

  findBySlug(slug: string): Promise<Category | undefined> {
    return this.db.selectFrom('place_categories').selectAll().where('slug', '=', slug).where('deleted_at', 'is', null).executeTakeFirst()
  }

  async insert(values: Omit<Category, 'id' | 'deleted_at' | 'deleted_by'>): Promise<Category> {
    return this.db.insertInto('place_categories').values(values).returningAll().executeTakeFirstOrThrow()
  }

  async update(id: number, changes: Partial<Omit<Category, 'id' | 'created_at'>>) {
    await this.db.updateTable('place_categories').set(changes).where('id', '=', id).execute()
  }

  /**
   * Until the transaction ends, no other move in the tree can run: two crossed moves (X under Y,
   * Y under X) each checked against a tree without the other would store a cycle. PostgreSQL
   * takes an advisory lock; SQLite runs one write transaction at a time already.
   */
  async lockTree(): Promise<void> {
    if (isPostgres(this.db as unknown as Kysely<unknown>)) await sql`select pg_advisory_xact_lock(${TREE_LOCK})`.execute(this.db)
  }

  /**
   * The category and its ancestors, nearest first. Each category is visited once, so a cycle
   * stored before moves were serialised ends the walk instead of looping.
   */
  async ancestorIds(id: number): Promise<number[]> {
    const result: number[] = []
    let current: number | null = id
    while (current !== null && !result.includes(current)) {
      result.push(current)
      const row: { parent_id: number | null } | undefined = await this.db.selectFrom('place_categories').select('parent_id').where('id', '=', current).executeTakeFirst()
      current = row?.parent_id ?? null
    }
    return result
  }

  /** Ids of the category and everything below it, each visited once (a stored cycle ends the walk). */
  async subtreeIds(id: number): Promise<number[]> {
    const seen = new Set([id])
    let level = [id]
    while (level.length > 0) {
      const children = await this.db.selectFrom('place_categories').select('id').where('parent_id', 'in', level).execute()
      level = children.map((c) => c.id).filter((child) => !seen.has(child))
      for (const child of level) seen.add(child)
    }
    return [...seen]
  }

  /**
   * Locks the category's owner rows until the transaction ends (PostgreSQL): two owners demoting
   * or removing each other at once would each count the other as the owner left. A waiting
   * transaction reads the rows again once the first commits. SQLite has one writer at a time.
   */
  async lockOwners(categoryId: number): Promise<void> {
    if (!isPostgres(this.db as unknown as Kysely<unknown>)) return
    await this.db.selectFrom('category_members').select('user_id').where('category_id', '=', categoryId).where('role', '=', 'owner').forUpdate().execute()
  }

  /**
   * Storage keys of every image of the categories' routes: photos, content images, branding
   * logos, logos. On PostgreSQL the routes stay locked until the transaction ends: an upload
   * recording its file meanwhile waits, then finds its route gone and removes the file itself.
   */
  async imageKeys(categoryIds: number[]): Promise<string[]> {
    if (categoryIds.length === 0) return []
    const walks = await this.db
      .selectFrom('walks')
      .select(['photo_path', 'content_image_path', 'logo_pro_path'])
      .where('category_id', 'in', categoryIds)
      .$if(isPostgres(this.db as unknown as Kysely<unknown>), (query) => query.forUpdate())
      .execute()
    const logos = await this.db
      .selectFrom('walk_logos')
      .innerJoin('walks', 'walks.id', 'walk_logos.walk_id')
      .select('walk_logos.path')
      .where('walks.category_id', 'in', categoryIds)
      .execute()
    // Files replaced but kept for History (ADR 111), and visitor reports' photos, go with their category too.
    const retired = await this.db
      .selectFrom('retired_images')
      .innerJoin('walks', 'walks.id', 'retired_images.walk_id')
      .select('retired_images.file_key')
      .where('walks.category_id', 'in', categoryIds)
      .execute()
    const reportPhotos = await this.db.selectFrom('visitor_reports').select('photo_path').where('category_id', 'in', categoryIds).where('photo_path', 'is not', null).execute()
    return [...walks.flatMap((w) => [w.photo_path, w.content_image_path, w.logo_pro_path]), ...logos.map((l) => l.path), ...retired.map((r) => r.file_key), ...reportPhotos.map((r) => r.photo_path)].filter((k): k is string => !!k)
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
      .where('walks.deleted_at', 'is', null)
      .orderBy('walks.created_at')
      .orderBy('walks.id')
      .execute()
  }
}
