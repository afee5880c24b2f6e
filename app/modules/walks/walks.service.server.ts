import { randomUUID } from 'node:crypto'
import type { Config } from '#app/config/config.server.ts'
import { nowIso, type DB } from '#app/db/db.server.ts'
import type { User, Walk } from '#app/db/schema.ts'
import type { Locale } from '#app/i18n/config.ts'
import type { AddressService } from '#app/modules/addresses/addresses.service.server.ts'
import type { AskedAddress } from '#app/modules/addresses/route-address.ts'
import { localeOfUser } from '#app/modules/auth/public-user.ts'
import { chooseContentLocale, contentLocalesOf } from '#app/i18n/content-locales.ts'
import { saveRouteAccessibility } from '#app/modules/accessibility/accessibility.service.server.ts'
import { AnswerCache, type KeptAnswer } from '#app/platform/page-cache/answer-cache.server.ts'
import type { CategoryService } from '#app/modules/categories/categories.service.server.ts'
import type { SaveRecorder } from '#app/modules/revisions/revisions.service.server.ts'
import type { Storage } from '#app/platform/storage/storage.server.ts'
import type { UploadReader } from '#app/modules/uploads/upload-form.server.ts'
import { AppError, invalidField, notFound } from '#app/utils/errors.ts'
import { recordActivity } from '#app/modules/activity/activity.service.server.ts'
import { walkSaveActions } from '#app/modules/activity/walk-activity.ts'
import type { QrImages } from '#app/modules/qr-codes/qr-image.server.ts'
import type { ImageProcessor } from '#app/platform/images/images.server.ts'
import { RouteQrCodes } from './route-qr-codes.server.ts'
import { slugFromName } from '#app/modules/addresses/slug.ts'
import { requireManagedWalk } from './walk-access.server.ts'
import { assertOfferedLocales, derivedMeasures, textsLocale, translationChanges, walkRowChanges } from './walk-changes.ts'
import { WalkMedia, type ImageSlot, type InWrite, type RouteImageAddresses } from './walk-media.server.ts'
import { WalkReader } from './walk-reader.server.ts'
import { WalkNoticesRepo } from './walk-notices.server.ts'
import { isDated } from './walk-notice.ts'
import { dayIn, nextDayStart } from './notice-days.ts'
import type { UrlContext } from './walk-serializer.server.ts'
import type { PublicRouteView, RouteSummaryView, RouteView } from './walk-responses.schema.ts'
import { WalksRepo, type CategoryRef } from './walks.repo.server.ts'
import {
  defaultRouteColor,
  type AssignNearbyInput,
  type DetachNearbyInput,
  type LogoOrderInput,
  type StoreWalkInput,
  type UpdateWalkInput,
} from './walks.schema.ts'

export interface PublicCategoryView {
  /** With its content languages (the fallback first) and the one the texts are in (ADR 043). */
  category: { id: number; slug: string; name: string; content_locales: string[]; content_locale: string }
  routes: (RouteSummaryView & { locales: string[]; start: { lat: number; lng: number } | null })[]
}

/** Who reads a public route, in which language: members of its category also see a draft. */
export interface PublicReadOptions {
  /** The language asked for; a visitor page's interface language when `content` is given. */
  locale: string | null
  viewer?: User | null
  /** A visitor page's asked and wished content languages (ADR 043): the category's offer decides. */
  content?: { lang: string | null; wish: readonly string[] }
}

export interface WalkDeps {
  db: DB
  config: Pick<Config, 'BASE_URL' | 'SUBDOMAIN_ROUTING' | 'TIME_ZONE' | 'REVISIONS_ENABLED'>
  categories: CategoryService
  addresses: AddressService
  storage: Storage
  qrImages: QrImages
  images: ImageProcessor
  /** Revisions of every save (ADR 111); absent: none recorded. */
  revisions?: SaveRecorder
}

/**
 * Walking routes ("walks" in code, "routes" in the API, ADR 005). Every manager method checks
 * tenancy first; every multi-step write runs in one transaction.
 */
export class WalkService {
  private readonly repo: WalksRepo
  private readonly reader: WalkReader
  private readonly ctx: UrlContext
  readonly media: WalkMedia
  readonly qrCodes: RouteQrCodes
  /** Serialized `fetch-routes` answers, kept per category content version and language. */
  private readonly lists: AnswerCache

