import { sql } from 'kysely'
import type { DB } from '#app/db/db.server.ts'

/** Inclusive 'YYYY-MM-DD' bounds of the counted days. */
export interface DayRange {
  from: string
  to: string
}

// PostgreSQL answers counts and sums as bigint strings: every figure leaves the repo as a number.
const num = (value: number | string | bigint | null | undefined) => Number(value ?? 0)

/**
 * The dashboard's figures, one grouped query per kind over all the user's categories at once:
 * the number of queries never depends on the number of categories.
 */
export class DashboardRepo {
  constructor(private readonly db: DB) {}

  /** The ids of the categories the user is a member of, as a subquery (tenancy in SQL). */
  private memberOf(userId: number) {
    return this.db.selectFrom('category_members').select('category_members.category_id').where('category_members.user_id', '=', userId)
  }

  async routeCounts(userId: number): Promise<Map<number, { published: number; draft: number }>> {
    const rows = await this.db
      .selectFrom('walks')
      .select([
        'walks.category_id',
        sql<number | string>`sum(case when walks.status = 'published' then 1 else 0 end)`.as('published'),
        sql<number | string>`sum(case when walks.status = 'published' then 0 else 1 end)`.as('draft'),
      ])
      .where('walks.category_id', 'in', this.memberOf(userId))
      .where('walks.deleted_at', 'is', null)
      .groupBy('walks.category_id')
      .execute()
    return new Map(rows.map((r) => [r.category_id, { published: num(r.published), draft: num(r.draft) }]))
  }

  async placeCounts(userId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('places')
      .select(['places.category_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('places.category_id', 'in', this.memberOf(userId))
      .where('places.deleted_at', 'is', null)
      .groupBy('places.category_id')
      .execute()
    return new Map(rows.map((r) => [r.category_id, num(r.n)]))
  }

  async qrCodeCounts(userId: number): Promise<Map<number, { activated: number; total: number }>> {
    const rows = await this.db
      .selectFrom('qr_codes')
      .select([
        'qr_codes.category_id',
        (eb) => eb.fn.countAll<number | string>().as('total'),
        // Active means linked to a place (a detached code keeps activated_at as history);
        // count(column) skips nulls.
        (eb) => eb.fn.count<number | string>('qr_codes.place_id').as('activated'),
      ])
      .where('qr_codes.category_id', 'in', this.memberOf(userId))
      .where('qr_codes.deleted_at', 'is', null)
      .groupBy('qr_codes.category_id')
      .execute()
    return new Map(rows.map((r) => [r.category_id, { activated: num(r.activated), total: num(r.total) }]))
  }

  /** Views and likes over the days, from the daily roll-ups (never the raw events). */
  async visitorCounts(userId: number, range: DayRange): Promise<Map<number, { views: number; likes: number }>> {
    const rows = await this.db
      .selectFrom('stat_days')
      .select([
        'stat_days.category_id',
        sql<number | string>`coalesce(sum(stat_days.views), 0)`.as('views'),
        sql<number | string>`coalesce(sum(stat_days.likes), 0)`.as('likes'),
      ])
      .where('stat_days.category_id', 'in', this.memberOf(userId))
      .where('stat_days.day', '>=', range.from)
      .where('stat_days.day', '<=', range.to)
      .groupBy('stat_days.category_id')
      .execute()
    return new Map(rows.map((r) => [r.category_id, { views: num(r.views), likes: num(r.likes) }]))
  }
}
