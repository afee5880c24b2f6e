import { sql } from 'kysely'
import type { DB } from '#app/db/db.server.ts'
import type { PlacedPlace, Stop } from './heatmap.ts'

/** Inclusive 'YYYY-MM-DD' bounds of stat_days rows. */
export interface DayBounds {
  from: string
  to: string
}

// PostgreSQL answers sums as bigint strings.
const toNumber = (value: number | string | bigint | null) => Number(value ?? 0)

/** What the heatmap reads: places, route stops and the day roll-ups (never raw events). */
export class HeatmapRepo {
  constructor(private readonly db: DB) {}

  /** A route of the category, whatever its status. */
  async findWalkId(categoryId: number, uuid: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('walks').select('id').where('category_id', '=', categoryId).where('uuid', '=', uuid).where('deleted_at', 'is', null).executeTakeFirst()
    return row?.id
  }

  /** The category's places that have coordinates. */
  async placedPlaces(categoryId: number): Promise<PlacedPlace[]> {
    const rows = await this.db
      .selectFrom('places')
      .select(['id', 'name', 'lat', 'lng'])
      .where('category_id', '=', categoryId)
      .where('deleted_at', 'is', null)
      .where('lat', 'is not', null)
      .where('lng', 'is not', null)
      .execute()
    return rows.map((row) => ({ id: row.id, name: row.name, lat: Number(row.lat), lng: Number(row.lng) }))
  }

  /** Stops at places with coordinates, of the category's routes or of one route. */
  async placedStops(categoryId: number, walkId?: number): Promise<Stop[]> {
    return this.db
      .selectFrom('walk_places')
      .innerJoin('walks', 'walks.id', 'walk_places.walk_id')
      .innerJoin('places', 'places.id', 'walk_places.place_id')
      .select(['walk_places.walk_id', 'walk_places.place_id'])
      .where('walks.category_id', '=', categoryId)
      .where('walks.deleted_at', 'is', null)
      .where('places.deleted_at', 'is', null)
      .where('places.lat', 'is not', null)
      .where('places.lng', 'is not', null)
      .$if(walkId !== undefined, (q) => q.where('walk_places.walk_id', '=', walkId!))
      .execute()
  }

  /** Views per route over the days (rows of a route, any place). */
  async viewsPerWalk(categoryId: number, days: DayBounds, walkId?: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('stat_days')
      .select(['walk_id', sql<number | string>`sum(views)`.as('views')])
      .where('category_id', '=', categoryId)
      .where('walk_id', '<>', 0)
      .where('day', '>=', days.from)
      .where('day', '<=', days.to)
      .$if(walkId !== undefined, (q) => q.where('walk_id', '=', walkId!))
      .groupBy('walk_id')
      .execute()
    return new Map(rows.map((row) => [row.walk_id, toNumber(row.views)]))
  }

  /** QR scans per place over the days (rows of a place, with or without a route). */
  async visitsPerPlace(categoryId: number, days: DayBounds): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('stat_days')
      .select(['place_id', sql<number | string>`sum(place_visits)`.as('place_visits')])
      .where('category_id', '=', categoryId)
      .where('place_id', '<>', 0)
      .where('day', '>=', days.from)
      .where('day', '<=', days.to)
      .groupBy('place_id')
      .execute()
    return new Map(rows.map((row) => [row.place_id, toNumber(row.place_visits)]))
  }
}
