import type { Kysely } from 'kysely'

// Frozen: never edit a migration that has shipped; add a new one.
// Issue 15, the monthly report by e-mail (ADR 029): a member's opt-out, on the user, and the
// record of each (member, category, month) report, which decides that it is sent at most once
// however many server processes look at the same month.

export async function up(db: Kysely<any>): Promise<void> {
  // 0/1 (ADR 002): 1 once the member has said "no monthly report".
  await db.schema
    .alterTable('users')
    .addColumn('monthly_report_opt_out', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('monthly_report_sends')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('place_categories.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull()) // 'YYYY-MM'
    .addColumn('status', 'text', (c) => c.notNull()) // sending | sent | failed
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addPrimaryKeyConstraint('monthly_report_sends_pk', ['user_id', 'category_id', 'month'])
    .execute()
  await db.schema.createIndex('monthly_report_sends_month').on('monthly_report_sends').columns(['month', 'status']).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('monthly_report_sends').execute()
  await db.schema.alterTable('users').dropColumn('monthly_report_opt_out').execute()
}
