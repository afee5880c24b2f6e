import { sql, type Kysely } from 'kysely'
import type { DB } from '#app/db/db.server.ts'
import { isPostgres } from '#app/db/dialect.ts'
import type { TrashKind } from '#app/db/schema.ts'

export interface TrashRow {
  id: number
  category_id: number
  kind: TrashKind
  item_id: number
  label: string
  deleted_at: string
  deleted_by: number | null
  payload: string
}

export interface WalkAddressRow {
  category_id: number
  slug: string
  walk_id: number
  created_at: string
}

export interface CategorySlugRow {
  slug: string
  category_id: number
  created_at: string
}

/** What an entry keeps besides its row: the addresses it gave up, the categories that went with it. */
export interface TrashPayload {
  /** A route's slug before the trash, and every address it had. */
  walkSlug?: string
  walkAddresses?: WalkAddressRow[]
  /** The categories that went (a category and its subtree) with their slugs before the trash. */
  categories?: { id: number; slug: string }[]
  categorySlugs?: CategorySlugRow[]
}

/**
 * The slug a row holds while in the trash: the unique keys on slugs (a category's, a route's in
 * its category) must let another item take its own. No slug can start with "~" (slug rules).
 */
export const trashSlug = (id: number) => `~trash-${id}`

/** The SQL of the trash (ADR 110). Built on a db handle or a transaction. */
export class TrashRepo {
  constructor(private readonly db: DB) {}

  private get postgres() {
    return isPostgres(this.db as unknown as Kysely<unknown>)
  }

  /** The caller's role in the category, the category in the trash or not (its trash is still theirs). */
  async roleOf(userId: number, categoryId: number) {
    const row = await this.db.selectFrom('category_members').select('role').where('user_id', '=', userId).where('category_id', '=', categoryId).executeTakeFirst()
    return row?.role ?? null
  }

  insert(entry: Omit<TrashRow, 'id' | 'payload'> & { payload: TrashPayload }) {
    return this.db
      .insertInto('trash_items')
      .values({ ...entry, payload: JSON.stringify(entry.payload) })
      .returning('id')
      .executeTakeFirstOrThrow()
  }

  /** The entry, locked until the transaction ends on PostgreSQL: a restore and a delete of it run one after the other. */
  find(id: number): Promise<TrashRow | undefined> {
    return this.db
      .selectFrom('trash_items')
      .selectAll()
      .where('id', '=', id)
      .$if(this.postgres, (q) => q.forUpdate())
      .executeTakeFirst() as Promise<TrashRow | undefined>
  }

  async remove(id: number) {
    await this.db.deleteFrom('trash_items').where('id', '=', id).execute()
  }

  /** Entries of these categories, newest first, with who deleted them and the category's name. */
  list(categoryIds: number[]) {
    if (categoryIds.length === 0) return Promise.resolve([])
    return this.db
      .selectFrom('trash_items')
      .innerJoin('place_categories', 'place_categories.id', 'trash_items.category_id')
      .leftJoin('users', 'users.id', 'trash_items.deleted_by')
      .select([
        'trash_items.id',
        'trash_items.category_id',
        'trash_items.kind',
        'trash_items.item_id',
        'trash_items.label',
        'trash_items.deleted_at',
        'place_categories.name as category_name',
        'users.name as deleted_by_name',
      ])
      .where('trash_items.category_id', 'in', categoryIds)
      .orderBy('trash_items.deleted_at', 'desc')
      .orderBy('trash_items.id', 'desc')
      .execute()
  }

  /** Every category the user is a member of, in the trash or not. */
  async memberCategoryIds(userId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('category_members').select('category_id').where('user_id', '=', userId).execute()
    return rows.map((r) => r.category_id)
  }

  idsOfCategory(categoryId: number) {
    return this.db.selectFrom('trash_items').select('id').where('category_id', '=', categoryId).execute()
  }

  expired(before: string) {
    return this.db.selectFrom('trash_items').select('id').where('deleted_at', '<', before).orderBy('deleted_at').execute()
  }

  /** Whether the category (or one above it) is in the trash. */
  async categoryTrashed(categoryId: number): Promise<boolean> {
    const row = await this.db.selectFrom('place_categories').select('deleted_at').where('id', '=', categoryId).executeTakeFirst()
    return !row || row.deleted_at !== null
  }

  // ---- marking

  async mark(table: 'walks' | 'places' | 'qr_codes' | 'place_categories', ids: number[], deletedAt: string | null, deletedBy: number | null) {
    if (ids.length === 0) return
    await this.db.updateTable(table).set({ deleted_at: deletedAt, deleted_by: deletedBy }).where('id', 'in', ids).execute()
  }

