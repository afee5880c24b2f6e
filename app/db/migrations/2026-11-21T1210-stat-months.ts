import { sql, type Kysely } from 'kysely'

// Frozen: never edit a migration that has shipped; add a new one.

// Month roll-ups of the day roll-ups: one row per category and month ('YYYY-MM'), so a year's
// or all years' figures read at most a few dozen rows instead of every route's and place's day
// (a category with a million events has hundreds of thousands of day rows). Kept in the same
// transaction as stat_days by StatsRepo; filled here from the existing days.
export async function up(db: Kysely<any>): Promise<void> {
  const counter = (name: string) => (t: any) => t.addColumn(name, 'integer', (c: any) => c.notNull().defaultTo(0))
  let table = db.schema
    .createTable('stat_months')
    .addColumn('category_id', 'integer', (c) => c.notNull().references('place_categories.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
  for (const name of ['views', 'total_time', 'sessions', 'likes', 'contributions', 'place_visits']) table = counter(name)(table)
  await table.addPrimaryKeyConstraint('stat_months_pk', ['category_id', 'month']).execute()
  await sql`
    insert into stat_months (category_id, month, views, total_time, sessions, likes, contributions, place_visits)
    select category_id, substr(day, 1, 7), sum(views), sum(total_time), sum(sessions), sum(likes), sum(contributions), sum(place_visits)
    from stat_days group by category_id, substr(day, 1, 7)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stat_months').execute()
}
