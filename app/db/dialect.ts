import { PostgresAdapter, type Kysely } from 'kysely'

/** The one place that asks which SQL dialect a handle speaks. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}