  constructor(private readonly deps: WalkDeps) {
    const ctx: UrlContext = { baseUrl: deps.config.BASE_URL, subdomains: deps.config.SUBDOMAIN_ROUTING, fileUrl: (key) => deps.storage.url(key) }
    this.repo = new WalksRepo(deps.db)
    this.ctx = ctx
    this.reader = new WalkReader(deps.db, ctx, () => this.today())
    // Replaced images are kept for History while revisions are (ADR 111).
    this.media = new WalkMedia({ db: deps.db, storage: deps.storage, access: deps.categories.access, images: deps.images, keepReplaced: () => !!deps.revisions && deps.config.REVISIONS_ENABLED })
    this.qrCodes = new RouteQrCodes({ db: deps.db, access: deps.categories.access, ctx, images: deps.qrImages })
    this.lists = new AnswerCache(deps.db)
  }

  private get access() {
    return this.deps.categories.access
  }

  /** Today in the trails' time zone ('YYYY-MM-DD'): the day route notices are read in. */
  today(): string {
    return dayIn(this.deps.config.TIME_ZONE, Date.now())
  }

  /**
   * Until when an answer showing these notices stays true without any write (ms): the end of
   * today when one of them has dates (its window opens or closes on some day), else for good.
   */
  noticesValidUntil(notices: ({ starts_on: string | null; ends_on: string | null } | null | undefined)[]): number {
    return notices.some(isDated) ? nextDayStart(this.deps.config.TIME_ZONE, Date.now()) : Infinity
  }

  /** A new draft route named in the caller's language, with its three QR codes. */
  async store(user: User, input: StoreWalkInput, requestLocale: string | null): Promise<RouteView> {
    await this.access.require(user.id, input.place_category_id, 'editor')
    const category = (await this.repo.findCategory(input.place_category_id))!
    assertOfferedLocales(category, input)
    const locale = textsLocale(category, input.locale, requestLocale ?? localeOfUser(user))
    // The view is read and the creation's revision recorded in the insert's transaction (ADR 111).
    return this.insertWithFreeSlug(category, input, locale, user)
  }

  /**
   * A slug no route of the category has or had (an old address keeps leading to its route, ADR
   * 011). Two managers may race for one: the unique keys decide, and a derived slug retries.
   */
  private async insertWithFreeSlug(category: CategoryRef, input: StoreWalkInput, locale: string, user: User): Promise<RouteView> {
    const addresses = this.deps.addresses
    for (let attempt = 0; ; attempt++) {
      const slug = input.url ?? (await addresses.freeRouteSlug(category.id, slugFromName(input.name)))
      if (input.url && (await addresses.routeSlugHeld(category.id, slug))) throw await slugTaken(addresses, 'url', category.id, slug)
      try {
        return await this.insertWalk(category, slug, input, locale, user)
      } catch (error) {
        if (error instanceof AppError || attempt >= 3 || !(await addresses.routeSlugHeld(category.id, slug))) throw error
        if (input.url) throw await slugTaken(addresses, 'url', category.id, slug)
      }
    }
  }

  private insertWalk(category: CategoryRef, slug: string, input: StoreWalkInput, locale: string, user: User): Promise<RouteView> {
    const now = nowIso()
    return this.deps.db.transaction().execute(async (trx) => {
      const repo = new WalksRepo(trx)
      const walk = await repo.insert({
        uuid: randomUUID(),
        category_id: category.id,
        slug,
        status: 'draft',
        color: input.color ?? defaultRouteColor,
        created_at: now,
        updated_at: now,
      })
      await repo.upsertTranslation(walk.id, locale, { name: input.name })
      await repo.insertQrCodes(walk.id, now)
      await recordActivity(trx, { categoryId: category.id, userId: user.id, action: 'route.created', itemId: walk.id, label: input.name })
      const view = await new WalkReader(trx, this.ctx, () => this.today()).full(walk, locale, { category })
      await this.deps.revisions?.routeSaved({ user, itemId: walk.id, categoryId: walk.category_id }, view, trx)
      return view
    })
  }

  /**
   * Saves a route's state. All of it or nothing: a bad place id leaves the name unchanged too.
   * The slug stays as it is when the name changes; only an explicit `slug` moves it, and the old
   * address keeps leading to the route (written by a trigger, ADR 011): a slug another route of
   * the category has or had is taken.
   */
  async update(user: User, input: UpdateWalkInput, requestLocale: string | null): Promise<RouteView> {
    return (await this.save(user, input, requestLocale, null)).view
  }

  /**
   * Saves a revision's state again (ADR 111), its images too; answers the revision this save
   * recorded (null: nothing changed) and how many of its images are gone (purged files).
   */
  async restore(user: User, input: UpdateWalkInput, requestLocale: string | null, revisionId: number, images: RouteImageAddresses): Promise<{ revisionId: number | null; missingImages: number }> {
    let missingImages = 0
    const { revisionId: saved } = await this.save(user, input, requestLocale, revisionId, async (trx, walkId) => {
      ;({ missing: missingImages } = await this.media.restoreImages(trx, walkId, images))
    })
    return { revisionId: saved, missingImages }
  }

