import type { Config } from '#app/config/config.server.ts'
import { nowIso, type DB } from '#app/db/db.server.ts'
import { inTransaction, type OnHandle } from '#app/db/handle.server.ts'
import type { Place, User } from '#app/db/schema.ts'
import type { Locale } from '#app/i18n/config.ts'
import type { CategoryNode } from '#app/modules/categories/categories.schema.ts'
import type { SaveRecorder } from '#app/modules/revisions/revisions.service.server.ts'
import type { PlaceState } from '#app/modules/revisions/revision-diff.ts'
import type { CategoryService } from '#app/modules/categories/categories.service.server.ts'
import { EARTH_RADIUS_M, haversineDistance, NEARBY_RADIUS_M, type LatLng } from '#app/modules/geo/geo.ts'
import type { InvitationService } from '#app/modules/invitations/invitations.service.server.ts'
import type { StatsService } from '#app/modules/stats/stats.service.server.ts'
import { notFound } from '#app/utils/errors.ts'
import { assertOfferedLocales } from '#app/modules/categories/offered-locales.server.ts'
import { recordActivity } from '#app/modules/activity/activity.service.server.ts'
import { parseOrThrow } from '#app/utils/validation.ts'
import {
  newPlaceSchema,
  type CreatePlaceInput,
  type CreateSecretInput,
  type InvitationView,
  type NewPlaceInput,
  type PlaceSummary,
  type PlaceUserView,
  type PlaceTextsInput,
  type PlaceTextsView,
  type PlaceView,
  type SecretView,
  type UpdatePlaceInput,
} from './places.schema.ts'
import { PlacesRepo, type Box, type PlaceScope } from './places.repo.server.ts'
import { photoOf, type FileUrl } from '#app/modules/auth/public-user.ts'
import { AnswerCache, type KeptAnswer } from '#app/platform/page-cache/answer-cache.server.ts'

/** A place's name and description in one language, as stored. */
type PlaceTextsRow = { name: string | null; description: string | null }

const toSummary = (place: Place): PlaceSummary => ({
  id: place.id,
  place_category_id: place.category_id,
  name: place.name,
  lat: place.lat,
  lng: place.lng,
  created_at: place.created_at,
})


type SecretRow = Awaited<ReturnType<PlacesRepo['secretsOf']>>[number]

const toSecretView = (row: SecretRow): SecretView => ({
  id: row.id,
  title: row.title,
  text: row.text,
  locale: row.locale,
  created_at: row.created_at,
  author: row.author_id === null || row.author_name === null ? null : { id: row.author_id, name: row.author_name },
})

/** Rows grouped by their place id, for assembling many places from one query per relation. */
function groupByPlace<R extends { place_id: number | null }, V>(rows: R[], view: (row: R) => V): Map<number, V[]> {
  const groups = new Map<number, V[]>()
  for (const row of rows) {
    if (row.place_id === null) continue
    const group = groups.get(row.place_id) ?? []
    group.push(view(row))
    groups.set(row.place_id, group)
  }
  return groups
}

const METRES_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_M

/**
 * A box that holds every point within `radius` of the centre (with a margin), so the database
 * hands over only candidates; the exact test is the haversine distance.
 */
function boxAround(centre: LatLng, radius: number): Box {
  const dLat = (radius / METRES_PER_DEGREE) * 1.5
  const lat: [number, number] = [centre.lat - dLat, centre.lat + dLat]
  const cos = Math.cos((Math.min(90, Math.max(Math.abs(lat[0]), Math.abs(lat[1]))) * Math.PI) / 180)
  if (cos < 1e-6) return { lat }
  const dLng = dLat / cos
  if (centre.lng - dLng < -180 || centre.lng + dLng > 180) return { lat }
  return { lat, lng: [centre.lng - dLng, centre.lng + dLng] }
}

/**
 * Places of a category, their users and invitations, and their secrets. Every call that names a
 * user checks tenancy (ARCHITECTURE §1); the methods that take none are for other services
 * that have checked access themselves. Built on a db handle or a transaction (`on`, ADR 037).
 */
export class PlaceService implements OnHandle<PlaceService> {
  private readonly repo: PlacesRepo
  /** Serialized `fetch-places` answers, kept per category content version. */
  private readonly lists: AnswerCache

