import type { Kysely } from 'kysely'
import { isPostgres } from '../dialect.ts'

// Frozen: never edit a migration that has shipped; add a new one.
// Issue 15, the tables three features share (scans per plaque, visitor reports, the monthly
// report reads both). Counters live beside qr_codes, not in it: a scan must not raise the
// category's content version (the list-cache triggers watch qr_codes).

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db)
  const id = (col: any) => (pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey())
  const category = (c: any) => c.notNull().references('place_categories.id').onDelete('cascade')

  // All-time scans of a plaque and its last counted scan (ISO text, ADR 002).
  await db.schema
    .createTable('qr_scan_totals')
    .addColumn('qr_code_id', 'integer', (c) => c.primaryKey().references('qr_codes.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', category)
    .addColumn('scans', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_scanned_at', 'text')
    .execute()
  await db.schema.createIndex('qr_scan_totals_category').on('qr_scan_totals').columns(['category_id']).execute()

  // Day roll-up of counted scans per plaque ('YYYY-MM-DD'), written in the scan's transaction.
  await db.schema
    .createTable('stat_qr_days')
    .addColumn('qr_code_id', 'integer', (c) => c.notNull().references('qr_codes.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', category)
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('scans', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stat_qr_days_pk', ['qr_code_id', 'day'])
    .execute()
  await db.schema.createIndex('stat_qr_days_category_day').on('stat_qr_days').columns(['category_id', 'day']).execute()

  // A visitor's report of a problem on the trail. No account and nothing personal: no address,
  // no user agent, no visitor hash; the photo is an upload path like any other image.
  await db.schema
    .createTable('visitor_reports')
    .addColumn('id', 'integer', id)
    .addColumn('category_id', 'integer', category)
    .addColumn('qr_code_id', 'integer', (c) => c.references('qr_codes.id').onDelete('set null'))
    .addColumn('place_id', 'integer', (c) => c.references('places.id').onDelete('set null'))
    .addColumn('walk_id', 'integer', (c) => c.references('walks.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull()) // plaque_damaged | path_blocked | information_wrong | other
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('photo_path', 'text')
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open')) // open | resolved
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('notified_at', 'text') // when the owners' mail about it went out (batched)
    .execute()
  await db.schema.createIndex('visitor_reports_category_status').on('visitor_reports').columns(['category_id', 'status', 'created_at']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('visitor_reports').execute()
  await db.schema.dropTable('stat_qr_days').execute()
  await db.schema.dropTable('qr_scan_totals').execute()
}