  private async save(
    user: User,
    input: UpdateWalkInput,
    requestLocale: string | null,
    restoredFrom: number | null,
    alsoWrite?: (trx: DB, walkId: number) => Promise<void>,
  ): Promise<{ view: RouteView; revisionId: number | null }> {
    const walk = await requireManagedWalk(this.deps.db, this.access, user, input.uuid)
    // The state before, for an item without revisions yet (ADR 111): recorded only if the save succeeds.
    const baseline = await this.deps.revisions?.routeBaseline(walk.id, () => this.reader.full(walk, null))
    const ref = { user, itemId: walk.id, categoryId: walk.category_id, restoredFrom, baseline }
    const category = (await this.repo.findCategory(walk.category_id))!
    assertOfferedLocales(category, input)
    const locale = textsLocale(category, input.locale, requestLocale)
    try {
      return await this.deps.db.transaction().execute(async (trx) => {
        const repo = new WalksRepo(trx)
        // Writing the route's row first locks it: concurrent saves of one route run one after the other.
        await repo.update(walk.id, { updated_at: nowIso() })
        if (input.places) await assertPlacesOfCategory(repo, category.id, input.places)
        const addresses = this.deps.addresses.on(trx)
        if (input.slug !== undefined && (await addresses.routeSlugHeld(category.id, input.slug, walk.id))) {
          throw await slugTaken(addresses, 'slug', category.id, input.slug)
        }
        if (input.places) await repo.replacePlaces(walk.id, input.places.map((p) => p.id))
        const current = (await repo.findById(walk.id))!
        const pathChanged = input.places !== undefined || input.features_collection !== undefined
        const places = pathChanged ? await repo.placesOf(walk.id) : []
        await repo.update(walk.id, { ...walkRowChanges(input, nowIso()), ...derivedMeasures(input, current, places) })
        for (const [lang, fields] of translationChanges(input, locale, category.fallback_locale)) await repo.upsertTranslation(walk.id, lang, fields)
        if (input.notice !== undefined) await new WalkNoticesRepo(trx).replace(walk.id, input.notice, nowIso())
        if (input.accessibility) await saveRouteAccessibility(trx, walk.id, input.accessibility, (await repo.placesOf(walk.id)).map((p) => p.place_id))
        await alsoWrite?.(trx, walk.id)
        const texts = [...translationChanges(input, locale, category.fallback_locale).values()].flatMap((fields) => Object.keys(fields))
        const actions = walkSaveActions(input, texts, current.status, restoredFrom !== null)
        const record = async () => {
          for (const action of actions) await recordActivity(trx, { categoryId: category.id, userId: user.id, action, itemId: walk.id })
        }
        if (restoredFrom === null) await record()
        // The state the save left, read and recorded while the row is locked: revisions follow the saves' order (ADR 111).
        const view = await new WalkReader(trx, this.ctx, () => this.today()).full((await repo.findById(walk.id))!, locale, { category })
        const revisionId = (await this.deps.revisions?.routeSaved(ref, view, trx)) ?? null
        // A restore that changed nothing records no revision, and no entry either.
        if (restoredFrom !== null && revisionId !== null) await record()
        return { view, revisionId }
      })
    } catch (error) {
      // Two managers racing for one slug: the unique index decides.
      if (!(error instanceof AppError) && input.slug !== undefined && (await this.deps.addresses.routeSlugHeld(category.id, input.slug, walk.id))) {
        throw await slugTaken(this.deps.addresses, 'slug', category.id, input.slug)
      }
      throw error
    }
  }

  /** Deletes the route with its places, translations, logos and QR codes, then its files. */
  async delete(user: User, uuid: string): Promise<void> {
    const walk = await requireManagedWalk(this.deps.db, this.access, user, uuid)
    const keys = await this.deps.db.transaction().execute(async (trx) => {
      const repo = new WalksRepo(trx)
      const current = (await repo.findById(walk.id)) ?? walk
      const logos = await repo.logosOf(walk.id)
      const retired = await repo.retiredImageKeys([walk.id])
      await repo.delete(walk.id)
      return [current.photo_path, current.content_image_path, current.logo_pro_path, ...logos.map((l) => l.path), ...retired]
    })
    await this.media.deleteFiles(keys)
  }