  constructor(
    readonly deps: {
      db: DB
      config: Config
      categories: CategoryService
      invitations: InvitationService
      stats: StatsService
      fileUrl: FileUrl
      /** Revisions of every save (ADR 111); absent: none recorded. */
      revisions?: SaveRecorder
    },
  ) {
    this.repo = new PlacesRepo(deps.db)
    this.lists = new AnswerCache(deps.db)
  }

  /** The same service inside a transaction (its stats writes too). */
  on(db: DB): PlaceService {
    return db === this.deps.db ? this : new PlaceService({ ...this.deps, db, stats: this.deps.stats.on(db) })
  }

  private readonly fileUrl: FileUrl = (key) => this.deps.fileUrl(key)

  // ---- Places

  /** Every place of the category with its users, pending invitations and secrets (4 queries). */
  async listForCategory(user: User, categoryId: number): Promise<PlaceView[]> {
    await this.deps.categories.access.require(user.id, categoryId)
    const places = await this.repo.listByCategory(categoryId)
    return places.length === 0 ? [] : this.withRelations(places, { categoryId })
  }

  /**
   * Where a category without located places probably lies (issue 18: a new category's map
   * opened on the whole country, and a first route was clicked together 470 km long): the
   * corners of the box around the places of its nearest ancestor that has some, else of the
   * user's category they last added a place to (their categories may lie far apart). Empty
   * when nothing is known (the map shows its default).
   */
  async likelyArea(user: User, categoryId: number): Promise<LatLng[]> {
    await this.deps.categories.access.require(user.id, categoryId)
    const flat = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((n) => [n, ...flat(n.children)])
    const categories = flat(await this.deps.categories.tree(user))
    const byId = new Map(categories.map((c) => [c.id, c]))
    const ancestors: number[] = []
    for (let parent = byId.get(categoryId)?.parent_id ?? null; parent !== null && byId.has(parent) && !ancestors.includes(parent); parent = byId.get(parent)!.parent_id)
      ancestors.push(parent)
    const latest = async () => this.repo.latestLocatedCategory(categories.map((c) => c.id).filter((id) => id !== categoryId))
    for (const candidate of [...ancestors.map((id) => async () => id), latest]) {
      const id = await candidate()
      const box = id === null ? null : await this.repo.boxOf([id])
      if (box)
        return [
          { lat: box.south, lng: box.west },
          { lat: box.north, lng: box.east },
        ]
    }
    return []
  }

  /**
   * The same list, serialized, from the kept answers when nothing it shows has changed (a
   * member's check runs first, every time). A kept answer lapses at its first invitation's expiry.
   */
  async listAnswerForCategory(user: User, categoryId: number): Promise<KeptAnswer> {
    await this.deps.categories.access.require(user.id, categoryId)
    return this.lists.answer(categoryId, 'places', async () => {
      const places = await this.repo.listByCategory(categoryId)
      const data = places.length === 0 ? [] : await this.withRelations(places, { categoryId })
      let validUntil = Infinity
      for (const place of data) for (const i of place.invitations.pending) validUntil = Math.min(validUntil, Date.parse(i.expires_at))
      return { data, validUntil }
    })
  }

  async get(user: User, id: number): Promise<PlaceView> {
    const place = await this.placeFor(user, id)
    const [view] = await this.withRelations([place], { placeId: id })
    return view
  }

  async create(user: User, input: CreatePlaceInput): Promise<PlaceView> {
    await this.deps.categories.access.require(user.id, input.place_category_id)
    const place = await this.deps.db.transaction().execute(async (trx) => {
      const created = await this.on(trx).createInCategory(input.place_category_id, { name: input.name, lat: input.lat ?? null, lng: input.lng ?? null })
      await recordActivity(trx, { categoryId: created.category_id, userId: user.id, action: 'place.added', itemId: created.id, label: created.name })
      // The creation's revision commits with it (ADR 111).
      await this.deps.revisions?.placeSaved({ user, itemId: created.id, categoryId: created.category_id }, { ...created, texts: {} }, trx)
      return created
    })
    return { ...toSummary(place), users: [], invitations: { pending: [] }, secrets: [] }
  }

