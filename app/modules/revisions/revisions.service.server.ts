import type { Config } from '#app/config/config.server.ts'
import { nowIso, type DB } from '#app/db/db.server.ts'
import type { RevisionKind, User } from '#app/db/schema.ts'
import type { CategoryAccess } from '#app/modules/categories/access.server.ts'
import type { PlaceService } from '#app/modules/places/places.service.server.ts'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import type { NoticeLevel } from '#app/modules/walks/walk-notice.ts'
import type { UpdateWalkBody } from '#app/modules/walks/walks.schema.ts'
import { updateWalkSchema } from '#app/modules/walks/walks.schema.ts'
import type { WalkService } from '#app/modules/walks/walks.service.server.ts'
import type { RateLimiter } from '#app/platform/rate-limit/rate-limit.server.ts'
import type { Storage } from '#app/platform/storage/storage.server.ts'
import { notFound } from '#app/utils/errors.ts'
import { changeKeys, diffSnapshots, placeSnapshot, routeSnapshot, type PlaceSnapshot, type PlaceState, type RouteSnapshot, type Snapshot } from './revision-diff.ts'
import { RevisionsRepo, unpackSnapshot, type RevisionRow } from './revisions.repo.server.ts'
import type { RevisionDetailView, RevisionSummaryView } from './revisions.schema.ts'

const DAY_MS = 86_400_000
/** Every item keeps at least its newest this many revisions, however old (ADR 111). */
export const KEPT_AT_LEAST = 50
/** The list answers at most this many (the newest). */
const LIST_MAX = 200

/** Where a save happened: the item and its category, who saved, and the restore it was (if one). */
export interface SaveRef {
  user: User | null
  itemId: number
  categoryId: number
  restoredFrom?: number | null
  /** The state before the save when the item has no revision yet (from `routeBaseline`/`placeBaseline`). */
  baseline?: Snapshot | null
}

/**
 * What the route and place services call around a save (their one hook into revisions): before
 * it, the state an item without any revision had (items older than revisions); after it, with
 * the state it left. Nothing is written unless the save succeeded.
 */
export interface SaveRecorder {
  routeBaseline(itemId: number, current: () => Promise<RouteView>): Promise<Snapshot | null>
  /** `db`: the save's transaction, when the save records inside it. */
  routeSaved(ref: SaveRef, view: RouteView, db?: DB): Promise<number | null>
  placeBaseline(itemId: number, current: () => Promise<PlaceState>): Promise<Snapshot | null>
  placeSaved(ref: SaveRef, state: PlaceState, db?: DB): Promise<number | null>
}

export interface RevisionDeps {
  db: DB
  config: Pick<Config, 'REVISIONS_DAYS' | 'REVISIONS_ENABLED' | 'RATE_LIMIT_RESTORES'>
  access: CategoryAccess
  rateLimiter: RateLimiter
  /** Where retired image files are (ADR 111): the purge deletes those no kept revision shows. */
  storage: Pick<Storage, 'delete'>
  /** The services a restore saves through (built after this one: they call its hooks). */
  editors: () => { walks: WalkService; places: PlaceService }
}

/**
 * Revisions of routes and places (ADR 111). Each save that changed something records the item's
 * editable state after it (a snapshot, deflated), who and when; a difference is computed when
 * one is read, against the revision before. A restore saves the old state through the route's or
 * place's own service, so it is validated like any save and records a revision of its own.
 */
export class RevisionService implements SaveRecorder {
  private readonly repo: RevisionsRepo

  constructor(private readonly deps: RevisionDeps) {
    this.repo = new RevisionsRepo(deps.db)
  }

  // ---- recording (called by the walks and places services)

  routeBaseline(itemId: number, current: () => Promise<RouteView>): Promise<Snapshot | null> {
    return this.baseline('route', itemId, async () => routeSnapshot(await current()))
  }

  routeSaved(ref: SaveRef, view: RouteView, db?: DB): Promise<number | null> {
    return this.record('route', ref, routeSnapshot(view), db)
  }

  placeBaseline(itemId: number, current: () => Promise<PlaceState>): Promise<Snapshot | null> {
    return this.baseline('place', itemId, async () => placeSnapshot(await current()))
  }

  placeSaved(ref: SaveRef, state: PlaceState, db?: DB): Promise<number | null> {
    return this.record('place', ref, placeSnapshot(state), db)
  }

  /** The state an item had before its first recorded save (items older than revisions have none). */
  private async baseline(kind: RevisionKind, itemId: number, snapshot: () => Promise<Snapshot>): Promise<Snapshot | null> {
    if (!this.deps.config.REVISIONS_ENABLED || (await this.repo.hasAny(kind, itemId))) return null
    return snapshot()
  }

