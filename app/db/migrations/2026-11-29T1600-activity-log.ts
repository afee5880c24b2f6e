import type { Kysely } from 'kysely'
import { isPostgres } from '../dialect.ts'

// Frozen: never edit a migration that has shipped; add a new one.

// The activity log of a category (ADR 115): who did what and when, one row per action of a
// manager, written in the transaction of the action. `kind` is what the action is about (route,
// place, qr_code, member, import, branding, landing, report, category), `action` the action
// itself ('route.published'); `label` names the item as it was then (a route's name, a plaque's
// code), `details` (JSON) holds the few facts the sentence needs (an import's counts, a role).
// No visitor data. Rows go with their category; the member's name is read through `user_id`
// (a deleted account leaves its rows, unnamed). The purge deletes rows older than ACTIVITY_DAYS.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('activity_log')
    .addColumn('id', 'integer', (c) => (isPostgres(db) ? c.generatedByDefaultAsIdentity().primaryKey() : c.autoIncrement().primaryKey()))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('place_categories.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer')
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  // The screen reads a category's newest first (by member or kind within it); the purge the oldest of all.
  await db.schema.createIndex('activity_log_category').on('activity_log').columns(['category_id', 'created_at']).execute()
  await db.schema.createIndex('activity_log_created_at').on('activity_log').column('created_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('activity_log').execute()
}