  /** Marks one live row; false when another request marked it first (the row is locked until the end). */
  async markLive(table: 'walks' | 'places' | 'qr_codes', id: number, deletedAt: string, deletedBy: number): Promise<boolean> {
    const result = await this.db.updateTable(table).set({ deleted_at: deletedAt, deleted_by: deletedBy }).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  /** A content version raised by hand: the slug namespace (0) when an address appears or goes. */
  async bumpVersion(categoryId: number) {
    await this.db
      .insertInto('content_versions')
      .values({ category_id: categoryId, version: 1 })
      .onConflict((oc) => oc.column('category_id').doUpdateSet({ version: sql<number>`content_versions.version + 1` }))
      .execute()
  }

  // ---- routes

  findWalk(uuid: string) {
    return this.db.selectFrom('walks').select(['id', 'category_id', 'slug', 'deleted_at']).where('uuid', '=', uuid).executeTakeFirst()
  }

  findWalkById(id: number) {
    return this.db.selectFrom('walks').selectAll().where('id', '=', id).executeTakeFirst()
  }

  /** The route's name in the category's language, else in any. */
  async walkName(walkId: number): Promise<string | null> {
    const rows = await this.db
      .selectFrom('walk_translations')
      .innerJoin('walks', 'walks.id', 'walk_translations.walk_id')
      .innerJoin('place_categories', 'place_categories.id', 'walks.category_id')
      .select(['walk_translations.locale', 'walk_translations.name', 'place_categories.fallback_locale'])
      .where('walk_translations.walk_id', '=', walkId)
      .execute()
    const locale = rows[0]?.fallback_locale
    return (rows.find((r) => r.locale === locale && r.name) ?? rows.find((r) => r.name))?.name ?? null
  }

  walkAddresses(walkId: number): Promise<WalkAddressRow[]> {
    return this.db.selectFrom('walk_addresses').selectAll().where('walk_id', '=', walkId).execute()
  }

  async dropWalkAddresses(walkId: number) {
    await this.db.deleteFrom('walk_addresses').where('walk_id', '=', walkId).execute()
  }

  /** Puts back the addresses no other route took meanwhile; answers the slugs put back. */
  async restoreWalkAddresses(rows: WalkAddressRow[]): Promise<Set<string>> {
    const back = new Set<string>()
    for (const row of rows) {
      const result = await this.db.insertInto('walk_addresses').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst()
      if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) back.add(row.slug)
    }
    return back
  }

  async walkImageKeys(walkId: number): Promise<string[]> {
    const walk = await this.db.selectFrom('walks').select(['photo_path', 'content_image_path', 'logo_pro_path']).where('id', '=', walkId).executeTakeFirst()
    const logos = await this.db.selectFrom('walk_logos').select('path').where('walk_id', '=', walkId).execute()
    // Files replaced but kept for History (ADR 111) go with the route.
    const retired = await this.db.selectFrom('retired_images').select('file_key').where('walk_id', '=', walkId).execute()
    return [walk?.photo_path, walk?.content_image_path, walk?.logo_pro_path, ...logos.map((l) => l.path), ...retired.map((r) => r.file_key)].filter((k): k is string => !!k)
  }

  /** Sets the slug; the trigger of ADR 011 records it as an address unless the route holds it already. */
  async setWalkSlug(walkId: number, slug: string) {
    await this.db.updateTable('walks').set({ slug }).where('id', '=', walkId).execute()
  }

  // ---- places, QR codes

  findPlace(id: number) {
    return this.db.selectFrom('places').select(['id', 'category_id', 'name', 'deleted_at']).where('id', '=', id).executeTakeFirst()
  }

  findQrCode(code: string) {
    return this.db.selectFrom('qr_codes').select(['id', 'category_id', 'code', 'name', 'deleted_at']).where('code', '=', code).executeTakeFirst()
  }

  // ---- categories

  findCategory(id: number) {
    return this.db.selectFrom('place_categories').select(['id', 'parent_id', 'slug', 'name', 'deleted_at']).where('id', '=', id).executeTakeFirst()
  }

  /** Categories of the subtree not in the trash yet (one marked before keeps its own entry). */
  async liveSubtree(id: number): Promise<number[]> {
    const seen = new Set([id])
    let level = [id]
    while (level.length > 0) {
      const children = await this.db.selectFrom('place_categories').select('id').where('parent_id', 'in', level).where('deleted_at', 'is', null).execute()
      level = children.map((c) => c.id).filter((child) => !seen.has(child))
      for (const child of level) seen.add(child)
    }
    return [...seen]
  }

  categorySlugs(ids: number[]): Promise<CategorySlugRow[]> {
    return this.db.selectFrom('category_slugs').selectAll().where('category_id', 'in', ids).execute()
  }

  async dropCategorySlugs(ids: number[]) {
    await this.db.deleteFrom('category_slugs').where('category_id', 'in', ids).execute()
  }

  async restoreCategorySlugs(rows: CategorySlugRow[]): Promise<Set<string>> {
    const back = new Set<string>()
    for (const row of rows) {
      const result = await this.db.insertInto('category_slugs').values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst()
      if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) back.add(row.slug)
    }
    return back
  }

  async setCategorySlug(id: number, slug: string) {
    await this.db.updateTable('place_categories').set({ slug }).where('id', '=', id).execute()
  }

  categoriesByIds(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([])
    return this.db.selectFrom('place_categories').select(['id', 'slug']).where('id', 'in', ids).execute()
  }

  // ---- for good

  async deleteRow(table: 'walks' | 'places' | 'qr_codes' | 'place_categories', id: number) {
    await this.db.deleteFrom(table).where('id', '=', id).execute()
  }
}
