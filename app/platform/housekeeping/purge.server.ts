import type { Config } from '#app/config/config.server.ts'
import { nowIso, type DB } from '#app/db/db.server.ts'
import type { Logger } from '#app/platform/observability/logger.server.ts'

export interface PurgeCounts {
  rateLimits: number
  tokens: number
  invitations: number
}

/** The longest window of any RATE_LIMIT_* setting: a counter older than that can be in no window. */
export function longestWindowMs(config: Config): number {
  let longest = 0
  for (const [name, value] of Object.entries(config)) {
    if (name.startsWith('RATE_LIMIT_') && typeof value === 'object' && value && 'windowMs' in value) longest = Math.max(longest, Number(value.windowMs))
  }
  return longest
}

/**
 * Deletes what has expired and is never read again: rate-limit counters whose window has
 * passed, session, reset and sign-in tokens past their expiry or already used (reset and
 * sign-in tokens work once), and invitations never accepted before they expired. Accepted
 * invitations stay (their token cannot be used again).
 */
export async function purgeExpired(db: DB, config: Config, now: Date = new Date()): Promise<PurgeCounts> {
  const rateLimits = await db.deleteFrom('rate_limits').where('window_start', '<', now.getTime() - longestWindowMs(config)).executeTakeFirst()
  const tokens = await db
    .deleteFrom('auth_tokens')
    .where((eb) => eb.or([eb('expires_at', '<=', nowIso(now)), eb('used_at', 'is not', null)]))
    .executeTakeFirst()
  const invitations = await db.deleteFrom('invitations').where('accepted_at', 'is', null).where('expires_at', '<=', nowIso(now)).executeTakeFirst()
  return { rateLimits: Number(rateLimits.numDeletedRows), tokens: Number(tokens.numDeletedRows), invitations: Number(invitations.numDeletedRows) }
}

/**
 * Runs the purge every PURGE_INTERVAL_MINUTES in this process, the first time a minute after
 * the start (not in the way of the start itself). Several processes each run it: the deletes
 * are idempotent. Answers the function that stops it (at shutdown).
 */
export function schedulePurge(
  db: DB,
  config: Config,
  logger: Logger,
  options: {
    firstInMs?: number
    /** More to purge on the same schedule (the product's, e.g. the trash after TRASH_DAYS), counted by name. */
    also?: () => Promise<Record<string, number>>
  } = {},
): () => void {
  let running = false
  const run = async () => {
    if (running) return
    running = true
    try {
      const counts = await purgeExpired(db, config)
      const more = options.also ? await options.also() : {}
      logger.info('expired rows purged', { ...counts, ...more })
    } catch (error) {
      logger.error('purge failed', { error: error instanceof Error ? error.message : String(error) })
    } finally {
      running = false
    }
  }
  const first = setTimeout(run, options.firstInMs ?? 60_000)
  const every = setInterval(run, config.PURGE_INTERVAL_MINUTES * 60_000)
  // Timers alone never keep a process alive: the HTTP server does.
  first.unref()
  every.unref()
  return () => {
    clearTimeout(first)
    clearInterval(every)
  }
}
