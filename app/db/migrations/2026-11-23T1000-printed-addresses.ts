import { sql, type Kysely } from 'kysely'
import { isPostgres } from '../dialect.ts'

// Frozen: never edit a migration that has shipped; add a new one.

// Printed addresses (ADR 011). Every address a route or a category ever had is a row, so it
// keeps its meaning and nobody else can take it; unique keys decide races on both dialects.
// - category_slugs: every slug a category has had (its current one too). A category cannot take
//   a slug another category holds or held. Deleting the category gives its slugs up.
// - walk_addresses: every (category, slug) a route has had (its current one too). A route cannot
//   take a slug another route of the category holds or held; an old one redirects to the route.
// - walk_legacy_slugs: the category-less /r/{slug} and /m/{slug} printed before this migration,
//   one route per slug for good. Only this migration writes it: new routes never get one.
// Triggers on walks and place_categories write the first two in the same statement as the
// change, whatever code path makes it; the second of two racing writers fails on the key.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('category_slugs')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('category_id', 'integer', (c) => c.notNull().references('place_categories.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('category_slugs_category').on('category_slugs').column('category_id').execute()

  await db.schema
    .createTable('walk_addresses')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('place_categories.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('walk_id', 'integer', (c) => c.notNull().references('walks.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('walk_addresses_pk', ['category_id', 'slug'])
    .execute()
  await db.schema.createIndex('walk_addresses_walk').on('walk_addresses').column('walk_id').execute()
  // Subdomain routing asks which categories have or had a route slug (the key starts with the category).
  await db.schema.createIndex('walk_addresses_slug').on('walk_addresses').column('slug').execute()

  await db.schema
    .createTable('walk_legacy_slugs')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('walk_id', 'integer', (c) => c.notNull().references('walks.id').onDelete('cascade'))
    .execute()
  await db.schema.createIndex('walk_legacy_slugs_walk').on('walk_legacy_slugs').column('walk_id').execute()

  await sql`insert into category_slugs (slug, category_id, created_at) select slug, id, created_at from place_categories`.execute(db)
  await sql`insert into walk_addresses (category_id, slug, walk_id, created_at) select category_id, slug, id, created_at from walks`.execute(db)
  await claimLegacySlugs(db)

  if (isPostgres(db)) await postgresTriggers(db)
  else await sqliteTriggers(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const fn of ['pa_walk_address()', 'pa_category_slug()']) await sql.raw(`drop function if exists ${fn} cascade`).execute(db)
  } else {
    const triggers = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and name like 'pa_%'`.execute(db)
    for (const { name } of triggers.rows) await sql.raw(`drop trigger ${name}`).execute(db)
  }
  for (const table of ['walk_legacy_slugs', 'walk_addresses', 'category_slugs']) await db.schema.dropTable(table).execute()
}

interface Claimant {
  id: number
  slug: string
  status: string
  created_at: string
  first_day: string | null
}

/**
 * One route per existing slug keeps the category-less address. A slug of one route: that route,
 * draft or not (its QR codes may be printed before it is published). A slug several categories
 * share: the route the address showed visitors until now when there was one (the only published
 * one), else the one published first. No published date is stored; a route's first day in the
 * visitor roll-ups stands for it (events are only counted for published routes), then the
 * oldest route.
 */
async function claimLegacySlugs(db: Kysely<any>): Promise<void> {
  const shared = db.selectFrom('walks').select('slug').groupBy('slug').having((eb) => eb(eb.fn.countAll(), '>', 1))
  const rows: Claimant[] = await db
    .selectFrom('walks')
    .leftJoin(
      db
        .selectFrom('stat_days')
        .select(['walk_id', (eb) => eb.fn.min('day').as('first_day')])
        .where('walk_id', 'in', db.selectFrom('walks').select('id').where('slug', 'in', shared))
        .groupBy('walk_id')
        .as('firsts'),
      'firsts.walk_id',
      'walks.id',
    )
    .select(['walks.id', 'walks.slug', 'walks.status', 'walks.created_at', 'firsts.first_day'])
    .execute()
  const bySlug = new Map<string, Claimant[]>()
  for (const row of rows) (bySlug.get(row.slug) ?? bySlug.set(row.slug, []).get(row.slug)!).push(row)
  const claims = [...bySlug].map(([slug, walks]) => ({ slug, walk_id: chooseClaimant(walks).id }))
  for (let i = 0; i < claims.length; i += 500) await db.insertInto('walk_legacy_slugs').values(claims.slice(i, i + 500)).execute()
}

function chooseClaimant(walks: Claimant[]): Claimant {
  const published = walks.filter((w) => w.status === 'published')
  if (published.length === 1) return published[0]
  const firstDay = (w: Claimant) => w.first_day ?? '9999'
  return [...walks].sort(
    (a, b) => firstDay(a).localeCompare(firstDay(b)) || a.created_at.localeCompare(b.created_at) || Number(a.id) - Number(b.id),
  )[0]
}

async function sqliteTriggers(db: Kysely<any>) {
  // Inserted unless this row already holds it (a route or category taking back an old slug of its
  // own); held by another, the key refuses it and the whole statement fails.
  const walkAddress = (at: string) =>
    `insert into walk_addresses (category_id, slug, walk_id, created_at)
     select new.category_id, new.slug, new.id, new.${at}
     where not exists (select 1 from walk_addresses where category_id = new.category_id and slug = new.slug and walk_id = new.id);`
  const categorySlug = (at: string) =>
    `insert into category_slugs (slug, category_id, created_at)
     select new.slug, new.id, new.${at}
     where not exists (select 1 from category_slugs where slug = new.slug and category_id = new.id);`
  await sql.raw(`create trigger pa_walks_insert after insert on walks begin ${walkAddress('created_at')} end`).execute(db)
  await sql
    .raw(
      `create trigger pa_walks_update after update of slug, category_id on walks
       when old.slug is not new.slug or old.category_id is not new.category_id begin ${walkAddress('updated_at')} end`,
    )
    .execute(db)
  await sql.raw(`create trigger pa_place_categories_insert after insert on place_categories begin ${categorySlug('created_at')} end`).execute(db)
  await sql
    .raw(`create trigger pa_place_categories_update after update of slug on place_categories when old.slug is not new.slug begin ${categorySlug('updated_at')} end`)
    .execute(db)
}

async function postgresTriggers(db: Kysely<any>) {
  const fn = (name: string, body: string) =>
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`).execute(db)
  await fn(
    'pa_walk_address',
    `if not exists (select 1 from walk_addresses where category_id = new.category_id and slug = new.slug and walk_id = new.id) then
       insert into walk_addresses (category_id, slug, walk_id, created_at) values (new.category_id, new.slug, new.id, new.updated_at);
     end if;`,
  )
  await fn(
    'pa_category_slug',
    `if not exists (select 1 from category_slugs where slug = new.slug and category_id = new.id) then
       insert into category_slugs (slug, category_id, created_at) values (new.slug, new.id, new.updated_at);
     end if;`,
  )
  await sql.raw('create trigger pa_walks_insert after insert on walks for each row execute function pa_walk_address()').execute(db)
  await sql
    .raw(
      `create trigger pa_walks_update after update on walks for each row
       when (old.slug is distinct from new.slug or old.category_id is distinct from new.category_id) execute function pa_walk_address()`,
    )
    .execute(db)
  await sql.raw('create trigger pa_place_categories_insert after insert on place_categories for each row execute function pa_category_slug()').execute(db)
  await sql
    .raw(
      `create trigger pa_place_categories_update after update on place_categories for each row
       when (old.slug is distinct from new.slug) execute function pa_category_slug()`,
    )
    .execute(db)
}
