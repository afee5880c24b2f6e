import { sql, type Kysely } from 'kysely'
import { isPostgres } from '../dialect.ts'

// Frozen: never edit a migration that has shipped; add a new one.

// PostgreSQL: a category's content version is raised once per transaction, not once per row
// (ADR 056). Every trigger of migration 2026-11-21T1200-page-cache calls cv_bump; an import's
// commit of 10,000 places and their texts called it 20,000 times on the same row: 20,000 row
// versions of one row in one transaction (each update slower than the last), 20,000
// notifications that every server process read on its main thread, and other writers of the
// category waiting on that row's lock for seconds. A version only has to differ once the
// transaction commits: the first write raises it, the others see the transaction-local mark
// (set_config(…, true): gone at commit or rollback, undone with a rolled-back savepoint).
// SQLite keeps its triggers: no row versions there, and one process serves.

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql
    .raw(
      `create or replace function cv_bump(category integer) returns void language plpgsql as $$
       declare
         -- A setting's name of letters and digits: the list caches' keys are negative ids ("m1" for -1).
         mark text := 'trailguide.cv_' || replace(category::text, '-', 'm');
       begin
         if current_setting(mark, true) = '1' then return; end if;
         perform set_config(mark, '1', true);
         insert into content_versions (category_id, version) values (category, 1)
         on conflict (category_id) do update set version = content_versions.version + 1;
       end $$`,
    )
    .execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return
  await sql
    .raw(
      `create or replace function cv_bump(category integer) returns void language sql as $$
         insert into content_versions (category_id, version) values (category, 1)
         on conflict (category_id) do update set version = content_versions.version + 1
       $$`,
    )
    .execute(db)
}
