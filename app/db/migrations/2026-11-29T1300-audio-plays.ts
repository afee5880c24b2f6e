import type { Kysely } from 'kysely'

// Frozen: never edit a migration that has shipped; add a new one.
// Plays of a stop's recording (ADR 123): an `audio_play` event names the place; the day and month
// roll-ups count them beside the other figures, so a rebuild from the events gives them back.
// Counting starts here.

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['stat_days', 'stat_months']) {
    await db.schema
      .alterTable(table)
      .addColumn('audio_plays', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['stat_months', 'stat_days']) await db.schema.alterTable(table).dropColumn('audio_plays').execute()
}
