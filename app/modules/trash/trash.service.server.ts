import type { Config } from '#app/config/config.server.ts'
import { nowIso, type DB } from '#app/db/db.server.ts'
import type { CategoryRole, TrashKind, User } from '#app/db/schema.ts'
import type { AddressService } from '#app/modules/addresses/addresses.service.server.ts'
import { RecordingsRepo } from '#app/modules/recordings/recordings.repo.server.ts'
import { CategoriesRepo } from '#app/modules/categories/categories.repo.server.ts'
import { normalizeQrCode } from '#app/modules/qr-codes/qr-codes.schema.ts'
import type { Storage } from '#app/platform/storage/storage.server.ts'
import { AppError, notFound } from '#app/utils/errors.ts'
import { recordActivity } from '#app/modules/activity/activity.service.server.ts'
import { TrashRepo, trashSlug, type TrashPayload, type TrashRow } from './trash.repo.server.ts'
import type { TrashItemView } from './trash.schema.ts'

const DAY_MS = 86_400_000

export interface Restored {
  kind: TrashKind
  item_id: number
  /** The address the item has now when its own was taken meanwhile. */
  new_slug: string | null
}

/**
 * The trash (ADR 110). A delete marks the row (`deleted_at`, `deleted_by`) and files an entry in
 * its category's trash; every read of routes, places, QR codes and categories leaves marked rows
 * out, so the public pages answer as for a deleted item. A restore unmarks it exactly (texts,
 * stops, files, statistics never moved); the purge deletes rows and files after TRASH_DAYS.
 * Owners and editors use the trash of their categories; a category's own entry, and emptying, are
 * the owners'.
 */
export class TrashService {
  constructor(
    private readonly deps: {
      db: DB
      config: Pick<Config, 'TRASH_DAYS'>
      addresses: AddressService
      storage: Storage
    },
  ) {}

  private async requireRole(repo: TrashRepo, user: User, categoryId: number, needed: CategoryRole): Promise<void> {
    const role = await repo.roleOf(user.id, categoryId)
    if (!role) throw notFound()
    if (needed === 'owner' && role !== 'owner') throw new AppError(403, { key: 'errors.forbidden' })
  }

  /** A live item in a live category the caller manages, else 404 (as for a missing one). */
  private async requireLive<T extends { category_id: number; deleted_at: string | null }>(repo: TrashRepo, user: User, item: T | undefined, needed: CategoryRole): Promise<T> {
    if (!item || item.deleted_at !== null || (await repo.categoryTrashed(item.category_id))) throw notFound()
    await this.requireRole(repo, user, item.category_id, needed)
    return item
  }

  // ---- moving to the trash

  /** A route goes to the trash; its addresses are given up meanwhile (another route may take them). */
  trashRoute(user: User, uuid: string): Promise<number> {
    return this.deps.db.transaction().execute(async (trx) => {
      const repo = new TrashRepo(trx)
      const walk = await this.requireLive(repo, user, await repo.findWalk(uuid), 'editor')
      const now = nowIso()
      // Marking first locks the row: a save or a second delete waits for this one.
      if (!(await repo.markLive('walks', walk.id, now, user.id))) throw notFound()
      const label = (await repo.walkName(walk.id)) ?? walk.slug
      const walkAddresses = await repo.walkAddresses(walk.id)
      await repo.setWalkSlug(walk.id, trashSlug(walk.id))
      await repo.dropWalkAddresses(walk.id)
      await repo.bumpVersion(0)
      const payload = { walkSlug: walk.slug, walkAddresses }
      const { id } = await repo.insert({ category_id: walk.category_id, kind: 'route', item_id: walk.id, label, deleted_at: now, deleted_by: user.id, payload })
      await recordActivity(trx, { categoryId: walk.category_id, userId: user.id, action: 'route.trashed', itemId: walk.id, label })
      return id
    })
  }

  trashPlace(user: User, placeId: number): Promise<number> {
    return this.deps.db.transaction().execute(async (trx) => {
      const repo = new TrashRepo(trx)
      const place = await this.requireLive(repo, user, await repo.findPlace(placeId), 'editor')
      const now = nowIso()
      if (!(await repo.markLive('places', place.id, now, user.id))) throw notFound()
      const { id } = await repo.insert({ category_id: place.category_id, kind: 'place', item_id: place.id, label: place.name, deleted_at: now, deleted_by: user.id, payload: {} })
      await recordActivity(trx, { categoryId: place.category_id, userId: user.id, action: 'place.trashed', itemId: place.id, label: place.name })
      return id
    })
  }

