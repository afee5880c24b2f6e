import { sql, type Kysely } from 'kysely'
import { isPostgres } from '../dialect.ts'

// Frozen: never edit a migration that has shipped; add a new one.

// Texts of a place per language (issue 14: imports bring descriptions and names in several
// languages, exports and open data give them back). `places.name` stays the place's name; a row
// here holds another language's name and a description. Writes raise the category's content
// version (the public pages, the open data answers and the manager's lists show them), as the
// triggers of migrations 2026-11-21T1200-page-cache and 2026-11-21T1300-list-cache do.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('place_translations')
    .addColumn('place_id', 'integer', (c) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('description', 'text')
    .addPrimaryKeyConstraint('place_translations_pk', ['place_id', 'locale'])
    .execute()
  if (isPostgres(db)) {
    // lc_by_place() comes from migration 2026-11-21T1300-list-cache.
    await sql.raw('create trigger pt_place_translations after insert or update or delete on place_translations for each row execute function lc_by_place()').execute(db)
  } else {
    const bump = (row: 'new' | 'old') =>
      `insert into content_versions (category_id, version) select category_id, 1 from places where id = ${row}.place_id
       on conflict (category_id) do update set version = version + 1;`
    const statements = { insert: bump('new'), update: bump('old') + bump('new'), delete: bump('old') }
    for (const [event, body] of Object.entries(statements)) {
      await sql.raw(`create trigger pt_place_translations_${event} after ${event} on place_translations begin ${body} end`).execute(db)
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // Dropping the table drops its triggers on both dialects.
  await db.schema.dropTable('place_translations').execute()
}
