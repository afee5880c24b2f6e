import type { Insertable, Updateable } from 'kysely'
import type { DB } from '#app/db/db.server.ts'
import type { Walk, WalkQrKind, WalksTable, WalkTranslationsTable } from '#app/db/schema.ts'
import type { WalkTexts } from './walks.schema.ts'

/** The columns a route summary shows (a list leaves out the path, which can be large). */
const summaryColumns = ['id', 'uuid', 'category_id', 'slug', 'status', 'color', 'photo_path', 'distance', 'duration', 'is_indexed', 'is_modified'] as const
export type SummaryWalk = Pick<Walk, (typeof summaryColumns)[number]>

export type TranslationRow = WalkTranslationsTable
export interface CategoryRef {
  id: number
  slug: string
  name: string
  fallback_locale: string
  /** ADR 043: the other content languages, as stored (contentLocalesOf reads them). */
  content_locales: string
}
export interface RoutePlaceRow {
  place_id: number
  sort_id: number
  name: string
  lat: number | null
  lng: number | null
}
export interface LogoRow {
  id: number
  walk_id: number
  path: string
  sort_id: number
}
export interface QrRow {
  id: number
  walk_id: number
  kind: WalkQrKind
}

const qrKinds: WalkQrKind[] = ['route', 'landing', 'map']

/** All SQL of the walks module. Built on a db handle or a transaction. */
export class WalksRepo {
  constructor(private readonly db: DB) {}

  // ---- walks

  findByUuid(uuid: string): Promise<Walk | undefined> {
    return this.db.selectFrom('walks').selectAll().where('uuid', '=', uuid).where('deleted_at', 'is', null).executeTakeFirst()
  }

  findById(id: number): Promise<Walk | undefined> {
    return this.db.selectFrom('walks').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()
  }

  findByIds(ids: number[]): Promise<Walk[]> {
    if (ids.length === 0) return Promise.resolve([])
    return this.db.selectFrom('walks').selectAll().where('id', 'in', ids).where('deleted_at', 'is', null).execute()
  }

  /** The category's routes with the summary's columns only (not the path, which can be large). */
  /** The category's published routes, oldest first (the public category home). */
  listPublishedByCategory(categoryId: number): Promise<SummaryWalk[]> {
    return this.db
      .selectFrom('walks')
      .select(summaryColumns)
      .where('category_id', '=', categoryId)
      .where('status', '=', 'published')
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  }

  /** The first stop with coordinates of each route, in one query. */
  async firstStops(walkIds: number[]): Promise<Map<number, { lat: number; lng: number }>> {
    if (walkIds.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('walk_places')
      .innerJoin('places', 'places.id', 'walk_places.place_id')
      .select(['walk_places.walk_id', 'places.lat', 'places.lng'])
      .where('walk_places.walk_id', 'in', walkIds)
      .where('places.deleted_at', 'is', null)
      .where('places.lat', 'is not', null)
      .where('places.lng', 'is not', null)
      .orderBy('walk_places.walk_id')
      .orderBy('walk_places.sort_id')
      .execute()
    const first = new Map<number, { lat: number; lng: number }>()
    for (const row of rows) if (!first.has(row.walk_id)) first.set(row.walk_id, { lat: Number(row.lat), lng: Number(row.lng) })
    return first
  }

  listByCategory(categoryId: number): Promise<SummaryWalk[]> {
    return this.db.selectFrom('walks').select(summaryColumns).where('category_id', '=', categoryId).where('deleted_at', 'is', null).orderBy('created_at').orderBy('id').execute()
  }

  insert(values: Insertable<WalksTable>): Promise<Walk> {
    return this.db.insertInto('walks').values(values).returningAll().executeTakeFirstOrThrow()
  }

  async update(id: number, changes: Updateable<WalksTable>) {
    await this.db.updateTable('walks').set(changes).where('id', '=', id).execute()
  }

  /** Sets an image column only if it still holds `expected`; false when another write came first. */
  async setImageColumn(id: number, column: 'photo_path' | 'content_image_path' | 'logo_pro_path', expected: string | null, key: string | null, now: string) {
    const result = await this.db
      .updateTable('walks')
      .set({ [column]: key, updated_at: now })
      .where('id', '=', id)
      .where(column, expected === null ? 'is' : '=', expected)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) === 1
  }

