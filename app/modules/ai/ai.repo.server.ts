import type { DB } from '#app/db/db.server.ts'

export interface PlacePoint {
  id: number
  category_id: number
  name: string
  lat: number | null
  lng: number | null
}

/** The reads the AI assistant needs (it writes through the routes service only). */
export class AiRepo {
  constructor(private readonly db: DB) {}

  findPlace(id: number): Promise<PlacePoint | undefined> {
    return this.db.selectFrom('places').select(['id', 'category_id', 'name', 'lat', 'lng']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()
  }

  /** The category's places that can be walked to (both coordinates set), in a stable order. */
  placesWithCoordinates(categoryId: number): Promise<PlacePoint[]> {
    return this.db
      .selectFrom('places')
      .select(['id', 'category_id', 'name', 'lat', 'lng'])
      .where('category_id', '=', categoryId)
      .where('deleted_at', 'is', null)
      .where('lat', 'is not', null)
      .where('lng', 'is not', null)
      .orderBy('id')
      .execute()
  }

  /** The places of the category among `ids` (others are simply absent). */
  placesOfCategory(categoryId: number, ids: number[]): Promise<PlacePoint[]> {
    if (ids.length === 0) return Promise.resolve([])
    return this.db
      .selectFrom('places')
      .select(['id', 'category_id', 'name', 'lat', 'lng'])
      .where('category_id', '=', categoryId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute()
  }

  /** Secrets of the places, oldest first within each place. */
  secretsOf(placeIds: number[]): Promise<{ place_id: number; title: string; text: string }[]> {
    if (placeIds.length === 0) return Promise.resolve([])
    return this.db
      .selectFrom('secrets')
      .select(['place_id', 'title', 'text'])
      .where('place_id', 'in', placeIds)
      .orderBy('place_id')
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  }
}
