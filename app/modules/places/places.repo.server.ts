import type { DB } from '#app/db/db.server.ts'
import type { Place } from '#app/db/schema.ts'

/** Which places a bulk read covers: every place of a category, or one place. */
export type PlaceScope = { categoryId: number } | { placeId: number }

/** A latitude/longitude box; `lng` is left out where the box would wrap (poles, antimeridian). */
export interface Box {
  lat: [number, number]
  lng?: [number, number]
}

// Every bulk read joins `places`, so one filter serves a whole category or a single place.
const scopeColumn = (scope: PlaceScope) => ('categoryId' in scope ? 'places.category_id' : 'places.id') as 'places.category_id' | 'places.id'
const scopeValue = (scope: PlaceScope) => ('categoryId' in scope ? scope.categoryId : scope.placeId)

export interface PlaceValues {
  category_id: number
  name: string
  lat: number | null
  lng: number | null
  /** Height in metres, from an imported file. */
  ele?: number | null
}

/** SQL of places, their users, pending invitations and secrets. Bulk reads take one query each. */
export class PlacesRepo {
  constructor(private readonly db: DB) {}

  findById(id: number): Promise<Place | undefined> {
    // In the trash (ADR 110): as for a missing place, in every read.
    return this.db.selectFrom('places').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()
  }

  listByCategory(categoryId: number): Promise<Place[]> {
    return this.db.selectFrom('places').selectAll().where('category_id', '=', categoryId).where('deleted_at', 'is', null).orderBy('created_at').orderBy('id').execute()
  }

  /** The box around the located places of these categories; null when none has a position. */
  async boxOf(categoryIds: number[]): Promise<{ south: number; west: number; north: number; east: number } | null> {
    if (categoryIds.length === 0) return null
    const row = await this.db
      .selectFrom('places')
      .select((eb) => [eb.fn.min('lat').as('south'), eb.fn.min('lng').as('west'), eb.fn.max('lat').as('north'), eb.fn.max('lng').as('east')])
      .where('category_id', 'in', categoryIds)
      .where('deleted_at', 'is', null)
      .where('lat', 'is not', null)
      .where('lng', 'is not', null)
      .executeTakeFirst()
    if (!row || row.south === null || row.west === null || row.north === null || row.east === null) return null
    // PostgreSQL answers doubles as numbers, but be safe with drivers that send text.
    return { south: Number(row.south), west: Number(row.west), north: Number(row.north), east: Number(row.east) }
  }

