import { nowIso, type DB } from '#app/db/db.server.ts'
import type { User, Walk } from '#app/db/schema.ts'
import type { CategoryAccess } from '#app/modules/categories/access.server.ts'
import { randomImageKey, type ImageProcessor, type ImageUse } from '#app/platform/images/images.server.ts'
import type { Storage } from '#app/platform/storage/storage.server.ts'
import type { UploadReader } from '#app/modules/uploads/upload-form.server.ts'
import { invalidField, notFound } from '#app/utils/errors.ts'
import { recordActivity } from '#app/modules/activity/activity.service.server.ts'
import { requireManagedWalk } from './walk-access.server.ts'
import { WalksRepo } from './walks.repo.server.ts'
import { MAX_ROUTE_LOGOS } from './walks.schema.ts'

/** The single images of a route: where each is kept, how large, and its file name. */
export const imageSlots = {
  photo: { column: 'photo_path', use: 'photo', prefix: 'photo' },
  content_image: { column: 'content_image_path', use: 'content_image', prefix: 'content-image' },
  logo_pro: { column: 'logo_pro_path', use: 'logo', prefix: 'logo-pro' },
} as const satisfies Record<string, { column: keyof Walk; use: ImageUse; prefix: string }>
export type ImageSlot = keyof typeof imageSlots

/** Called in the write's transaction, after its activity entry: the route's revision is recorded there (ADR 111). */
export type InWrite = (trx: DB, walk: Walk) => Promise<void>

/** The images a route's revision shows, by address (ADR 111). */
export interface RouteImageAddresses {
  photo: string | null
  content_image: string | null
  logo_pro: string | null
  logos: string[]
}

/**
 * A route's uploaded images. The file is stored first and recorded second; if recording fails
 * the new file is removed (no orphan). A replaced or removed file is retired while revisions are
 * kept (a restore from History puts it back; the revisions' purge deletes it once no kept
 * revision shows it, ADR 111), and removed once the change is recorded otherwise.
 */
export class WalkMedia {
  constructor(private readonly deps: { db: DB; storage: Storage; access: CategoryAccess; images: ImageProcessor; keepReplaced: () => boolean }) {}

  private managed(user: User, uuid: string) {
    return requireManagedWalk(this.deps.db, this.deps.access, user, uuid)
  }

  async setImage(user: User, uuid: string, slot: ImageSlot, read: UploadReader, inWrite?: InWrite): Promise<Walk> {
    const walk = await this.managed(user, uuid)
    const { column, use, prefix } = imageSlots[slot]
    const image = await this.deps.images.process(read, use)
    const key = randomImageKey(`routes/${walk.uuid}`, prefix)
    const replaced = await this.storeThenRecord(key, image.bytes, () => this.swapColumn(walk, column, key, user, inWrite))
    await this.dropUnkept([replaced])
    return (await new WalksRepo(this.deps.db).findById(walk.id))!
  }

  async removeImage(user: User, uuid: string, slot: ImageSlot, inWrite?: InWrite): Promise<Walk> {
    const walk = await this.managed(user, uuid)
    const removed = await this.swapColumn(walk, imageSlots[slot].column, null, user, inWrite)
    await this.dropUnkept([removed])
    return (await new WalksRepo(this.deps.db).findById(walk.id))!
  }

  /** Appends a logo (at most MAX_ROUTE_LOGOS). */
  async addLogo(user: User, uuid: string, read: UploadReader, inWrite?: InWrite): Promise<Walk> {
    const walk = await this.managed(user, uuid)
    const repo = new WalksRepo(this.deps.db)
    if ((await repo.logosOf(walk.id)).length >= MAX_ROUTE_LOGOS) throw tooManyLogos()
    const image = await this.deps.images.process(read, 'logo')
    const key = randomImageKey(`routes/${walk.uuid}`, 'logo')
    await this.storeThenRecord(key, image.bytes, () =>
      this.deps.db.transaction().execute(async (trx) => {
        const logos = await new WalksRepo(trx).logosOf(walk.id)
        if (logos.length >= MAX_ROUTE_LOGOS) throw tooManyLogos()
        await new WalksRepo(trx).insertLogo(walk.id, key, (logos.at(-1)?.sort_id ?? 0) + 1)
        await recordActivity(trx, { categoryId: walk.category_id, userId: user.id, action: 'branding.changed', itemId: walk.id })
        await inWrite?.(trx, walk)
      }),
    )
    return walk
  }

  async removeLogo(user: User, uuid: string, logoId: number, inWrite?: InWrite): Promise<Walk> {
    const walk = await this.managed(user, uuid)
    const repo = new WalksRepo(this.deps.db)
    const logo = (await repo.logosOf(walk.id)).find((l) => l.id === logoId)
    if (!logo) throw notFound()
    await this.deps.db.transaction().execute(async (trx) => {
      await new WalksRepo(trx).deleteLogo(logo.id)
      await this.retire(trx, walk.id, [logo.path])
      await recordActivity(trx, { categoryId: walk.category_id, userId: user.id, action: 'branding.changed', itemId: walk.id })
      await inWrite?.(trx, walk)
    })
    await this.dropUnkept([logo.path])
    return walk
  }