  /** Creates a place without an access check: the caller has checked access to the category. */
  async createInCategory(categoryId: number, input: NewPlaceInput): Promise<Place> {
    const { name, lat, lng } = parseOrThrow(newPlaceSchema, input)
    return this.repo.insert({ category_id: categoryId, name, lat, lng }, nowIso())
  }

  async update(user: User, id: number, input: UpdatePlaceInput): Promise<PlaceView> {
    return (await this.save(user, id, input, null)).view
  }

  /**
   * Saves a revision's state again (ADR 111): name, position and, when the revision has them, its
   * texts per language (a language written since is emptied). Answers the revision this save
   * recorded (null: nothing changed).
   */
  async restore(user: User, id: number, input: UpdatePlaceInput, texts: Record<string, PlaceTextsRow> | null, revisionId: number): Promise<number | null> {
    return (await this.save(user, id, input, revisionId, texts)).revisionId
  }

  /** A place's name, position and texts per language: what its revisions keep (ADR 111). */
  private async stateOf(db: DB, place: Pick<Place, 'id' | 'name' | 'lat' | 'lng'>): Promise<PlaceState> {
    const rows = await new PlacesRepo(db).translationsOfPlaces([place.id])
    return { name: place.name, lat: place.lat, lng: place.lng, texts: Object.fromEntries(rows.map((r) => [r.locale, { name: r.name, description: r.description }])) }
  }

  private async save(
    user: User,
    id: number,
    input: UpdatePlaceInput,
    restoredFrom: number | null,
    texts: Record<string, PlaceTextsRow> | null = null,
  ): Promise<{ view: PlaceView; revisionId: number | null }> {
    const place = await this.placeFor(user, id)
    // The state before, for a place without revisions yet (ADR 111): recorded only if the save succeeds.
    const baseline = await this.deps.revisions?.placeBaseline(place.id, () => this.stateOf(this.deps.db, place))
    const ref = { user, itemId: place.id, categoryId: place.category_id, restoredFrom, baseline }
    const revisionId = await this.deps.db.transaction().execute(async (trx) => {
      await new PlacesRepo(trx).update(id, input, nowIso())
      const textsChanged = texts !== null && (await this.replaceTexts(trx, id, texts))
      const moved = (input.lat !== undefined && input.lat !== place.lat) || (input.lng !== undefined && input.lng !== place.lng)
      const edited = input.name !== undefined && input.name !== place.name
      const name = input.name ?? place.name
      // A restore from History is one entry that says so, not the move and edit it is made of (ADR 111).
      if (restoredFrom !== null && (moved || edited || textsChanged)) await recordActivity(trx, { categoryId: place.category_id, userId: user.id, action: 'place.version_restored', itemId: id, label: name })
      else {
        if (moved) await recordActivity(trx, { categoryId: place.category_id, userId: user.id, action: 'place.moved', itemId: id, label: name })
        if (edited) await recordActivity(trx, { categoryId: place.category_id, userId: user.id, action: 'place.edited', itemId: id, label: name })
      }
      // The state the save left, recorded in its transaction: the save and its revision commit together (ADR 111).
      const saved = await this.stateOf(trx, { id, name, lat: input.lat !== undefined ? input.lat : place.lat, lng: input.lng !== undefined ? input.lng : place.lng })
      return (await this.deps.revisions?.placeSaved(ref, saved, trx)) ?? null
    })
    return { view: await this.get(user, id), revisionId }
  }

  /** Places of the category strictly closer than `radius` metres, nearest first. */
  async nearby(user: User, categoryId: number, point: LatLng, radius = NEARBY_RADIUS_M): Promise<(PlaceSummary & { distance: number })[]> {
    await this.deps.categories.access.require(user.id, categoryId)
    const places = await this.findNearby(categoryId, point, radius)
    return places.map((place) => ({ ...toSummary(place), distance: place.distance }))
  }

  /**
   * Places of the category strictly closer than `radius` metres (20 by default), nearest first,
   * without an access check: the caller has checked access. In a transaction: `on(trx).findNearby`.
   */
  async findNearby(categoryId: number, point: LatLng, radius = NEARBY_RADIUS_M): Promise<(Place & { distance: number })[]> {
    const candidates = await this.repo.inBox(categoryId, boxAround(point, radius))
    return candidates
      .map((place) => ({ ...place, distance: haversineDistance(point, { lat: place.lat!, lng: place.lng! }) }))
      .filter((place) => place.distance < radius)
      .sort((a, b) => a.distance - b.distance || a.id - b.id)
  }

