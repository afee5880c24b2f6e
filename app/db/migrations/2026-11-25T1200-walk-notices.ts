import { sql, type Kysely } from 'kysely'
import { isPostgres } from '../dialect.ts'

// Frozen: never edit a migration that has shipped; add a new one.

// Issue 15, route notices: at most one per route (information, warning or closed), with an
// optional window of days ('YYYY-MM-DD', both inclusive, in TIME_ZONE) and a text per language.
// The public pages show it, so writes raise the route's category's content version as the
// triggers of migrations 2026-11-21T1200-page-cache and 2026-11-24T1500-place-texts do. A window
// opening or closing changes a page without any write: the render cache keeps such pages until the
// next day only (CacheTag.validUntil, ADR 026).

const tables = ['walk_notices', 'walk_notice_texts']

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('walk_notices')
    .addColumn('walk_id', 'integer', (c) => c.primaryKey().references('walks.id').onDelete('cascade'))
    .addColumn('level', 'text', (c) => c.notNull()) // information | warning | closed
    .addColumn('starts_on', 'text')
    .addColumn('ends_on', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('walk_notice_texts')
    .addColumn('walk_id', 'integer', (c) => c.notNull().references('walk_notices.walk_id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('walk_notice_texts_pk', ['walk_id', 'locale'])
    .execute()
  if (isPostgres(db)) {
    // cv_by_walk() comes from migration 2026-11-21T1200-page-cache.
    for (const table of tables) {
      await sql.raw(`create trigger wn_${table} after insert or update or delete on ${table} for each row execute function cv_by_walk()`).execute(db)
    }
  } else {
    const bump = (row: 'new' | 'old') =>
      `insert into content_versions (category_id, version) select category_id, 1 from walks where id = ${row}.walk_id
       on conflict (category_id) do update set version = version + 1;`
    const statements = { insert: bump('new'), update: bump('old') + bump('new'), delete: bump('old') }
    for (const table of tables) {
      for (const [event, body] of Object.entries(statements)) {
        await sql.raw(`create trigger wn_${table}_${event} after ${event} on ${table} begin ${body} end`).execute(db)
      }
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // Dropping the tables drops their triggers on both dialects.
  await db.schema.dropTable('walk_notice_texts').execute()
  await db.schema.dropTable('walk_notices').execute()
}
