import { sql } from 'kysely'
import type { DB } from '#app/db/db.server.ts'

/** The SQL of the public like button: who liked a route on a day, and its total. */
export class LikesRepo {
  constructor(private readonly db: DB) {}

  /** A published route by uuid (drafts cannot be liked). */
  findPublishedWalk(uuid: string) {
    return this.db.selectFrom('walks').select(['id', 'category_id']).where('uuid', '=', uuid).where('status', '=', 'published').where('deleted_at', 'is', null).executeTakeFirst()
  }

  /**
   * Takes the route's row lock for the rest of the transaction, so two likes of one visitor
   * sent at once cannot both find "no like yet" (a no-op update locks on both dialects).
   */
  async lockWalk(walkId: number): Promise<void> {
    await this.db
      .updateTable('walks')
      .set((eb) => ({ status: eb.ref('status') }))
      .where('id', '=', walkId)
      .execute()
  }

  /** Whether this visitor hash liked the route between the two ISO instants [from, to). */
  async hasLike(walkId: number, visitorHash: string, from: string, to: string): Promise<boolean> {
    return (await this.findLike(walkId, visitorHash, from, to)) !== undefined
  }

  /** The like event of this visitor hash for the route between the two ISO instants [from, to). */
  findLike(walkId: number, visitorHash: string, from: string, to: string) {
    return this.db
      .selectFrom('events')
      .select('id')
      .where('walk_id', '=', walkId)
      // A literal, not a parameter: so SQLite may use the partial index of likes (events_walk_likes).
      .where('type', '=', sql.lit('like'))
      .where('visitor_hash', '=', visitorHash)
      .where('occurred_at', '>=', from)
      .where('occurred_at', '<', to)
      .executeTakeFirst()
  }

  /** The route's likes of all time, from the day roll-ups. */
  async totalLikes(walkId: number): Promise<number> {
    const row = await this.db
      .selectFrom('stat_days')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('likes'), eb.lit(0)).as('likes'))
      .where('walk_id', '=', walkId)
      .executeTakeFirst()
    return Number(row?.likes ?? 0)
  }
}
