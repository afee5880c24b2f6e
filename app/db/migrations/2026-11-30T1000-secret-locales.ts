import type { Kysely } from 'kysely'

// Frozen: never edit a migration that has shipped; add a new one.

// A place's stories (secrets) are written in one of their category's content languages (ADR 044):
// a canonical BCP 47 tag, or null for the stories written before, which belong to the category's
// fallback language. The same statement on both dialects: a nullable column needs no default.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('secrets').addColumn('locale', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('secrets').dropColumn('locale').execute()
}
