import type { Kysely } from 'kysely'

// Frozen: never edit a migration that has shipped; add a new one.
// Issue 15, scans per plaque (ADR 025). A counted scan is a raw event like any other, so the
// plaque roll-ups (qr_scan_totals, stat_qr_days) can be rebuilt and checked from the events:
// - events.qr_code_id: the plaque a `place_visit` (the scan) or a `view` (the route page the
//   scan opened) came by; null for everything else. No foreign key, as walk_id and place_id:
//   a deleted plaque's scans stay place visits; the rebuild skips codes that are gone.
// - stat_days/stat_months.plaque_views: how many of `views` came by a plaque (the rest came by
//   links: shared, searched, the category home).
// Counting starts here: earlier place visits name no plaque and are not attributed to one.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('events').addColumn('qr_code_id', 'integer').execute()
  for (const table of ['stat_days', 'stat_months']) {
    await db.schema
      .alterTable(table)
      .addColumn('plaque_views', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['stat_months', 'stat_days']) await db.schema.alterTable(table).dropColumn('plaque_views').execute()
  await db.schema.alterTable('events').dropColumn('qr_code_id').execute()
}
