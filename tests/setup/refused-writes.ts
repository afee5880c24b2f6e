import { sql } from 'kysely'
import type { TestDb } from './test-db.ts'

/**
 * Runs `fn` while the database refuses every insert into `revisions` (a trigger raising
 * "refused", on either dialect), then removes the trigger: how the tests show that a write and
 * its revision commit together or not at all (ADR 111).
 */
export async function whileRevisionsRefused(testDb: Pick<TestDb, 'db' | 'dialect'>, fn: () => Promise<void>): Promise<void> {
  if (testDb.dialect === 'postgres') {
    await sql`create function refuse_revision() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`.execute(testDb.db)
    await sql`create trigger refuse_revision before insert on revisions for each row execute function refuse_revision()`.execute(testDb.db)
  } else {
    await sql`create trigger refuse_revision before insert on revisions begin select raise(abort, 'refused'); end`.execute(testDb.db)
  }
  try {
    await fn()
  } finally {
    await sql`drop trigger refuse_revision${sql.raw(testDb.dialect === 'postgres' ? ' on revisions' : '')}`.execute(testDb.db)
    if (testDb.dialect === 'postgres') await sql`drop function refuse_revision()`.execute(testDb.db)
  }
}