  async get(user: User, uuid: string, locale: string | null): Promise<RouteView> {
    const walk = await requireManagedWalk(this.deps.db, this.access, user, uuid)
    return this.reader.full(walk, locale)
  }

  /** The route by that uuid when the user may edit it, else null: the map editor says "route missing" instead of failing. */
  async find(user: User, uuid: string, locale: string | null): Promise<RouteView | null> {
    const walk = await this.repo.findByUuid(uuid)
    if (!walk || (await this.access.roleOf(user.id, walk.category_id)) === null) return null
    return this.reader.full(walk, locale)
  }

  /** The category's routes as summaries (a fixed number of queries for any number of routes). */
  async listForCategory(user: User, categoryId: number, locale: string | null): Promise<RouteSummaryView[]> {
    await this.access.require(user.id, categoryId, 'editor')
    const category = (await this.repo.findCategory(categoryId))!
    return this.reader.summaries(await this.repo.listByCategory(categoryId), category, locale)
  }

  /** The same list, serialized, kept per category content version and language; access is checked every time. */
  async listAnswerForCategory(user: User, categoryId: number, locale: string | null): Promise<KeptAnswer> {
    await this.access.require(user.id, categoryId, 'editor')
    return this.lists.answer(categoryId, `routes:${locale ?? ''}`, async () => {
      const category = (await this.repo.findCategory(categoryId))!
      const data = await this.reader.summaries(await this.repo.listByCategory(categoryId), category, locale)
      // A dated notice's badge (active or not) turns at midnight without a write.
      return { data, validUntil: this.noticesValidUntil(data.map((r) => r.notice)) }
    })
  }