  trashQrCode(user: User, code: string): Promise<number> {
    return this.deps.db.transaction().execute(async (trx) => {
      const repo = new TrashRepo(trx)
      const qr = await this.requireLive(repo, user, await repo.findQrCode(normalizeQrCode(code)), 'editor')
      const now = nowIso()
      if (!(await repo.markLive('qr_codes', qr.id, now, user.id))) throw notFound()
      const label = qr.name ? `${qr.name} (${qr.code})` : qr.code
      const { id } = await repo.insert({ category_id: qr.category_id, kind: 'qr_code', item_id: qr.id, label, deleted_at: now, deleted_by: user.id, payload: {} })
      await recordActivity(trx, { categoryId: qr.category_id, userId: user.id, action: 'qr_code.trashed', itemId: qr.id, label })
      return id
    })
  }

  /** A category goes with the categories below it (owners only); their slugs are given up meanwhile. */
  trashCategory(user: User, categoryId: number): Promise<number> {
    return this.deps.db.transaction().execute(async (trx) => {
      const repo = new TrashRepo(trx)
      await this.requireRole(repo, user, categoryId, 'owner')
      // Under the tree lock (read again under it): a move into this subtree, or a second delete, waits.
      await new CategoriesRepo(trx).lockTree()
      const category = await repo.findCategory(categoryId)
      if (!category || category.deleted_at !== null) throw notFound()
      const ids = await repo.liveSubtree(categoryId)
      const now = nowIso()
      await repo.mark('place_categories', ids, now, user.id)
      const categories = await repo.categoriesByIds(ids)
      const categorySlugs = await repo.categorySlugs(ids)
      for (const c of categories) await repo.setCategorySlug(c.id, trashSlug(c.id))
      await repo.dropCategorySlugs(ids)
      await repo.bumpVersion(0)
      const payload = { categories, categorySlugs }
      const { id } = await repo.insert({ category_id: categoryId, kind: 'category', item_id: categoryId, label: category.name, deleted_at: now, deleted_by: user.id, payload })
      await recordActivity(trx, { categoryId, userId: user.id, action: 'category.trashed', itemId: categoryId, label: category.name })
      return id
    })
  }

  // ---- reading

