import { sql, type Kysely } from 'kysely'
import { isPostgres } from '../dialect.ts'

// Frozen: never edit a migration that has shipped; add a new one.

// Issue 15, accessibility facts (ADR 027). One row per route that has any fact; a missing row
// and a null column both mean "unknown", which is not "no": a visitor in a wheelchair must
// be told "not known" rather than "not suitable". Booleans are 0/1 integers (ADR 002). A place's
// accessible-entrance note is per language, beside its other texts. Writes raise the category's
// content version (the public pages show them), as migration 2026-11-24T1500-place-texts does.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('walk_accessibility')
    .addColumn('walk_id', 'integer', (c) => c.primaryKey().references('walks.id').onDelete('cascade'))
    .addColumn('step_free', 'integer')
    .addColumn('max_slope_pct', 'real')
    .addColumn('surface', 'text') // paved | gravel | dirt | grass | mixed
    .addColumn('stairs', 'integer')
    .addColumn('stairs_count', 'integer')
    .addColumn('benches', 'integer')
    .addColumn('toilets', 'integer')
    .addColumn('drinking_water', 'integer')
    .addColumn('shade', 'text') // none | some | much
    .addColumn('pushchair', 'integer')
    .addColumn('wheelchair', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('place_accessibility')
    .addColumn('place_id', 'integer', (c) => c.notNull().references('places.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('entrance_note', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('place_accessibility_pk', ['place_id', 'locale'])
    .execute()

  if (isPostgres(db)) {
    // cv_by_walk() comes from migration 2026-11-21T1200-page-cache, lc_by_place() from 2026-11-21T1300-list-cache.
    await sql.raw('create trigger cv_walk_accessibility after insert or update or delete on walk_accessibility for each row execute function cv_by_walk()').execute(db)
    await sql.raw('create trigger pa_place_accessibility after insert or update or delete on place_accessibility for each row execute function lc_by_place()').execute(db)
  } else {
    const bump = (source: string) => `insert into content_versions (category_id, version) ${source} on conflict (category_id) do update set version = version + 1;`
    const triggers = {
      walk_accessibility: (row: string) => bump(`select category_id, 1 from walks where id = ${row}.walk_id`),
      place_accessibility: (row: string) => bump(`select category_id, 1 from places where id = ${row}.place_id`),
    }
    for (const [table, by] of Object.entries(triggers)) {
      const statements = { insert: by('new'), update: by('old') + by('new'), delete: by('old') }
      for (const [event, body] of Object.entries(statements)) {
        await sql.raw(`create trigger cv_${table}_${event} after ${event} on ${table} begin ${body} end`).execute(db)
      }
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // Dropping the tables drops their triggers on both dialects.
  await db.schema.dropTable('place_accessibility').execute()
  await db.schema.dropTable('walk_accessibility').execute()
}