  /** Records the state a save left, unless it is the newest revision's already (a save that changed nothing). */
  private async record(kind: RevisionKind, ref: SaveRef, snapshot: Snapshot, db: DB = this.deps.db): Promise<number | null> {
    if (!this.deps.config.REVISIONS_ENABLED) return null
    const repo = db === this.deps.db ? this.repo : new RevisionsRepo(db)
    if (ref.baseline) {
      const { categoryId: category_id, itemId: item_id } = ref
      await repo.insert({ category_id, kind, item_id, user_id: null, created_at: nowIso(), changes: ['baseline'], restored_from: null, snapshot: ref.baseline })
    }
    const last = ref.baseline ?? (await repo.latestSnapshot(kind, ref.itemId))
    const changes = changeKeys(last, snapshot)
    if (last && changes.length === 0) return null
    const { id } = await repo.insert({
      category_id: ref.categoryId,
      kind,
      item_id: ref.itemId,
      user_id: ref.user?.id ?? null,
      created_at: nowIso(),
      changes,
      restored_from: ref.restoredFrom ?? null,
      snapshot,
    })
    return id
  }

  // ---- reading

  async listForRoute(user: User, uuid: string): Promise<RevisionSummaryView[]> {
    const walk = await this.routeOf(user, uuid)
    return (await this.repo.list('route', walk.id, LIST_MAX)).map(summaryOf)
  }

  async listForPlace(user: User, placeId: number): Promise<RevisionSummaryView[]> {
    const place = await this.placeOf(user, placeId)
    return (await this.repo.list('place', place.id, LIST_MAX)).map(summaryOf)
  }

  async getForRoute(user: User, uuid: string, id: number): Promise<RevisionDetailView> {
    return this.detail('route', (await this.routeOf(user, uuid)).id, id)
  }

  async getForPlace(user: User, placeId: number, id: number): Promise<RevisionDetailView> {
    return this.detail('place', (await this.placeOf(user, placeId)).id, id)
  }

  private async detail(kind: RevisionKind, itemId: number, id: number): Promise<RevisionDetailView> {
    const row = await this.repo.find(kind, itemId, id)
    if (!row) throw notFound()
    const previous = await this.repo.previous(kind, itemId, id)
    const diff = diffSnapshots(previous ? unpackSnapshot(previous.snapshot) : null, unpackSnapshot(row.snapshot))
    return { ...summaryOf(row), previous_id: previous?.id ?? null, diff }
  }

  // ---- restoring

  /**
   * Saves the route as it was in revision `id` (a new revision), its images too; stops deleted
   * meanwhile are left out and named, images whose files were purged stay as they are and counted.
   */
  async restoreRoute(user: User, uuid: string, id: number, locale: string | null): Promise<{ revisionId: number | null; skipped: string[]; missingImages: number }> {
    const walk = await this.routeOf(user, uuid)
    const row = await this.repo.find('route', walk.id, id)
    if (!row) throw notFound()
    await this.deps.rateLimiter.enforce(`restores:${user.id}`, this.deps.config.RATE_LIMIT_RESTORES)
    const snapshot = unpackSnapshot(row.snapshot) as RouteSnapshot
    const live = await this.livePlaceIds(walk.category_id, snapshot.stops.map((s) => s.id))
    const stops = snapshot.stops.filter((s) => live.has(s.id))
    const body = routeBody(uuid, snapshot, stops, await this.currentLanguages(walk.id))
    const { walks } = this.deps.editors()
    const { revisionId, missingImages } = await walks.restore(user, updateWalkSchema.parse(body), locale, row.id, snapshot.images)
    return { revisionId, skipped: snapshot.stops.filter((s) => !live.has(s.id)).map((s) => s.name), missingImages }
  }

  async restorePlace(user: User, placeId: number, id: number): Promise<{ revisionId: number | null; skipped: string[]; missingImages: number }> {
    const place = await this.placeOf(user, placeId)
    const row = await this.repo.find('place', place.id, id)
    if (!row) throw notFound()
    await this.deps.rateLimiter.enforce(`restores:${user.id}`, this.deps.config.RATE_LIMIT_RESTORES)
    const snapshot = unpackSnapshot(row.snapshot) as PlaceSnapshot
    const { places } = this.deps.editors()
    // Texts recorded before place texts were (no `texts`): left as they are.
    const revisionId = await places.restore(user, place.id, { name: snapshot.name, lat: snapshot.lat, lng: snapshot.lng }, snapshot.texts ?? null, row.id)
    return { revisionId, skipped: [], missingImages: 0 }
  }

