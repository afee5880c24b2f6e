import { sql, type Kysely } from 'kysely'
import { isPostgres } from '../dialect.ts'

// Frozen: never edit a migration that has shipped; add a new one.

// PostgreSQL: every change of a content version (migration 2026-11-21T1200-page-cache) is sent
// at commit on the channel `content_versions` as "{category_id}:{version}", so every server
// process keeps the versions in memory and learns of another's writes (ADR 071). Nothing on
// SQLite: one process serves, and a script's commit shows in the file's data_version. A change
// of a plaque is sent as "plaques" (every kept scan target is then read again).

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql
    .raw(
      `create or replace function cv_notify() returns trigger language plpgsql as $$
       begin
         perform pg_notify('content_versions', new.category_id || ':' || new.version);
         return null;
       end $$`,
    )
    .execute(db)
  await sql.raw('create trigger cv_notify after insert or update on content_versions for each row execute function cv_notify()').execute(db)
  // Plaques raise no content version, but a scan's target (its place, ADR 071) is kept too.
  await sql
    .raw(
      `create or replace function cv_notify_plaques() returns trigger language plpgsql as $$
       begin
         perform pg_notify('content_versions', 'plaques');
         return null;
       end $$`,
    )
    .execute(db)
  await sql.raw('create trigger cv_notify_plaques after insert or update or delete on qr_codes for each statement execute function cv_notify_plaques()').execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql.raw('drop function if exists cv_notify() cascade').execute(db)
  await sql.raw('drop function if exists cv_notify_plaques() cascade').execute(db)
}
