import type { DB } from '#app/db/db.server.ts'

// Reads of a whole category for import (what is already there) and export (everything): a fixed
// number of queries whatever its size. Writes go through the places and walks repositories.
// What is in the trash (ADR 110) is neither exported nor counted as there.

export class TransferRepo {
  constructor(private readonly db: DB) {}

  category(id: number) {
    return this.db.selectFrom('place_categories').select(['id', 'slug', 'name', 'fallback_locale']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()
  }

  places(categoryId: number) {
    return this.db.selectFrom('places').select(['id', 'name', 'lat', 'lng', 'ele']).where('category_id', '=', categoryId).where('deleted_at', 'is', null).orderBy('id').execute()
  }

  /**
   * The category's places after `afterId`, `limit` of them by id: an import reads a category of
   * 10,000 places in pages, a turn of the loop between two (better-sqlite3 builds a page's rows
   * synchronously, ADR 055).
   */
  placesPage(categoryId: number, afterId: number, limit: number) {
    return this.db
      .selectFrom('places')
      .select(['id', 'name', 'lat', 'lng'])
      .where('category_id', '=', categoryId)
      .where('deleted_at', 'is', null)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute()
  }

  /** Routes of the category, all statuses (members export drafts too), oldest first. */
  walks(categoryId: number, options: { publishedOnly?: boolean } = {}) {
    let query = this.db
      .selectFrom('walks')
      .select(['id', 'uuid', 'slug', 'status', 'color', 'distance', 'duration', 'features_collection', 'is_path_visible', 'photo_path', 'created_at'])
      .where('category_id', '=', categoryId)
      .where('deleted_at', 'is', null)
    if (options.publishedOnly) query = query.where('status', '=', 'published')
    return query.orderBy('created_at').orderBy('id').execute()
  }

  walkTranslations(categoryId: number) {
    return this.db
      .selectFrom('walk_translations')
      .innerJoin('walks', 'walks.id', 'walk_translations.walk_id')
      .selectAll('walk_translations')
      .where('walks.category_id', '=', categoryId)
      .where('walks.deleted_at', 'is', null)
      .orderBy('walk_translations.walk_id')
      .orderBy('walk_translations.locale')
      .execute()
  }

  /** Every stop of every route of the category, in order, with its place. */
  stops(categoryId: number) {
    return this.db
      .selectFrom('walk_places')
      .innerJoin('walks', 'walks.id', 'walk_places.walk_id')
      .innerJoin('places', 'places.id', 'walk_places.place_id')
      .select(['walk_places.walk_id', 'walk_places.sort_id', 'places.id as place_id', 'places.lat', 'places.lng'])
      .where('walks.category_id', '=', categoryId)
      .where('walks.deleted_at', 'is', null)
      .where('places.deleted_at', 'is', null)
      .orderBy('walk_places.walk_id')
      .orderBy('walk_places.sort_id')
      .execute()
  }

  placeTranslations(categoryId: number) {
    return this.db
      .selectFrom('place_translations')
      .innerJoin('places', 'places.id', 'place_translations.place_id')
      .select(['place_translations.place_id', 'place_translations.locale', 'place_translations.name', 'place_translations.description'])
      .where('places.category_id', '=', categoryId)
      .where('places.deleted_at', 'is', null)
      .orderBy('place_translations.place_id')
      .orderBy('place_translations.locale')
      .execute()
  }
}

export type WalkRow = Awaited<ReturnType<TransferRepo['walks']>>[number]
export type WalkTranslationRow = Awaited<ReturnType<TransferRepo['walkTranslations']>>[number]
export type PlaceTranslationRow = Awaited<ReturnType<TransferRepo['placeTranslations']>>[number]