  async delete(id: number) {
    await this.db.deleteFrom('walks').where('id', '=', id).execute()
  }

  // ---- categories (read only: the categories module owns them)

  findCategory(id: number): Promise<CategoryRef | undefined> {
    return this.db.selectFrom('place_categories').select(['id', 'slug', 'name', 'fallback_locale', 'content_locales']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()
  }

  // ---- translations

  translationsOf(walkIds: number[]): Promise<TranslationRow[]> {
    if (walkIds.length === 0) return Promise.resolve([])
    return this.db.selectFrom('walk_translations').selectAll().where('walk_id', 'in', walkIds).execute()
  }

  /** Writes the given fields of one language, inserting the row when the language is new. */
  async upsertTranslation(walkId: number, locale: string, fields: Partial<WalkTexts>) {
    const existing = await this.db
      .selectFrom('walk_translations')
      .select('locale')
      .where('walk_id', '=', walkId)
      .where('locale', '=', locale)
      .executeTakeFirst()
    if (existing) {
      if (Object.keys(fields).length === 0) return
      await this.db.updateTable('walk_translations').set(fields).where('walk_id', '=', walkId).where('locale', '=', locale).execute()
    } else {
      await this.db.insertInto('walk_translations').values({ walk_id: walkId, locale, ...fields }).execute()
    }
  }

  // ---- places

  placesOf(walkId: number): Promise<RoutePlaceRow[]> {
    return this.db
      .selectFrom('walk_places')
      .innerJoin('places', 'places.id', 'walk_places.place_id')
      .select(['walk_places.place_id', 'walk_places.sort_id', 'places.name', 'places.lat', 'places.lng'])
      .where('walk_places.walk_id', '=', walkId)
      // A place in the trash (ADR 110) is no stop until it is restored.
      .where('places.deleted_at', 'is', null)
      .orderBy('walk_places.sort_id')
      .execute()
  }

  /** The names these places have in a language (ADR 043: a stop is named in the page's content language where it has one). */
  async placeNamesIn(placeIds: number[], locale: string | null): Promise<Map<number, string>> {
    if (placeIds.length === 0 || !locale) return new Map()
    const rows = await this.db.selectFrom('place_translations').select(['place_id', 'name']).where('place_id', 'in', placeIds).where('locale', '=', locale).execute()
    return new Map(rows.flatMap((r) => (r.name?.trim() ? [[r.place_id, r.name.trim()] as const] : [])))
  }

  /** Places with coordinates per route (those a route shows), in one query. */
  async placesCounts(walkIds: number[]): Promise<Map<number, number>> {
    if (walkIds.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('walk_places')
      .innerJoin('places', 'places.id', 'walk_places.place_id')
      .select((eb) => ['walk_places.walk_id', eb.fn.countAll<number>().as('n')])
      .where('walk_places.walk_id', 'in', walkIds)
      .where('places.deleted_at', 'is', null)
      .where('places.lat', 'is not', null)
      .where('places.lng', 'is not', null)
      .groupBy('walk_places.walk_id')
      .execute()
    return new Map(rows.map((r) => [r.walk_id, Number(r.n)]))
  }

  /** Which of these place ids belong to the category. */
  async placeIdsInCategory(categoryId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set()
    const rows = await this.db.selectFrom('places').select('id').where('category_id', '=', categoryId).where('id', 'in', ids).where('deleted_at', 'is', null).execute()
    return new Set(rows.map((r) => r.id))
  }

  async replacePlaces(walkId: number, placeIds: number[]) {
    await this.db.deleteFrom('walk_places').where('walk_id', '=', walkId).execute()
    if (placeIds.length === 0) return
    await this.db
      .insertInto('walk_places')
      .values(placeIds.map((placeId, i) => ({ walk_id: walkId, place_id: placeId, sort_id: i + 1 })))
      .execute()
  }

  // ---- nearby routes

  async nearbyIdsOf(walkId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('walk_nearby').select('nearby_walk_id').where('walk_id', '=', walkId).orderBy('sort_id').execute()
    return rows.map((r) => r.nearby_walk_id)
  }

  async replaceNearby(walkId: number, nearbyIds: number[]) {
    await this.db.deleteFrom('walk_nearby').where('walk_id', '=', walkId).execute()
    if (nearbyIds.length === 0) return
    await this.db
      .insertInto('walk_nearby')
      .values(nearbyIds.map((id, i) => ({ walk_id: walkId, nearby_walk_id: id, sort_id: i + 1 })))
      .execute()
  }

  // ---- logos

  logosOf(walkId: number): Promise<LogoRow[]> {
    return this.db.selectFrom('walk_logos').selectAll().where('walk_id', '=', walkId).orderBy('sort_id').orderBy('id').execute()
  }

  // ---- retired image files (ADR 111): replaced, kept while a revision shows them

  async retiredImageKeys(walkIds: number[]): Promise<string[]> {
    if (walkIds.length === 0) return []
    return (await this.db.selectFrom('retired_images').select('file_key').where('walk_id', 'in', walkIds).execute()).map((r) => r.file_key)
  }

  async retireImages(walkId: number, keys: string[], now: string) {
    if (keys.length === 0) return
    await this.db
      .insertInto('retired_images')
      .values(keys.map((file_key) => ({ file_key, walk_id: walkId, retired_at: now })))
      .onConflict((oc) => oc.column('file_key').doNothing())
      .execute()
  }

  async unretireImages(walkId: number, keys: string[]) {
    if (keys.length === 0) return
    await this.db.deleteFrom('retired_images').where('walk_id', '=', walkId).where('file_key', 'in', keys).execute()
  }

  async insertLogo(walkId: number, path: string, sortId: number) {
    await this.db.insertInto('walk_logos').values({ walk_id: walkId, path, sort_id: sortId }).execute()
  }

  async deleteLogo(id: number) {
    await this.db.deleteFrom('walk_logos').where('id', '=', id).execute()
  }

  /** Numbers the route's logos 1..n in the order of `ids` (the caller checks they are all of them). */
  async renumberLogos(walkId: number, ids: number[]) {
    for (const [index, id] of ids.entries()) {
      await this.db.updateTable('walk_logos').set({ sort_id: index + 1 }).where('id', '=', id).where('walk_id', '=', walkId).execute()
    }
  }

  // ---- QR codes of a route

  async insertQrCodes(walkId: number, now: string) {
    await this.db
      .insertInto('walk_qr_codes')
      .values(qrKinds.map((kind) => ({ walk_id: walkId, kind, created_at: now })))
      .execute()
  }

  qrCodesOf(walkId: number): Promise<QrRow[]> {
    return this.db.selectFrom('walk_qr_codes').select(['id', 'walk_id', 'kind']).where('walk_id', '=', walkId).orderBy('id').execute()
  }

  /** A route QR code with its route's slug, status and category (whose slug its address names). */
  findQrCode(id: number) {
    return this.db
      .selectFrom('walk_qr_codes')
      .innerJoin('walks', 'walks.id', 'walk_qr_codes.walk_id')
      .innerJoin('place_categories', 'place_categories.id', 'walks.category_id')
      .select([
        'walk_qr_codes.id',
        'walk_qr_codes.kind',
        'walks.id as walk_id',
        'walks.uuid',
        'walks.slug',
        'walks.status',
        'walks.category_id',
        'place_categories.slug as category_slug',
      ])
      .where('walk_qr_codes.id', '=', id)
      .where('walks.deleted_at', 'is', null)
      .where('place_categories.deleted_at', 'is', null)
      .executeTakeFirst()
  }
}