  /**
   * Deletes revisions older than REVISIONS_DAYS, each item keeping its newest KEPT_AT_LEAST, then
   * the retired image files no kept revision of their route shows (after the commit: a file is
   * never missing for a row that still names it).
   */
  async purgeExpired(now: Date = new Date()): Promise<number> {
    const deleted = await this.repo.purge(nowIso(new Date(now.getTime() - this.deps.config.REVISIONS_DAYS * DAY_MS)), KEPT_AT_LEAST)
    const unshown: string[] = []
    for (const walkId of await this.repo.walksWithRetiredImages()) {
      const shown = new Set<string>()
      for (const packed of await this.repo.snapshotsOf('route', walkId)) {
        const { images } = unpackSnapshot(packed) as RouteSnapshot
        for (const address of [images.photo, images.content_image, images.logo_pro, ...images.logos]) if (address) shown.add(address)
      }
      const keys = await this.repo.retiredImagesOf(walkId)
      unshown.push(...keys.filter((key) => ![...shown].some((address) => address.endsWith(`/${key}`))))
    }
    await this.repo.forgetRetired(unshown)
    await Promise.all(unshown.map((key) => this.deps.storage.delete(key).catch(() => undefined)))
    return deleted
  }

  // ---- access: a missing item, one in the trash and another tenant's all answer 404

  private async routeOf(user: User, uuid: string) {
    const walk = await this.deps.db.selectFrom('walks').select(['id', 'category_id']).where('uuid', '=', uuid).where('deleted_at', 'is', null).executeTakeFirst()
    if (!walk) throw notFound()
    await this.deps.access.require(user.id, walk.category_id, 'editor')
    return walk
  }

  private async placeOf(user: User, placeId: number) {
    const place = await this.deps.db.selectFrom('places').select(['id', 'category_id']).where('id', '=', placeId).where('deleted_at', 'is', null).executeTakeFirst()
    if (!place) throw notFound()
    await this.deps.access.require(user.id, place.category_id, 'editor')
    return place
  }

  private async livePlaceIds(categoryId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set()
    const rows = await this.deps.db.selectFrom('places').select('id').where('category_id', '=', categoryId).where('id', 'in', ids).where('deleted_at', 'is', null).execute()
    return new Set(rows.map((r) => r.id))
  }

  private async currentLanguages(walkId: number): Promise<string[]> {
    return (await this.deps.db.selectFrom('walk_translations').select('locale').where('walk_id', '=', walkId).execute()).map((r) => r.locale)
  }
}

function summaryOf(row: RevisionRow): RevisionSummaryView {
  return {
    id: row.id,
    kind: row.kind,
    created_at: row.created_at,
    user: row.user_id !== null && row.user_name !== null ? { id: row.user_id, name: row.user_name } : null,
    changes: JSON.parse(row.changes) as string[],
    restored_from: row.restored_from,
  }
}

/**
 * The save that brings a route back to a snapshot: every text of every language it had (a
 * language written since loses its texts, its name stays: a route's name in a language is never
 * removed by a save), stops, path, measures, status, colour, settings, notice and accessibility.
 * Images come back through the route's media (`WalkMedia.restoreImages`), from retired files.
 */
function routeBody(uuid: string, s: RouteSnapshot, stops: RouteSnapshot['stops'], languagesNow: string[]): UpdateWalkBody {
  const translations: Record<string, Record<string, string | null>> = {}
  for (const lang of languagesNow) translations[lang] = { subtitle: null, description: null, content_title: null, content_text: null, logo_title: null }
  for (const [lang, texts] of Object.entries(s.texts)) translations[lang] = { ...texts }
  const entrances = stops.map((stop) => {
    const notes: Record<string, string | null> = { en: null, fr: null, de: null, it: null }
    return { place_id: stop.id, notes: { ...notes, ...stop.entrance } }
  })
  return {
    uuid,
    translations: translations as UpdateWalkBody['translations'],
    status: s.status as 'draft' | 'published',
    color: s.color as UpdateWalkBody['color'],
    branding: { bg_color: s.bg_color, is_bg_transparent: s.is_bg_transparent },
    isIndexed: s.isIndexed,
    isPathVisible: s.isPathVisible,
    isSpacePlacesVisible: s.isSpacePlacesVisible,
    features_collection: s.features_collection,
    places: stops.map((stop) => ({ id: stop.id })),
    distance: s.distance,
    duration: s.duration,
    notice: s.notice ? { level: s.notice.level as NoticeLevel, texts: s.notice.texts, starts_on: s.notice.starts_on, ends_on: s.notice.ends_on } : null,
    accessibility: { ...s.accessibility, entrances },
  }
}
