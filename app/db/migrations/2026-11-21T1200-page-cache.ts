import { sql, type Kysely } from 'kysely'
import { isPostgres } from '../dialect.ts'

// Frozen: never edit a migration that has shipped; add a new one.

// Content versions for the render cache of public pages (app/modules/page-cache): one counter per
// category, raised by triggers in the same transaction as every write that changes what a public
// page shows, whatever code path writes it; so every server process sees a change at its next
// request. Category 0 is the slug namespace: raised when a route or category appears, goes, or
// changes slug, status or category (a cached path may then name another page).
// No foreign key: a deleted category's counter stays, so a reused id keeps counting upwards.
// Plus the indexes the landing page lacked (EXPLAIN showed full scans: like state, slug lookup).

type Source = { table: string; by: 'category' | 'walk' | 'self' }

// What a public route page reads: the route, its texts, places, nearby routes, logos, the category.
const sources: Source[] = [
  { table: 'walks', by: 'category' },
  { table: 'places', by: 'category' },
  { table: 'place_categories', by: 'self' },
  { table: 'walk_translations', by: 'walk' },
  { table: 'walk_places', by: 'walk' },
  { table: 'walk_nearby', by: 'walk' },
  { table: 'walk_logos', by: 'walk' },
]

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_versions')
    .addColumn('category_id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  // Likes only (a partial index: views, the bulk of the events, do not pay for it at ingestion).
  // The query must name the type as a literal for SQLite to use it (LikesRepo.hasLike does).
  await sql`create index events_walk_likes on events (walk_id, visitor_hash, occurred_at) where type = 'like'`.execute(db)
  // The public page looks a route up by slug alone (no subdomain): the unique index starts with the category.
  await db.schema.createIndex('walks_slug').on('walks').column('slug').execute()
  await db.schema.createIndex('stat_days_walk').on('stat_days').columns(['walk_id', 'day']).execute()
  if (isPostgres(db)) await postgresTriggers(db)
  else await sqliteTriggers(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // Dropping the functions drops the triggers that call them.
    for (const fn of ['cv_by_category()', 'cv_by_walk()', 'cv_by_self()', 'cv_global()', 'cv_bump(integer)']) {
      await sql.raw(`drop function if exists ${fn} cascade`).execute(db)
    }
  } else {
    const triggers = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and name like 'cv_%'`.execute(db)
    for (const { name } of triggers.rows) await sql.raw(`drop trigger ${name}`).execute(db)
  }
  await db.schema.dropIndex('walks_slug').execute()
  await db.schema.dropIndex('stat_days_walk').execute()
  await db.schema.dropIndex('events_walk_likes').execute()
  await db.schema.dropTable('content_versions').execute()
}

const sqliteBump = (category: string) =>
  `insert into content_versions (category_id, version) ${category} on conflict (category_id) do update set version = version + 1;`

async function sqliteTriggers(db: Kysely<any>) {
  const categoryOf = (row: 'new' | 'old', by: Source['by']) =>
    by === 'category'
      ? `values (${row}.category_id, 1)`
      : by === 'self'
        ? `values (${row}.id, 1)`
        : `select category_id, 1 from walks where id = ${row}.walk_id`
  for (const { table, by } of sources) {
    const statements = {
      insert: sqliteBump(categoryOf('new', by)),
      update: sqliteBump(categoryOf('old', by)) + sqliteBump(categoryOf('new', by)),
      delete: sqliteBump(categoryOf('old', by)),
    }
    for (const [event, body] of Object.entries(statements)) {
      await sql.raw(`create trigger cv_${table}_${event} after ${event} on ${table} begin ${body} end`).execute(db)
    }
  }
  // The slug namespace (category 0).
  const global = sqliteBump('values (0, 1)')
  for (const table of ['walks', 'place_categories']) {
    await sql.raw(`create trigger cv_${table}_slugs_insert after insert on ${table} begin ${global} end`).execute(db)
    await sql.raw(`create trigger cv_${table}_slugs_delete after delete on ${table} begin ${global} end`).execute(db)
  }
  await sql
    .raw(
      `create trigger cv_walks_slugs_update after update on walks
       when old.slug is not new.slug or old.status is not new.status or old.category_id is not new.category_id begin ${global} end`,
    )
    .execute(db)
  await sql.raw(`create trigger cv_place_categories_slugs_update after update on place_categories when old.slug is not new.slug begin ${global} end`).execute(db)
  // The like count is on the page.
  await sql.raw(`create trigger cv_events_like after insert on events when new.type = 'like' begin ${sqliteBump('values (new.category_id, 1)')} end`).execute(db)
}

async function postgresTriggers(db: Kysely<any>) {
  await sql
    .raw(
      `create function cv_bump(category integer) returns void language sql as $$
         insert into content_versions (category_id, version) values (category, 1)
         on conflict (category_id) do update set version = content_versions.version + 1
       $$`,
    )
    .execute(db)
  const fn = (name: string, body: string) =>
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`).execute(db)
  await fn('cv_by_category', `if tg_op <> 'INSERT' then perform cv_bump(old.category_id); end if; if tg_op <> 'DELETE' then perform cv_bump(new.category_id); end if;`)
  await fn('cv_by_self', `if tg_op <> 'INSERT' then perform cv_bump(old.id); end if; if tg_op <> 'DELETE' then perform cv_bump(new.id); end if;`)
  await fn(
    'cv_by_walk',
    `if tg_op <> 'INSERT' then perform cv_bump(category_id) from walks where id = old.walk_id; end if;
     if tg_op <> 'DELETE' then perform cv_bump(category_id) from walks where id = new.walk_id; end if;`,
  )
  await fn('cv_global', `perform cv_bump(0);`)
  for (const { table, by } of sources) {
    await sql.raw(`create trigger cv_${table} after insert or update or delete on ${table} for each row execute function cv_by_${by}()`).execute(db)
  }
  await sql.raw('create trigger cv_walks_slugs_change after insert or delete on walks for each row execute function cv_global()').execute(db)
  await sql
    .raw(
      `create trigger cv_walks_slugs after update on walks for each row
       when (old.slug is distinct from new.slug or old.status is distinct from new.status or old.category_id is distinct from new.category_id)
       execute function cv_global()`,
    )
    .execute(db)
  await sql.raw('create trigger cv_place_categories_slugs_change after insert or delete on place_categories for each row execute function cv_global()').execute(db)
  await sql
    .raw('create trigger cv_place_categories_slugs after update on place_categories for each row when (old.slug is distinct from new.slug) execute function cv_global()')
    .execute(db)
  await sql.raw(`create trigger cv_events after insert on events for each row when (new.type = 'like') execute function cv_by_category()`).execute(db)
}