  /** Lists a route of the same category as nearby at position `sortId`; assigning it again moves it. */
  async assignNearby(user: User, input: AssignNearbyInput, locale: string | null): Promise<RouteView> {
    const walk = await requireManagedWalk(this.deps.db, this.access, user, input.currentRouteUuid)
    if (input.nearbyRouteUuid === walk.uuid) throw invalidField('nearbyRouteUuid', 'validation.nearby_self')
    const nearby = await this.repo.findByUuid(input.nearbyRouteUuid)
    // A route of another category answers like a missing one: nothing leaks across tenants.
    if (!nearby || nearby.category_id !== walk.category_id) throw invalidField('nearbyRouteUuid', 'validation.nearby_same_category')
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new WalksRepo(trx)
      await repo.update(walk.id, { updated_at: nowIso() })
      const ids = (await repo.nearbyIdsOf(walk.id)).filter((id) => id !== nearby.id)
      ids.splice(Math.min(input.sortId - 1, ids.length), 0, nearby.id)
      await repo.replaceNearby(walk.id, ids)
    })
    return this.reader.full(walk, locale)
  }

  async detachNearby(user: User, input: DetachNearbyInput, locale: string | null): Promise<RouteView> {
    const walk = await requireManagedWalk(this.deps.db, this.access, user, input.currentRouteUuid)
    const nearby = await this.repo.findByUuid(input.nearbyRouteUuid)
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new WalksRepo(trx)
      await repo.update(walk.id, { updated_at: nowIso() })
      const ids = await repo.nearbyIdsOf(walk.id)
      if (!nearby || !ids.includes(nearby.id)) throw notFound()
      await repo.replaceNearby(walk.id, ids.filter((id) => id !== nearby.id))
    })
    return this.reader.full(walk, locale)
  }

  /**
   * A route for its public pages by an address (ADR 011), or null. With a category, the route that
   * has or had the slug there; without, only the route that keeps a category-less address printed
   * before addresses named their category. A visitor (or a non-member) sees published routes
   * only; a member of the category also sees drafts.
   */
  async publicRoute(address: AskedAddress, options: PublicReadOptions): Promise<PublicRouteView | null> {
    const walk = await this.deps.addresses.findRoute(address)
    return walk ? this.publicView(walk, options) : null
  }

  /** The same by the route's uuid (the GPX download of the map page), or null. */
  async publicRouteByUuid(uuid: string, options: PublicReadOptions): Promise<PublicRouteView | null> {
    const walk = await this.repo.findByUuid(uuid)
    return walk ? this.publicView(walk, options) : null
  }

  /**
   * A category's public home: the category that has or had the slug (ADR 011) and its
   * published routes in the visitor's language, each with the languages its name is written in
   * and its first stop. Drafts are never listed, whoever asks. Null for an unknown category.
   */
  async publicCategory(slug: string, locale: Locale, content?: PublicReadOptions['content']): Promise<PublicCategoryView | null> {
    const found = await this.deps.addresses.findCategory(slug)
    if (!found) return null
    const category = (await this.repo.findCategory(found.id))!
    const offered = contentLocalesOf(category)
    const contentLocale = content ? chooseContentLocale(offered, category.fallback_locale, { ...content, ui: locale }) : locale
    const walks = await this.repo.listPublishedByCategory(category.id)
    const ids = walks.map((w) => w.id)
    const [summaries, translations, starts] = await Promise.all([this.reader.summaries(walks, category, contentLocale), this.repo.translationsOf(ids), this.repo.firstStops(ids)])
    const routes = summaries.map((summary, i) => ({
      ...summary,
      locales: [...new Set(translations.filter((t) => t.walk_id === walks[i].id && t.name?.trim()).map((t) => t.locale))],
      start: starts.get(walks[i].id) ?? null,
    }))
    return { category: { id: category.id, slug: category.slug, name: category.name, content_locales: offered, content_locale: contentLocale }, routes }
  }

  private async publicView(walk: Walk, options: PublicReadOptions): Promise<PublicRouteView | null> {
    const member = options.viewer ? (await this.access.roleOf(options.viewer.id, walk.category_id)) !== null : false
    if (walk.status !== 'published' && !member) return null
    // A category in the trash (ADR 110) shows nothing.
    const category = await this.repo.findCategory(walk.category_id)
    if (!category) return null
    const offered = contentLocalesOf(category)
    const asked = options.content ? { ...options.content, ui: options.locale ?? category.fallback_locale } : null
    const contentLocale = asked ? chooseContentLocale(offered, category.fallback_locale, asked) : (options.locale ?? category.fallback_locale)
    const view = await this.reader.full(walk, contentLocale, { category, publishedNearbyOnly: !member })
    return {
      ...view,
      place_category: { id: category.id, slug: category.slug, name: category.name, fallback_locale: category.fallback_locale, content_locales: offered, content_locale: contentLocale },
    }
  }

  // ---- images (stored through WalkMedia, answered as the full route, recorded as a revision)

  /**
   * Runs an image write with, in its transaction, the route's view read and its revision recorded
   * (ADR 111: the write and its revision commit together); answers that view.
   */
  private async imageSaved(user: User, locale: string | null, write: (inWrite: InWrite) => Promise<Walk>): Promise<RouteView> {
    let view: RouteView | null = null
    const walk = await write(async (trx, written) => {
      view = await new WalkReader(trx, this.ctx, () => this.today()).full((await new WalksRepo(trx).findById(written.id))!, locale)
      await this.deps.revisions?.routeSaved({ user, itemId: written.id, categoryId: written.category_id }, view, trx)
    })
    return view ?? this.reader.full(walk, locale)
  }

  async setImage(user: User, uuid: string, slot: ImageSlot, read: UploadReader, locale: string | null): Promise<RouteView> {
    return this.imageSaved(user, locale, (inWrite) => this.media.setImage(user, uuid, slot, read, inWrite))
  }

  async removeImage(user: User, uuid: string, slot: ImageSlot, locale: string | null): Promise<RouteView> {
    return this.imageSaved(user, locale, (inWrite) => this.media.removeImage(user, uuid, slot, inWrite))
  }

  async addLogo(user: User, uuid: string, read: UploadReader, locale: string | null): Promise<RouteView> {
    return this.imageSaved(user, locale, (inWrite) => this.media.addLogo(user, uuid, read, inWrite))
  }

  async removeLogo(user: User, uuid: string, logoId: number, locale: string | null): Promise<RouteView> {
    return this.imageSaved(user, locale, (inWrite) => this.media.removeLogo(user, uuid, logoId, inWrite))
  }

  async reorderLogos(user: User, uuid: string, input: LogoOrderInput, locale: string | null): Promise<RouteView> {
    return this.imageSaved(user, locale, (inWrite) => this.media.reorderLogos(user, uuid, input.ids, inWrite))
  }
}

/** Every place of a route must be one of its category's; the error names the position. */
async function assertPlacesOfCategory(repo: WalksRepo, categoryId: number, places: { id: number }[]) {
  const known = await repo.placeIdsInCategory(categoryId, [...new Set(places.map((p) => p.id))])
  const index = places.findIndex((p) => !known.has(p.id))
  if (index >= 0) throw invalidField(`places.${index}.id`, 'validation.place_not_in_category', { id: places[index].id })
}

/** "This address is already taken", naming the first free version of it (read on the caller's handle). */
async function slugTaken(addresses: AddressService, field: string, categoryId: number, slug: string) {
  return invalidField(field, 'validation.slug_taken_try', { slug: await addresses.freeRouteSlug(categoryId, slug) })
}