  /**
   * The name and description of each place in a language (else the fallback language, else any),
   * for pages that show places already visible to their reader (a public route's stops).
   */
  async textsIn(placeIds: number[], locale: string, fallback: string): Promise<Map<number, { name: string | null; description: string | null }>> {
    const rows = await this.repo.translationsOfPlaces(placeIds)
    const order = [locale, fallback]
    const rank = (l: string) => (order.includes(l) ? order.indexOf(l) : order.length)
    const out = new Map<number, { name: string | null; description: string | null }>()
    for (const row of [...rows].sort((a, b) => rank(a.locale) - rank(b.locale) || a.locale.localeCompare(b.locale))) {
      const texts = out.get(row.place_id) ?? { name: null, description: null }
      // A language's own name only: another language's name is not this reader's.
      if (!texts.name && row.locale === locale && row.name) texts.name = row.name
      texts.description ??= row.description
      out.set(row.place_id, texts)
    }
    return out
  }

  // ---- Place users and invitations (category members only)

  async users(user: User, id: number) {
    await this.placeFor(user, id)
    const rows = await this.repo.usersOf({ placeId: id })
    return rows.map((row) => ({ id: row.id, name: row.name, email: row.email, photo: photoOf(row.avatar_path, this.fileUrl), joined_at: row.created_at }))
  }

  async removeUser(user: User, id: number, userId: number): Promise<void> {
    await this.placeFor(user, id)
    if (!(await this.repo.removeUser(id, userId))) throw notFound()
  }

  /** E-mails a link that makes the invited person one of the place's users. */
  async invite(user: User, id: number, email: string, locale: Locale) {
    const place = await this.placeFor(user, id)
    const invitation = await this.deps.invitations.invite(
      { kind: 'place', categoryId: place.category_id, placeId: place.id, targetName: place.name },
      email,
      user,
      locale,
    )
    return { id: invitation.id, email: invitation.email, expires_at: invitation.expires_at, created_at: invitation.created_at }
  }

  async pendingInvitations(user: User, id: number) {
    const place = await this.placeFor(user, id)
    const pending = await this.deps.invitations.pending(place.category_id, place.id)
    return pending.map((i) => ({ id: i.id, email: i.email, expires_at: i.expires_at, created_at: i.created_at }))
  }

  async revokeInvitation(user: User, id: number, invitationId: number): Promise<void> {
    const place = await this.placeFor(user, id)
    if (!(await this.deps.invitations.revoke(invitationId, place.category_id, place.id))) throw notFound()
  }

  // ---- Secrets

  async secrets(user: User, id: number): Promise<SecretView[]> {
    await this.placeFor(user, id)
    return (await this.repo.secretsOf({ placeId: id })).map(toSecretView)
  }

  /**
   * Category members and the place's own users may add a secret, in one of the category's content
   * languages (ADR 044; left out, its fallback; any other: 422 on `locale`). The secret and its
   * contribution event are written together, or not at all.
   */
  async createSecret(user: User, id: number, input: CreateSecretInput): Promise<SecretView> {
    const place = await this.placeForContributor(user, id)
    const locale = input.locale ?? (await this.repo.fallbackLocaleOf(place.category_id))
    await assertOfferedLocales(this.deps.db, place.category_id, [locale], () => 'locale')
    const now = nowIso()
    const secret = await inTransaction(this.deps.db, async (trx) => {
      const created = await new PlacesRepo(trx).insertSecret({ place_id: place.id, author_id: user.id, title: input.title, text: input.text, locale }, now)
      await this.deps.stats.on(trx).record([{ categoryId: place.category_id, placeId: place.id, type: 'contribution', occurredAt: now }])
      return created
    })
    return { id: secret.id, title: secret.title, text: secret.text, locale: secret.locale, created_at: secret.created_at, author: { id: user.id, name: user.name } }
  }

  /** Its author, or any member of the place's category, may delete a secret. */
  async deleteSecret(user: User, secretId: number): Promise<void> {
    const secret = await this.repo.findSecret(secretId)
    if (!secret) throw notFound()
    if (secret.author_id !== user.id) await this.deps.categories.access.require(user.id, secret.category_id)
    await this.repo.deleteSecret(secretId)
  }