  /** The trash of the caller's categories (or of one of them), newest first. */
  async list(user: User, categoryId?: number): Promise<TrashItemView[]> {
    const repo = new TrashRepo(this.deps.db)
    let ids = await repo.memberCategoryIds(user.id)
    if (categoryId !== undefined) {
      if (!ids.includes(categoryId)) throw notFound()
      ids = [categoryId]
    }
    const rows = await repo.list(ids)
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      item_id: row.item_id,
      label: row.label,
      place_category_id: row.category_id,
      place_category_name: row.category_name,
      deleted_at: row.deleted_at,
      deleted_by: row.deleted_by_name ?? null,
      purge_at: this.purgeAt(row.deleted_at),
    }))
  }

  private purgeAt(deletedAt: string): string {
    return new Date(Date.parse(deletedAt) + this.deps.config.TRASH_DAYS * DAY_MS).toISOString()
  }

  // ---- restoring

  /**
   * Brings the item back as it was. An address another item took meanwhile stays theirs: the
   * item gets the first free version of its slug (answered as `new_slug`), and its other old
   * addresses that are still free lead to it again. 404 when the entry is gone (restored or
   * deleted by someone else first).
   */
  async restore(user: User, entryId: number): Promise<Restored> {
    return this.deps.db.transaction().execute(async (trx) => {
      const repo = new TrashRepo(trx)
      const entry = await this.requireEntry(repo, user, entryId)
      const payload = JSON.parse(entry.payload) as TrashPayload
      let newSlug: string | null = null
      if (entry.kind !== 'category' && (await repo.categoryTrashed(entry.category_id))) throw new AppError(409, { key: 'trash.errors.category_in_trash' })
      if (entry.kind === 'route') {
        const walk = (await repo.findWalkById(entry.item_id))!
        const slug = payload.walkSlug ?? walk.slug
        // Its own addresses first: where the slug is back, setting it records nothing new.
        const back = await repo.restoreWalkAddresses(payload.walkAddresses ?? [])
        if (!back.has(slug)) newSlug = await this.deps.addresses.on(trx).freeRouteSlug(walk.category_id, slug)
        await repo.setWalkSlug(walk.id, newSlug ?? slug)
        await repo.mark('walks', [walk.id], null, null)
      } else if (entry.kind === 'category') {
        const categories = payload.categories ?? []
        const back = await repo.restoreCategorySlugs(payload.categorySlugs ?? [])
        for (const category of categories) {
          const slug = back.has(category.slug) ? category.slug : await this.deps.addresses.on(trx).freeCategorySlug(category.slug)
          await repo.setCategorySlug(category.id, slug)
          if (category.id === entry.item_id && slug !== category.slug) newSlug = slug
        }
        await repo.mark('place_categories', categories.map((c) => c.id), null, null)
      } else {
        await repo.mark(entry.kind === 'place' ? 'places' : 'qr_codes', [entry.item_id], null, null)
      }
      await repo.bumpVersion(0)
      await repo.remove(entry.id)
      await recordActivity(trx, {
        categoryId: entry.category_id,
        userId: user.id,
        action: `${entry.kind}.restored`,
        itemId: entry.item_id,
        label: entry.label,
        details: newSlug ? { slug: newSlug } : {},
      })
      return { kind: entry.kind, item_id: entry.item_id, new_slug: newSlug }
    })
  }

  private async requireEntry(repo: TrashRepo, user: User, entryId: number): Promise<TrashRow> {
    const entry = await repo.find(entryId)
    if (!entry) throw notFound()
    await this.requireRole(repo, user, entry.category_id, entry.kind === 'category' ? 'owner' : 'editor')
    return entry
  }

  // ---- for good

  /** Deletes an entry's item for good, then its files. */
  async deleteForGood(user: User, entryId: number): Promise<void> {
    const keys = await this.deps.db.transaction().execute(async (trx) => {
      const repo = new TrashRepo(trx)
      return this.destroy(trx, await this.requireEntry(repo, user, entryId), user)
    })
    await this.deleteFiles(keys)
  }

  /** Owners empty their category's trash. */
  async empty(user: User, categoryId: number): Promise<number> {
    const repo = new TrashRepo(this.deps.db)
    await this.requireRole(repo, user, categoryId, 'owner')
    let count = 0
    for (const { id } of await repo.idsOfCategory(categoryId)) count += await this.destroyById(id, user)
    return count
  }

  /** Deletes for good what has been in the trash longer than TRASH_DAYS (the scheduled purge). */
  async purgeExpired(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.deps.config.TRASH_DAYS * DAY_MS).toISOString()
    let count = 0
    for (const { id } of await new TrashRepo(this.deps.db).expired(before)) count += await this.destroyById(id)
    return count
  }

  /** One entry in its own transaction; 0 when another process took it first. */
  private async destroyById(id: number, user: User | null = null): Promise<number> {
    const keys = await this.deps.db.transaction().execute(async (trx) => {
      const entry = await new TrashRepo(trx).find(id)
      return entry ? this.destroy(trx, entry, user) : null
    })
    if (keys === null) return 0
    await this.deleteFiles(keys)
    return 1
  }

  /**
   * Deletes the item's rows (the foreign keys cascade) and answers the keys of its files. A member's
   * delete is in the activity log (ADR 115); the purge's is not, nor a category's (its log goes with it).
   */
  private async destroy(trx: DB, entry: TrashRow, user: User | null): Promise<string[]> {
    const repo = new TrashRepo(trx)
    let keys: string[] = []
    if (entry.kind === 'route') {
      keys = await repo.walkImageKeys(entry.item_id)
      await repo.deleteRow('walks', entry.item_id)
    } else if (entry.kind === 'category') {
      const categories = new CategoriesRepo(trx)
      const ids = await categories.subtreeIds(entry.item_id)
      // The places' recordings leave with them, as the routes' images (ADR 123).
      keys = [...(await categories.imageKeys(ids)), ...(await new RecordingsRepo(trx).fileKeys({ categoryIds: ids }))]
      await repo.deleteRow('place_categories', entry.item_id)
    } else if (entry.kind === 'place') {
      keys = await new RecordingsRepo(trx).fileKeys({ placeIds: [entry.item_id] })
      await repo.deleteRow('places', entry.item_id)
    } else {
      await repo.deleteRow('qr_codes', entry.item_id)
    }
    await repo.remove(entry.id)
    if (user && entry.kind !== 'category') {
      await recordActivity(trx, { categoryId: entry.category_id, userId: user.id, action: `${entry.kind}.deleted`, itemId: entry.item_id, label: entry.label })
    }
    return keys
  }

  /** After the commit: a file is never missing for a row that still exists; a failed removal fails nothing. */
  private async deleteFiles(keys: string[]) {
    await Promise.all(keys.map((key) => this.deps.storage.delete(key).catch(() => undefined)))
  }
}
