import type { Kysely } from 'kysely'

// Frozen: never edit a migration that has shipped; add a new one.

// The daily salts of the cookieless visitor hash: random per day and per install, kept in the
// database so that every server process hashes a visitor alike. Old days are deleted.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stat_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stat_salts').execute()
}