  // ---- Helpers

  /** The place, if the user is a member of its category; 404 otherwise, like a missing one. */
  private async placeFor(user: User, id: number): Promise<Place> {
    const place = await this.repo.findById(id)
    if (!place) throw notFound()
    await this.deps.categories.access.require(user.id, place.category_id)
    return place
  }

  /** A place's texts per language (ADR 043); another tenant's place or a missing one: 404. */
  async texts(user: User, id: number): Promise<PlaceTextsView> {
    await this.placeFor(user, id)
    const rows = await this.repo.translationsOfPlaces([id])
    return { place_id: id, texts: Object.fromEntries(rows.map((r) => [r.locale, { name: r.name, description: r.description }])) }
  }

  /** Writes a place's texts in the category's content languages (any other: 422), the languages not sent kept. */
  async setTexts(user: User, id: number, input: PlaceTextsInput): Promise<PlaceTextsView> {
    const place = await this.placeFor(user, id)
    await assertOfferedLocales(this.deps.db, place.category_id, Object.keys(input.texts), (tag) => `texts.${tag}`)
    const current = (await this.texts(user, id)).texts
    const baseline = await this.deps.revisions?.placeBaseline(place.id, () => this.stateOf(this.deps.db, place))
    await this.deps.db.transaction().execute(async (trx) => {
      const repo = new PlacesRepo(trx)
      for (const [locale, given] of Object.entries(input.texts)) {
        const before = current[locale] ?? { name: null, description: null }
        await repo.setTranslation(id, locale, { name: given.name === undefined ? before.name : given.name, description: given.description === undefined ? before.description : given.description })
      }
      await recordActivity(trx, { categoryId: place.category_id, userId: user.id, action: 'place.edited', itemId: id, label: place.name })
      // The texts' save and its revision commit together (ADR 111).
      await this.deps.revisions?.placeSaved({ user, itemId: id, categoryId: place.category_id, baseline }, await this.stateOf(trx, place), trx)
    })
    return this.texts(user, id)
  }

  /** Puts a place's texts back as a revision had them (every other language emptied); answers whether anything changed. */
  private async replaceTexts(trx: DB, id: number, texts: Record<string, PlaceTextsRow>): Promise<boolean> {
    const repo = new PlacesRepo(trx)
    const now = Object.fromEntries((await repo.translationsOfPlaces([id])).map((r) => [r.locale, { name: r.name, description: r.description }]))
    let changed = false
    for (const locale of new Set([...Object.keys(now), ...Object.keys(texts)])) {
      const wanted = texts[locale] ?? { name: null, description: null }
      if (now[locale]?.name === wanted.name && now[locale]?.description === wanted.description) continue
      if (!now[locale] && wanted.name === null && wanted.description === null) continue
      await repo.setTranslation(id, locale, wanted)
      changed = true
    }
    return changed
  }

  /** The place, if the user is a member of its category or one of the place's users. */
  private async placeForContributor(user: User, id: number): Promise<Place> {
    const place = await this.repo.findById(id)
    if (!place) throw notFound()
    const role = await this.deps.categories.access.roleOf(user.id, place.category_id)
    if (!role && !(await this.repo.isPlaceUser(place.id, user.id))) throw notFound()
    return place
  }

  /** Views of the places with one query per relation, whatever the number of places. */
  private async withRelations(places: Place[], scope: PlaceScope): Promise<PlaceView[]> {
    const users = await this.repo.usersOf(scope)
    const invitations = await this.repo.pendingInvitationsOf(scope, nowIso())
    const secrets = await this.repo.secretsOf(scope)
    const usersByPlace = groupByPlace(users, (u): PlaceUserView => ({ id: u.id, name: u.name, photo: photoOf(u.avatar_path, this.fileUrl) }))
    const invitationsByPlace = groupByPlace(invitations, (i): InvitationView => ({ id: i.id, email: i.email, expires_at: i.expires_at }))
    const secretsByPlace = groupByPlace(secrets, toSecretView)
    return places.map((place) => ({
      ...toSummary(place),
      users: usersByPlace.get(place.id) ?? [],
      invitations: { pending: invitationsByPlace.get(place.id) ?? [] },
      secrets: secretsByPlace.get(place.id) ?? [],
    }))
  }
}