  /** Puts the route's logos in the given order, numbered 1..n, in one transaction. */
  async reorderLogos(user: User, uuid: string, ids: number[], inWrite?: InWrite): Promise<Walk> {
    const walk = await this.managed(user, uuid)
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new WalksRepo(trx)
      const order = (await repo.logosOf(walk.id)).map((logo) => logo.id)
      const current = new Set(order)
      const distinct = new Set(ids)
      if (distinct.size !== ids.length || distinct.size !== current.size || ids.some((id) => !current.has(id))) {
        throw invalidField('ids', 'validation.logo_order')
      }
      // The order they already have: nothing changes, nothing to record.
      if (ids.every((id, i) => order[i] === id)) return
      await repo.renumberLogos(walk.id, ids)
      await recordActivity(trx, { categoryId: walk.category_id, userId: user.id, action: 'branding.changed', itemId: walk.id })
      await inWrite?.(trx, walk)
    })
    return walk
  }

  /**
   * Puts back the images a revision shows, in the caller's transaction (the route's row locked):
   * each from the route's current or retired files; what it replaces is retired. An image whose
   * file is gone (purged) stays as it is now; answers how many did.
   */
  async restoreImages(trx: DB, walkId: number, wanted: RouteImageAddresses): Promise<{ missing: number }> {
    const repo = new WalksRepo(trx)
    const walk = (await repo.findById(walkId))!
    const logos = await repo.logosOf(walkId)
    const retired = await repo.retiredImageKeys([walkId])
    const known = [walk.photo_path, walk.content_image_path, walk.logo_pro_path, ...logos.map((l) => l.path), ...retired].filter((k): k is string => !!k)
    // Addresses end with the key (disk and S3 alike), whatever the storage's base address is now.
    const keyOf = (address: string) => known.find((key) => address.endsWith(`/${key}`))
    let missing = 0
    const inUse: string[] = []
    for (const [slot, { column }] of Object.entries(imageSlots) as [ImageSlot, (typeof imageSlots)[ImageSlot]][]) {
      const address = wanted[slot]
      const target = address === null ? null : keyOf(address)
      if (target === undefined) {
        missing++
        continue
      }
      if (target) inUse.push(target)
      const current = walk[column]
      if (current === target) continue
      await repo.setImageColumn(walkId, column, current, target, nowIso())
      if (current) await repo.retireImages(walkId, [current], nowIso())
    }
    const targets: string[] = []
    for (const address of wanted.logos) {
      const key = keyOf(address)
      if (key === undefined) missing++
      else if (!targets.includes(key)) targets.push(key)
    }
    if (targets.join('\n') !== logos.map((l) => l.path).join('\n')) {
      for (const logo of logos.filter((l) => !targets.includes(l.path))) {
        await repo.deleteLogo(logo.id)
        await repo.retireImages(walkId, [logo.path], nowIso())
      }
      let sort = Math.max(0, ...logos.map((l) => l.sort_id))
      for (const key of targets.filter((k) => !logos.some((l) => l.path === k))) await repo.insertLogo(walkId, key, ++sort)
      const placed = await repo.logosOf(walkId)
      await repo.renumberLogos(walkId, targets.map((key) => placed.find((l) => l.path === key)!.id))
    }
    // What is in use again is no longer retired.
    await repo.unretireImages(walkId, [...inUse, ...targets])
    return { missing }
  }

  /** Keeps files a change replaced while revisions are kept (in the change's transaction). */
  private async retire(trx: DB, walkId: number, keys: (string | null)[]) {
    if (this.deps.keepReplaced()) await new WalksRepo(trx).retireImages(walkId, keys.filter((k): k is string => !!k), nowIso())
  }

  /** After the change's commit: the files it replaced, unless they were retired. */
  private async dropUnkept(keys: (string | null)[]) {
    if (!this.deps.keepReplaced()) await this.deleteFiles(keys)
  }

  /** Removes stored files; a file that cannot be removed must not fail a request already done. */
  async deleteFiles(keys: (string | null | undefined)[]): Promise<void> {
    await Promise.all(keys.filter((k): k is string => !!k).map((key) => this.deps.storage.delete(key).catch(() => undefined)))
  }

  private async storeThenRecord<T>(key: string, bytes: Buffer, record: () => Promise<T>): Promise<T> {
    await this.deps.storage.put(key, bytes, 'image/webp')
    try {
      return await record()
    } catch (error) {
      await this.deleteFiles([key])
      throw error
    }
  }

  /**
   * Sets an image column and answers the key it held. The guarded update (only if the column
   * still holds what was read) keeps two concurrent uploads from losing track of a file. The
   * change is in the activity log (ADR 115), in the update's transaction: the partner logo is the
   * branding's, the photo and the content image the landing page's.
   */
  private async swapColumn(walk: Walk, column: (typeof imageSlots)[ImageSlot]['column'], key: string | null, user: User, inWrite?: InWrite): Promise<string | null> {
    const repo = new WalksRepo(this.deps.db)
    const action = column === 'logo_pro_path' ? 'branding.changed' : 'landing.changed'
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await repo.findById(walk.id)
      if (!current) throw notFound()
      const previous = current[column]
      const swapped = await this.deps.db.transaction().execute(async (trx) => {
        if (!(await new WalksRepo(trx).setImageColumn(walk.id, column, previous, key, nowIso()))) return false
        if (previous !== key) await this.retire(trx, walk.id, [previous])
        // Removing an image that is not there changes nothing: no entry.
        if (previous !== key) await recordActivity(trx, { categoryId: walk.category_id, userId: user.id, action, itemId: walk.id })
        await inWrite?.(trx, walk)
        return true
      })
      if (swapped) return previous
    }
    throw new Error(`walk ${walk.id}: ${column} kept changing under concurrent uploads`)
  }
}

const tooManyLogos = () => invalidField('file', 'validation.too_many_logos', { max: MAX_ROUTE_LOGOS })
