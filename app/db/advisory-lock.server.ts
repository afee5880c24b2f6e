import { sql } from 'kysely'
import type { DB } from './db.server.ts'

// PostgreSQL only: a session advisory lock (the two-key space, apart from the one-key locks such
// as the category tree's transaction lock) held across several statements and transactions.

/**
 * Takes a session advisory lock on a connection of the pool kept for it, waiting for whoever
 * holds it (another process); `db` runs statements on that connection, `release` releases the
 * lock and gives the connection back. A connection lost meanwhile releases it too (PostgreSQL
 * ends its session's locks).
 */
export async function holdAdvisoryLock(db: DB, key1: number, key2: number): Promise<{ db: DB; release: () => Promise<void> }> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  let locked!: (connection: DB) => void
  const taken = new Promise<DB>((resolve) => (locked = resolve))
  const held = db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${key1}::int, ${key2}::int)`.execute(connection)
    locked(connection)
    try {
      await released
    } finally {
      // A failed unlock is a lost connection, whose session's locks PostgreSQL has ended: what
      // the holder did stands.
      await sql`select pg_advisory_unlock(${key1}::int, ${key2}::int)`.execute(connection).catch(() => undefined)
    }
  })
  // Refused before the lock was taken (the database down): the turn fails with it.
  const connection = await Promise.race([taken, held.then(() => null)])
  if (!connection) throw new Error('advisory lock: the connection ended before the lock was taken')
  return {
    db: connection,
    release: async () => {
      release()
      await held
    },
  }
}
