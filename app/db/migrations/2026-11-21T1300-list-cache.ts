import { sql, type Kysely } from 'kysely'
import { isPostgres } from '../dialect.ts'

// Frozen: never edit a migration that has shipped; add a new one.

// Content versions for the kept answers of the manager's lists (app/modules/page-cache/
// answer-cache.server.ts): `fetch-places` also shows each place's users, pending invitations and
// secrets (with their authors' names), which the public pages do not. Their writes now raise the
// category's version too (places, routes and their texts already do, migration
// 2026-11-21T1200-page-cache). A user's name or photo is shown in every category they belong
// to: changing it (or deleting the user) raises the people version (-1) that every list checks.

const PEOPLE = -1

const byPlace = ['place_users', 'secrets']

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await postgresTriggers(db)
  else await sqliteTriggers(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const fn of ['lc_by_place()', 'lc_people()']) await sql.raw(`drop function if exists ${fn} cascade`).execute(db)
    await sql.raw('drop trigger if exists lc_invitations on invitations').execute(db)
  } else {
    const triggers = await sql<{ name: string }>`select name from sqlite_master where type = 'trigger' and name like 'lc_%'`.execute(db)
    for (const { name } of triggers.rows) await sql.raw(`drop trigger ${name}`).execute(db)
  }
}

const sqliteBump = (category: string) =>
  `insert into content_versions (category_id, version) ${category} on conflict (category_id) do update set version = version + 1;`

async function sqliteTriggers(db: Kysely<any>) {
  const ofPlace = (row: 'new' | 'old') => `select category_id, 1 from places where id = ${row}.place_id`
  const ofRow = (row: 'new' | 'old') => `values (${row}.category_id, 1)`
  const tables: [string, (row: 'new' | 'old') => string][] = [...byPlace.map((t) => [t, ofPlace] as [string, typeof ofPlace]), ['invitations', ofRow]]
  for (const [table, categoryOf] of tables) {
    const statements = {
      insert: sqliteBump(categoryOf('new')),
      update: sqliteBump(categoryOf('old')) + sqliteBump(categoryOf('new')),
      delete: sqliteBump(categoryOf('old')),
    }
    for (const [event, body] of Object.entries(statements)) {
      await sql.raw(`create trigger lc_${table}_${event} after ${event} on ${table} begin ${body} end`).execute(db)
    }
  }
  const people = sqliteBump(`values (${PEOPLE}, 1)`)
  await sql
    .raw(`create trigger lc_users_update after update on users when old.name is not new.name or old.avatar_path is not new.avatar_path begin ${people} end`)
    .execute(db)
  await sql.raw(`create trigger lc_users_delete after delete on users begin ${people} end`).execute(db)
}

async function postgresTriggers(db: Kysely<any>) {
  // cv_bump(integer) and cv_by_category() come from migration 2026-11-21T1200-page-cache.
  const fn = (name: string, body: string) =>
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`).execute(db)
  await fn(
    'lc_by_place',
    `if tg_op <> 'INSERT' then perform cv_bump(category_id) from places where id = old.place_id; end if;
     if tg_op <> 'DELETE' then perform cv_bump(category_id) from places where id = new.place_id; end if;`,
  )
  await fn('lc_people', `perform cv_bump(${PEOPLE});`)
  for (const table of byPlace) {
    await sql.raw(`create trigger lc_${table} after insert or update or delete on ${table} for each row execute function lc_by_place()`).execute(db)
  }
  await sql.raw('create trigger lc_invitations after insert or update or delete on invitations for each row execute function cv_by_category()').execute(db)
  await sql
    .raw(
      `create trigger lc_users after update on users for each row
       when (old.name is distinct from new.name or old.avatar_path is distinct from new.avatar_path) execute function lc_people()`,
    )
    .execute(db)
  await sql.raw('create trigger lc_users_delete after delete on users for each row execute function lc_people()').execute(db)
}