  /** Of these categories, the one whose located place was added last; null when none has one. */
  async latestLocatedCategory(categoryIds: number[]): Promise<number | null> {
    if (categoryIds.length === 0) return null
    const row = await this.db
      .selectFrom('places')
      .select('category_id')
      .where('category_id', 'in', categoryIds)
      .where('deleted_at', 'is', null)
      .where('lat', 'is not', null)
      .where('lng', 'is not', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    return row?.category_id ?? null
  }

  /** Places of the category with coordinates inside the box (the caller measures exact distances). */
  inBox(categoryId: number, box: Box): Promise<Place[]> {
    let query = this.db
      .selectFrom('places')
      .selectAll()
      .where('category_id', '=', categoryId)
      .where('deleted_at', 'is', null)
      .where('lat', 'is not', null)
      .where('lng', 'is not', null)
      .where('lat', '>=', box.lat[0])
      .where('lat', '<=', box.lat[1])
    if (box.lng) query = query.where('lng', '>=', box.lng[0]).where('lng', '<=', box.lng[1])
    return query.execute()
  }

  insert(values: PlaceValues, now: string): Promise<Place> {
    return this.db
      .insertInto('places')
      .values({ ...values, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow()
  }

  /**
   * Many places in one statement per 500, their ids in the order given: both dialects return the
   * rows of a multi-row INSERT … RETURNING in the order of its VALUES (Django's bulk_create relies
   * on the same). Only the ids come back: an import's commit needs no more (ADR 055). Inside the
   * caller's transaction.
   */
  async insertMany(values: PlaceValues[], now: string): Promise<number[]> {
    const out: number[] = []
    for (let i = 0; i < values.length; i += 500) {
      const chunk = values.slice(i, i + 500).map((v) => ({ ...v, created_at: now, updated_at: now }))
      for (const row of await this.db.insertInto('places').values(chunk).returning('id').execute()) out.push(row.id)
    }
    return out
  }

  /** A place's texts per language (another language's name, a description). */
  async insertTranslations(rows: { place_id: number; locale: string; name: string | null; description: string | null }[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 500) await this.db.insertInto('place_translations').values(rows.slice(i, i + 500)).execute()
  }

  /** Sets a place's texts in one language (both null: none in that language). */
  async setTranslation(placeId: number, locale: string, texts: { name: string | null; description: string | null }): Promise<void> {
    await this.db.deleteFrom('place_translations').where('place_id', '=', placeId).where('locale', '=', locale).execute()
    if (texts.name !== null || texts.description !== null) await this.db.insertInto('place_translations').values({ place_id: placeId, locale, ...texts }).execute()
  }

  translationsOfPlaces(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([])
    return this.db.selectFrom('place_translations').select(['place_id', 'locale', 'name', 'description']).where('place_id', 'in', ids).execute()
  }

  async update(id: number, changes: Partial<Pick<Place, 'name' | 'lat' | 'lng'>>, now: string): Promise<void> {
    await this.db.updateTable('places').set({ ...changes, updated_at: now }).where('id', '=', id).execute()
  }


  usersOf(scope: PlaceScope) {
    return this.db
      .selectFrom('place_users')
      .innerJoin('places', 'places.id', 'place_users.place_id')
      .innerJoin('users', 'users.id', 'place_users.user_id')
      .select(['place_users.place_id', 'users.id', 'users.name', 'users.email', 'users.avatar_path', 'place_users.created_at'])
      .where(scopeColumn(scope), '=', scopeValue(scope))
      .where('places.deleted_at', 'is', null)
      .orderBy('place_users.created_at')
      .orderBy('users.id')
      .execute()
  }

  async isPlaceUser(placeId: number, userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('place_users')
      .select('user_id')
      .where('place_id', '=', placeId)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return row !== undefined
  }

  async removeUser(placeId: number, userId: number): Promise<boolean> {
    const result = await this.db.deleteFrom('place_users').where('place_id', '=', placeId).where('user_id', '=', userId).executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  }

  /**
   * Pending place invitations in one query. The single-place list, invite and revoke are
   * InvitationService's; this bulk read only avoids one query per place.
   */
  pendingInvitationsOf(scope: PlaceScope, now: string) {
    return this.db
      .selectFrom('invitations')
      .innerJoin('places', 'places.id', 'invitations.place_id')
      .select(['invitations.id', 'invitations.place_id', 'invitations.email', 'invitations.expires_at', 'invitations.created_at'])
      .where('invitations.kind', '=', 'place')
      .where('invitations.accepted_at', 'is', null)
      .where('invitations.expires_at', '>', now)
      .where(scopeColumn(scope), '=', scopeValue(scope))
      .where('places.deleted_at', 'is', null)
      .orderBy('invitations.created_at')
      .orderBy('invitations.id')
      .execute()
  }

  /** Secrets with their authors (null once the account is gone), newest first. */
  secretsOf(scope: PlaceScope) {
    return this.db
      .selectFrom('secrets')
      .innerJoin('places', 'places.id', 'secrets.place_id')
      .leftJoin('users', 'users.id', 'secrets.author_id')
      .select(['secrets.id', 'secrets.place_id', 'secrets.title', 'secrets.text', 'secrets.locale', 'secrets.created_at', 'users.id as author_id', 'users.name as author_name'])
      .where(scopeColumn(scope), '=', scopeValue(scope))
      .where('places.deleted_at', 'is', null)
      .orderBy('secrets.created_at', 'desc')
      .orderBy('secrets.id', 'desc')
      .execute()
  }

  insertSecret(values: { place_id: number; author_id: number; title: string; text: string; locale: string }, now: string) {
    return this.db
      .insertInto('secrets')
      .values({ ...values, created_at: now })
      .returning(['id', 'place_id', 'author_id', 'title', 'text', 'locale', 'created_at'])
      .executeTakeFirstOrThrow()
  }

  /** The category's fallback language: a story written without naming one is in it (ADR 044). */
  async fallbackLocaleOf(categoryId: number): Promise<string> {
    const row = await this.db.selectFrom('place_categories').select('fallback_locale').where('id', '=', categoryId).executeTakeFirstOrThrow()
    return row.fallback_locale
  }

  /** A secret with the category of its place (for the access check). */
  findSecret(id: number) {
    return this.db
      .selectFrom('secrets')
      .innerJoin('places', 'places.id', 'secrets.place_id')
      .select(['secrets.id', 'secrets.author_id', 'places.category_id'])
      .where('secrets.id', '=', id)
      .where('places.deleted_at', 'is', null)
      .executeTakeFirst()
  }

  async deleteSecret(id: number): Promise<void> {
    await this.db.deleteFrom('secrets').where('id', '=', id).execute()
  }

}
