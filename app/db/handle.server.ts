import type { DB } from './db.server.ts'

/**
 * A service built on a database handle (ADR 037): `on(trx)` is the same service bound to a
 * transaction, so every call of a write that spans services runs in it, with no handle to pass
 * (and none to forget). Bound to the handle it was built on, it is itself.
 */
export interface OnHandle<Service> {
  on(db: DB): Service
}

/**
 * Runs `work` in one transaction: the handle's own when it is one (a service built on a
 * transaction joins its caller's: Kysely cannot open a transaction inside another, and a second
 * one would not commit with the first), else a new one. The same on SQLite and PostgreSQL.
 */
export function inTransaction<T>(db: DB, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work)
}
