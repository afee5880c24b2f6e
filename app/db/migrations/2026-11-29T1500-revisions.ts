import type { Kysely } from 'kysely'
import { isPostgres } from '../dialect.ts'

// Frozen: never edit a migration that has shipped; add a new one.

// Revisions of routes and places (ADR 111): one row per save that changed something, with who,
// when, the kinds of change in a line (`changes`, JSON list) and the item's editable state after
// the save (`snapshot`, JSON deflated then base64: enough to restore and to compare with the one
// before). Rows go with their category; the purge keeps REVISIONS_DAYS and the last 50 per item.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revisions')
    .addColumn('id', 'integer', (c) => (isPostgres(db) ? c.generatedByDefaultAsIdentity().primaryKey() : c.autoIncrement().primaryKey()))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('place_categories.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull()) // route | place
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('restored_from', 'integer')
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('revisions_item').on('revisions').columns(['kind', 'item_id', 'id']).execute()
  await db.schema.createIndex('revisions_created_at').on('revisions').column('created_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revisions').execute()
}
