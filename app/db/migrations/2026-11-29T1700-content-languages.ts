import type { Kysely } from 'kysely'

// Frozen: never edit a migration that has shipped; add a new one.

// A category's content languages (ADR 043): the BCP 47 tags its texts are written in besides
// its fallback language, canonical, comma-separated ("es,pt-BR,ar"). Texts were already stored
// per language tag (walk_translations, place_translations, walk_notice_texts): only the list of
// what the editors and visitor pages offer is new. Existing categories keep offering the four
// interface languages, as before. An update of the row raises the category's content version
// (trigger of migration 2026-11-21T1200-page-cache): the visitor pages' switchers follow.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('place_categories')
    .addColumn('content_locales', 'text', (c) => c.notNull().defaultTo('en,fr,de,it'))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('place_categories').dropColumn('content_locales').execute()
}
