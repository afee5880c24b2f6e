import type { Kysely } from 'kysely'
import type { DB } from './db.server.ts'
import { isPostgres } from './dialect.ts'

// Reads waiting to be sent, per database handle and key (the SQL's parameters).
const waiting = new WeakMap<DB, Map<string, Promise<unknown>>>()

/**
 * Reads of the same thing that arrive in the same turn of the event loop share one query, sent
 * once all of them have arrived: each caller still sees every write committed before it asked
 * (a read already sent is never joined). For the content-version checks that every kept page
 * and list answer makes: on PostgreSQL each is a round trip and a server process's CPU, and
 * under load dozens ask for the same row at once (ADR 031). On SQLite a read is a function
 * call: it runs at once.
 */
export function sharedRead<T>(db: DB, key: string, read: () => Promise<T>): Promise<T> {
  if (!isPostgres(db as unknown as Kysely<unknown>)) return read()
  let batch = waiting.get(db)
  if (!batch) {
    batch = new Map()
    waiting.set(db, batch)
  }
  const pending = batch.get(key)
  if (pending) return pending as Promise<T>
  const reads = batch
  const promise = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
    // Taken out before sending: a caller arriving from now on starts the next read.
    reads.delete(key)
    return read()
  })
  reads.set(key, promise)
  return promise
}
