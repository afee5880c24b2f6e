import type { DB } from '#app/db/db.server.ts'

/** Reads for the visitors' pages: no membership, so only what a visitor may see. */
export class PublicPlacesRepo {
  constructor(private readonly db: DB) {}

  findPlace(id: number) {
    return this.db
      .selectFrom('places')
      .innerJoin('place_categories', 'place_categories.id', 'places.category_id')
      .select(['places.id', 'places.name', 'places.lat', 'places.lng', 'places.category_id', 'place_categories.slug as category_slug', 'place_categories.fallback_locale', 'place_categories.content_locales'])
      .where('places.id', '=', id)
      // In the trash (ADR 110): as for a deleted place.
      .where('places.deleted_at', 'is', null)
      .where('place_categories.deleted_at', 'is', null)
      .executeTakeFirst()
  }

  /** Secrets of the places, oldest first (a place's stories read in the order they were told). */
  secretsOf(placeIds: number[]) {
    if (placeIds.length === 0) return Promise.resolve([])
    return this.db
      .selectFrom('secrets')
      .select(['id', 'place_id', 'title', 'text', 'locale'])
      .where('place_id', 'in', placeIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  }

  /** The oldest published route that passes by the place, with its category's slug. */
  firstPublishedWalkWith(placeId: number) {
    return this.db
      .selectFrom('walk_places')
      .innerJoin('walks', 'walks.id', 'walk_places.walk_id')
      .innerJoin('place_categories', 'place_categories.id', 'walks.category_id')
      .select(['walks.id', 'walks.slug', 'walks.category_id', 'place_categories.slug as category_slug'])
      .where('walk_places.place_id', '=', placeId)
      .where('walks.status', '=', 'published')
      .where('walks.deleted_at', 'is', null)
      .where('place_categories.deleted_at', 'is', null)
      .orderBy('walks.id')
      .executeTakeFirst()
  }
}
