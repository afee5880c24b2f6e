import type { DB } from '#app/db/db.server.ts'
import { notFound } from '#app/utils/errors.ts'
import { LikesRepo } from './likes.repo.server.ts'
import type { StatsService, Visitor } from './stats.service.server.ts'

export interface LikeResult {
  /**
   * False when this visitor had already liked the route that day (an undo: had not liked it),
   * or its address is over its limit.
   */
  counted: boolean
  /** The route's likes of all time, this one included. */
  likes: number
  /** Set when the client's address is over RATE_LIMIT_LIKES: nothing was counted. */
  limited?: { retryAfterSeconds: number }
}

/** The UTC day [start, next start) of an instant, as ISO strings. */
function dayBounds(at: Date): { from: string; to: string } {
  const from = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
  const to = new Date(from.getTime() + 86_400_000)
  return { from: from.toISOString(), to: to.toISOString() }
}

/**
 * The public like button: one like per visitor (daily visitor hash) and route per day.
 * Built once with the other services (`services.likes`); it holds no state.
 */
export class LikeService {
  constructor(private readonly deps: { db: DB; stats: StatsService }) {}

  /**
   * Records a like unless this visitor already liked the route today, or the client's address is
   * over its like limit (keyed on the address alone: a new user agent is a new visitor, not a new
   * allowance). A draft or unknown route is 404; the counters down, 503.
   */
  like(routeUuid: string, visitor: Visitor, at: Date = new Date()): Promise<LikeResult> {
    return this.change(routeUuid, visitor, at, async ({ repo, stats, walk, hash, from, to }) => {
      if (await repo.hasLike(walk.id, hash, from, to)) return false
      await stats.record([{ categoryId: walk.category_id, type: 'like', walkId: walk.id, visitorHash: hash, occurredAt: at.toISOString() }])
      return true
    })
  }

  /**
   * Undoes this visitor's like of the route today (the same daily visitor hash that counted it:
   * no cookie, nothing else to recognise a visitor by). Limited like a like, so undo and like
   * again cannot be used to hammer the counters.
   */
  unlike(routeUuid: string, visitor: Visitor, at: Date = new Date()): Promise<LikeResult> {
    return this.change(routeUuid, visitor, at, async ({ repo, stats, walk, hash, from, to }) => {
      const like = await repo.findLike(walk.id, hash, from, to)
      if (!like) return false
      await stats.retract([like.id])
      return true
    })
  }

  /**
   * What a like and its undoing share: the published route (else 404), the client's like limit,
   * the visitor's hash of the day, and the step run under the route's row lock, so two presses
   * sent at once by one visitor cannot both see the state before the other (the step's repo and
   * stats are built on that transaction).
   */
  private async change(
    routeUuid: string,
    visitor: Visitor,
    at: Date,
    step: (context: { repo: LikesRepo; stats: StatsService; walk: { id: number; category_id: number }; hash: string; from: string; to: string }) => Promise<boolean>,
  ): Promise<LikeResult> {
    const walk = await new LikesRepo(this.deps.db).findPublishedWalk(routeUuid)
    if (!walk) throw notFound()
    const limit = await this.deps.stats.clientLimit('likes', visitor.ip)
    if (!limit.allowed) {
      return { counted: false, likes: await new LikesRepo(this.deps.db).totalLikes(walk.id), limited: { retryAfterSeconds: limit.retryAfterSeconds } }
    }
    const hash = await this.deps.stats.visitorHash(visitor.ip, visitor.userAgent, at)
    const { from, to } = dayBounds(at)
    const counted = await this.deps.db.transaction().execute(async (trx) => {
      const repo = new LikesRepo(trx)
      await repo.lockWalk(walk.id)
      return step({ repo, stats: this.deps.stats.on(trx), walk, hash, from, to })
    })
    return { counted, likes: await new LikesRepo(this.deps.db).totalLikes(walk.id) }
  }

  /** The published route's id and its likes of all time: what a page kept for every visitor shows. */
  async total(routeUuid: string): Promise<{ walkId: number; likes: number } | null> {
    const repo = new LikesRepo(this.deps.db)
    const walk = await repo.findPublishedWalk(routeUuid)
    return walk ? { walkId: walk.id, likes: await repo.totalLikes(walk.id) } : null
  }

  /** What the like button shows: the total, and whether this visitor has liked today. */
  async state(routeUuid: string, visitor: Visitor, at: Date = new Date()): Promise<{ likes: number; liked: boolean }> {
    const repo = new LikesRepo(this.deps.db)
    const walk = await repo.findPublishedWalk(routeUuid)
    if (!walk) return { likes: 0, liked: false }
    const hash = await this.deps.stats.visitorHash(visitor.ip, visitor.userAgent, at)
    const { from, to } = dayBounds(at)
    const [likes, liked] = await Promise.all([repo.totalLikes(walk.id), repo.hasLike(walk.id, hash, from, to)])
    return { likes, liked }
  }
}
