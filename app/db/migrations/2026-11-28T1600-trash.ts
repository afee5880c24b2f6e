import type { Kysely } from 'kysely'
import { isPostgres } from '../dialect.ts'

// Frozen: never edit a migration that has shipped; add a new one.

// The trash (ADR 110). A deleted route, place, QR code or category keeps its row, marked with
// `deleted_at` and `deleted_by`, so a restore brings back exactly what was there (texts, stops,
// files, statistics) and every read leaves marked rows out. A category goes with its subtree:
// each category below it is marked with the same time. `trash_items` is the trash as the
// managers see it, one row per thing they deleted, in the trash of `category_id` (for a
// category, itself); `payload` (JSON) keeps the addresses the item gave up while in the trash
// (route slugs, category slugs), so that another item may take them and the restore says so.
// Rows of the trash go with their category (the purge deletes it for good after TRASH_DAYS).

const tables = ['walks', 'places', 'qr_codes', 'place_categories']

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of tables) {
    await db.schema.alterTable(table).addColumn('deleted_at', 'text').execute()
    await db.schema.alterTable(table).addColumn('deleted_by', 'integer').execute()
  }
  await db.schema
    .createTable('trash_items')
    .addColumn('id', 'integer', (c) => (isPostgres(db) ? c.generatedByDefaultAsIdentity().primaryKey() : c.autoIncrement().primaryKey()))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('place_categories.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull()) // route | place | qr_code | category
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .addColumn('deleted_by', 'integer')
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addUniqueConstraint('trash_items_item', ['kind', 'item_id'])
    .execute()
  await db.schema.createIndex('trash_items_category').on('trash_items').columns(['category_id', 'deleted_at']).execute()
  // The purge looks for the oldest entries of every category.
  await db.schema.createIndex('trash_items_deleted_at').on('trash_items').column('deleted_at').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('trash_items').execute()
  for (const table of tables) {
    await db.schema.alterTable(table).dropColumn('deleted_by').execute()
    await db.schema.alterTable(table).dropColumn('deleted_at').execute()
  }
}
