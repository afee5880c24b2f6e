import type { Kysely } from 'kysely'

// Frozen: never edit a migration that has shipped; add a new one.
// A place's height in metres, as an imported file gives it (GPX <ele>, a third coordinate): kept
// so that the export gives it back (issue 26, item 13). Null when unknown.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('places').addColumn('ele', 'double precision').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('places').dropColumn('ele').execute()
}
