import { sql, type Kysely } from 'kysely'
import { isPostgres } from '../dialect.ts'

// Frozen: never edit a migration that has shipped; add a new one.

// Recorded audio per stop and language (ADR 122): one recording per place and language, its
// file in the uploads storage (disk or S3) under `file_key`. Writes raise the category's content
// version (the visitor pages show the recordings), as 2026-11-25T1300-accessibility does for
// the places' entrance notes.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('place_recordings')
    .addColumn('place_id', 'integer', (c) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('place_recordings_pk', ['place_id', 'locale'])
    .execute()

  if (isPostgres(db)) {
    // lc_by_place() comes from migration 2026-11-21T1300-list-cache.
    await sql.raw('create trigger pr_place_recordings after insert or update or delete on place_recordings for each row execute function lc_by_place()').execute(db)
  } else {
    const bump = (row: string) => `insert into content_versions (category_id, version) select category_id, 1 from places where id = ${row}.place_id on conflict (category_id) do update set version = version + 1;`
    const statements = { insert: bump('new'), update: bump('old') + bump('new'), delete: bump('old') }
    for (const [event, body] of Object.entries(statements)) {
      await sql.raw(`create trigger cv_place_recordings_${event} after ${event} on place_recordings begin ${body} end`).execute(db)
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // Dropping the table drops its triggers on both dialects.
  await db.schema.dropTable('place_recordings').execute()
}
