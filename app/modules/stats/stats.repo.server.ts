import { CompiledQuery, sql, type Compilable, type Insertable, type Kysely, type RawBuilder, type Selectable } from 'kysely'
import type { DB } from '#app/db/db.server.ts'
import { isPostgres } from '#app/db/dialect.ts'
import { sharedRead } from '#app/db/shared-read.server.ts'
import type { EventsTable, StatDaysTable, StatMonthsTable } from '#app/db/schema.ts'

export type EventRow = Insertable<EventsTable>
export type DayRow = Selectable<StatDaysTable>
type MonthRow = Selectable<StatMonthsTable>

export const counters = ['views', 'total_time', 'sessions', 'likes', 'contributions', 'place_visits', 'plaque_views', 'audio_plays'] as const
type Counter = (typeof counters)[number]
export type Counts = Record<Counter, number>

/** An upsert's update set: each counter added to the row already there (`views = stat_days.views + excluded.views`). */
const addedCounters = (table: 'stat_days' | 'stat_months') =>
  Object.fromEntries(counters.map((c) => [c, sql<number>`${sql.ref(`${table}.${c}`)} + ${sql.ref(`excluded.${c}`)}`])) as Record<Counter, RawBuilder<number>>

/** Inclusive 'YYYY-MM-DD' bounds of a period; none for all time. */
export interface DayRange {
  from: string
  to: string
}

// Rows per statement, well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters.
const EVENT_CHUNK = 1000
const DAY_CHUNK = 500

/**
 * The texts of the visitors' writes (events, day and month roll-ups) as Kysely writes them, per
 * kind of database, statement, number of rows and columns: made once and run again with each
 * call's values. Under load (~12,000 views a second, written in groups) building and compiling
 * them took ~4 % of a kept page's time, and a group's fixed cost grew the event loop's pauses
 * (issue 28). Bounded: the last group of a flush has any number of rows.
 */
const keptTexts = new Map<string, string>()
const KEPT_TEXTS_MAX = 64

/**
 * Runs `build(rows)` (an INSERT of `rows`, its other parts free of values) from a kept text when
 * one is kept for its shape. The first time, Kysely's own compile runs it and its text is kept
 * only when its parameters are the rows' values, column by column: anything else (a column
 * missing in a row, an undefined value, a value in another part, a handle with plugins) always
 * goes Kysely's way.
 */
async function insertKept<Row extends object>(db: DB, name: string, rows: Row[], build: (rows: Row[]) => Compilable): Promise<void> {
  const columns = Object.keys(rows[0]) as (keyof Row)[]
  // A handle with plugins compiles every time: they transform the query, not a kept text.
  const parameters = db.getExecutor().plugins.length === 0 ? valuesOf(rows, columns) : null
  const key = parameters && `${isPostgres(db as unknown as Kysely<unknown>) ? 'pg' : 'sqlite'}|${name}|${rows.length}|${columns.join(',')}`
  const text = key && keptTexts.get(key)
  if (text) {
    await db.executeQuery(CompiledQuery.raw(text, parameters))
    return
  }
  const compiled = build(rows).compile()
  if (key && sameValues(compiled.parameters, parameters)) {
    if (keptTexts.size >= KEPT_TEXTS_MAX) keptTexts.delete(keptTexts.keys().next().value!)
    keptTexts.set(key, compiled.sql)
  }
  await db.executeQuery(compiled)
}

/** The rows' values in column order; null unless every row has these columns, in this order, none undefined. */
function valuesOf<Row extends object>(rows: Row[], columns: (keyof Row)[]): unknown[] | null {
  const values: unknown[] = []
  for (const row of rows) {
    const names = Object.keys(row)
    if (names.length !== columns.length) return null
    for (let c = 0; c < columns.length; c++) {
      const value = row[columns[c]]
      if (names[c] !== columns[c] || value === undefined) return null
      values.push(value)
    }
  }
  return values
}

const sameValues = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, i) => value === b[i])

// Months and years are cut from text days and months with substr (alike on SQLite and PostgreSQL),
// written without bound parameters so PostgreSQL sees the same expression in SELECT and GROUP BY.

/** The roll-up sums of `stat_days`, named as its columns (0 when no row matches). */
function sums() {
  const sum = (column: Counter) => sql<number | string>`coalesce(sum(${sql.ref(`stat_days.${column}`)}), 0)`
  return [
    sum('views').as('views'),
    sum('total_time').as('total_time'),
    sum('sessions').as('sessions'),
    sum('likes').as('likes'),
    sum('contributions').as('contributions'),
    sum('place_visits').as('place_visits'),
    sum('plaque_views').as('plaque_views'),
    sum('audio_plays').as('audio_plays'),
  ] as const
}

/** PostgreSQL answers sums as bigint strings: every count leaves the repo as a number. */
function toCounts(row: Record<Counter, number | string | bigint | null>): Counts {
  return Object.fromEntries(counters.map((c) => [c, Number(row[c] ?? 0)])) as Counts
}

export class StatsRepo {
  constructor(private readonly db: DB) {}

  async insertEvents(rows: EventRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += EVENT_CHUNK) {
      await insertKept(this.db, 'events', rows.slice(i, i + EVENT_CHUNK), (chunk) => this.db.insertInto('events').values(chunk))
    }
  }

  /** Deletes events by id and answers what they were (to take them out of the roll-ups). */
  async deleteEvents(ids: number[]): Promise<EventRow[]> {
    const rows = await this.db.selectFrom('events').selectAll().where('id', 'in', ids).execute()
    await this.db.deleteFrom('events').where('id', 'in', ids).execute()
    return rows
  }

  /** Adds to the day rows; the caller passes each key once per call (PostgreSQL requires it). */
  async addToDays(rows: DayRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += DAY_CHUNK) {
      await insertKept(this.db, 'stat_days', rows.slice(i, i + DAY_CHUNK), (chunk) =>
        this.db
          .insertInto('stat_days')
          .values(chunk)
          .onConflict((oc) => oc.columns(['category_id', 'walk_id', 'place_id', 'day']).doUpdateSet(addedCounters('stat_days'))),
      )
    }
  }

  /** Adds the same counts to the month rows (one per category and 'YYYY-MM'), in the caller's transaction. */
  async addToMonths(days: DayRow[]): Promise<void> {
    const months = new Map<string, MonthRow>()
    for (const day of days) {
      const month = day.day.slice(0, 7)
      const key = `${day.category_id}|${month}`
      let row = months.get(key)
      if (!row) {
        row = { category_id: day.category_id, month, views: 0, total_time: 0, sessions: 0, likes: 0, contributions: 0, place_visits: 0, plaque_views: 0, audio_plays: 0 }
        months.set(key, row)
      }
      for (const counter of counters) row[counter] += day[counter]
    }
    // Sorted like the days: concurrent batches lock rows in one order.
    const rows = [...months.keys()].sort().map((key) => months.get(key)!)
    for (let i = 0; i < rows.length; i += DAY_CHUNK) {
      await insertKept(this.db, 'stat_months', rows.slice(i, i + DAY_CHUNK), (chunk) =>
        this.db
          .insertInto('stat_months')
          .values(chunk)
          .onConflict((oc) => oc.columns(['category_id', 'month']).doUpdateSet(addedCounters('stat_months'))),
      )
    }
  }

  /** A category's sums per calendar month ('01'..'12') over the range, or over all years: from the month roll-ups. */
  async monthly(categoryId: number, range: DayRange | null): Promise<Array<Counts & { month: string }>> {
    const monthOf = sql<string>`substr(stat_months.month, 6, 2)`
    const sum = (column: Counter) => sql<number | string>`coalesce(sum(${sql.ref(`stat_months.${column}`)}), 0)`
    const rows = await this.db
      .selectFrom('stat_months')
      .select([monthOf.as('month'), ...counters.map((c) => sum(c).as(c))])
      .where('stat_months.category_id', '=', categoryId)
      .$if(range !== null, (q) => q.where('stat_months.month', '>=', range!.from.slice(0, 7)).where('stat_months.month', '<=', range!.to.slice(0, 7)))
      .groupBy(monthOf)
      .execute()
    return rows.map((row) => ({ month: row.month, ...toCounts(row as Record<Counter, number | string>) }))
  }

  /** The years with data, newest first. */
  async years(categoryId: number): Promise<number[]> {
    const yearOf = sql<string>`substr(stat_months.month, 1, 4)`
    const rows = await this.db
      .selectFrom('stat_months')
      .select(yearOf.as('year'))
      .where('stat_months.category_id', '=', categoryId)
      .groupBy(yearOf)
      .orderBy(yearOf, 'desc')
      .execute()
    return rows.map((row) => Number(row.year))
  }

  /** A category's views per day ('YYYY-MM-DD') of the range, days without a view left out. */
  async dailyViews(categoryId: number, range: DayRange): Promise<Array<{ day: string; views: number }>> {
    const rows = await this.db
      .selectFrom('stat_days')
      .select(['stat_days.day', sql<number | string>`coalesce(sum(stat_days.views), 0)`.as('views')])
      .where('stat_days.category_id', '=', categoryId)
      .where('stat_days.day', '>=', range.from)
      .where('stat_days.day', '<=', range.to)
      .groupBy('stat_days.day')
      .orderBy('stat_days.day')
      .execute()
    return rows.map((row) => ({ day: row.day, views: Number(row.views) }))
  }

  /** Sums per route, with its uuid and slug (its name is resolved by the caller, in the reader's language). */
  async perWalk(categoryId: number, range: DayRange | null) {
    const rows = await this.db
      .selectFrom('stat_days')
      .leftJoin('walks', (join) => join.onRef('walks.id', '=', 'stat_days.walk_id').onRef('walks.category_id', '=', 'stat_days.category_id'))
      .select(['stat_days.walk_id', 'walks.uuid', 'walks.slug', ...sums()])
      .where('stat_days.category_id', '=', categoryId)
      .where('stat_days.walk_id', '<>', 0)
      .$if(range !== null, (q) => q.where('stat_days.day', '>=', range!.from).where('stat_days.day', '<=', range!.to))
      .groupBy(['stat_days.walk_id', 'walks.uuid', 'walks.slug'])
      .execute()
    return rows.map((row) => ({ walk_id: row.walk_id, uuid: row.uuid, slug: row.slug, ...toCounts(row) }))
  }

  /** The translated names of some routes of a category, and the category's fallback language. */
  async walkNames(categoryId: number, walkIds: number[]) {
    const category = await this.db.selectFrom('place_categories').select('fallback_locale').where('id', '=', categoryId).executeTakeFirst()
    const rows =
      walkIds.length === 0
        ? []
        : await this.db
            .selectFrom('walk_translations')
            .innerJoin('walks', 'walks.id', 'walk_translations.walk_id')
            .selectAll('walk_translations')
            .where('walks.category_id', '=', categoryId)
            .where('walk_translations.walk_id', 'in', walkIds)
            .execute()
    return { fallbackLocale: category?.fallback_locale ?? 'fr', rows }
  }

  /** Sums per place, with its name. */
  async perPlace(categoryId: number, range: DayRange | null) {
    const rows = await this.db
      .selectFrom('stat_days')
      .leftJoin('places', (join) => join.onRef('places.id', '=', 'stat_days.place_id').onRef('places.category_id', '=', 'stat_days.category_id'))
      .select(['stat_days.place_id', 'places.name', ...sums()])
      .where('stat_days.category_id', '=', categoryId)
      .where('stat_days.place_id', '<>', 0)
      .$if(range !== null, (q) => q.where('stat_days.day', '>=', range!.from).where('stat_days.day', '<=', range!.to))
      .groupBy(['stat_days.place_id', 'places.name'])
      .execute()
    return rows.map((row) => ({ place_id: row.place_id, name: row.name, ...toCounts(row) }))
  }

  /**
   * Recomputes the day rows of one category (or all) from the raw events, then the month rows from the days: delete, then
   * insert ... select ... group by. Run it inside a transaction.
   */
  async rebuildDays(categoryId?: number): Promise<{ events: number; rows: number }> {
    await this.db
      .deleteFrom('stat_days')
      .$if(categoryId !== undefined, (q) => q.where('category_id', '=', categoryId!))
      .execute()

    const walk = sql<number>`coalesce(walk_id, 0)`
    const place = sql<number>`coalesce(place_id, 0)`
    const day = sql<string>`substr(occurred_at, 1, 10)`
    const countOf = (type: string) => sql<number>`sum(case when type = ${type} then 1 else 0 end)`
    const select = this.db
      .selectFrom('events')
      .select([
        'category_id',
        walk.as('walk_id'),
        place.as('place_id'),
        day.as('day'),
        countOf('view').as('views'),
        sql<number>`sum(case when type = ${'time'} then value else 0 end)`.as('total_time'),
        countOf('time').as('sessions'),
        countOf('like').as('likes'),
        countOf('contribution').as('contributions'),
        countOf('place_visit').as('place_visits'),
        sql<number>`sum(case when type = ${'view'} and qr_code_id is not null then 1 else 0 end)`.as('plaque_views'),
        countOf('audio_play').as('audio_plays'),
      ])
      .$if(categoryId !== undefined, (q) => q.where('category_id', '=', categoryId!))
      .groupBy(['category_id', walk, place, day])
    const inserted = await this.db
      .insertInto('stat_days')
      .columns(['category_id', 'walk_id', 'place_id', 'day', ...counters])
      .expression(select)
      .executeTakeFirst()

    await this.db
      .deleteFrom('stat_months')
      .$if(categoryId !== undefined, (q) => q.where('category_id', '=', categoryId!))
      .execute()
    const month = sql<string>`substr(stat_days.day, 1, 7)`
    await this.db
      .insertInto('stat_months')
      .columns(['category_id', 'month', ...counters])
      .expression(
        this.db
          .selectFrom('stat_days')
          .select(['stat_days.category_id', month.as('month'), ...sums()])
          .$if(categoryId !== undefined, (q) => q.where('stat_days.category_id', '=', categoryId!))
          .groupBy(['stat_days.category_id', month]),
      )
      .execute()

    const counted = await this.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .$if(categoryId !== undefined, (q) => q.where('category_id', '=', categoryId!))
      .executeTakeFirstOrThrow()
    return { events: Number(counted.n), rows: Number(inserted.numInsertedOrUpdatedRows ?? 0) }
  }

  /** A route that visitors may see: published. */
  /** Every event of a route page asks this: the callers of one turn share the read on PostgreSQL (ADR 031). */
  findPublishedWalk(uuid: string) {
    return sharedRead(this.db, `published-walk:${uuid}`, () =>
      // In the trash (ADR 110): no more events, the counted ones stay.
      this.db.selectFrom('walks').select(['id', 'category_id']).where('uuid', '=', uuid).where('status', '=', 'published').where('deleted_at', 'is', null).executeTakeFirst(),
    )
  }

  findPlace(id: number) {
    return this.db.selectFrom('places').select(['id', 'category_id']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()
  }

  /** Whether the place is one of the route's stops. */
  async isStop(walkId: number, placeId: number): Promise<boolean> {
    const row = await this.db.selectFrom('walk_places').select('place_id').where('walk_id', '=', walkId).where('place_id', '=', placeId).executeTakeFirst()
    return row !== undefined
  }

  async findSalt(day: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('stat_salts').select('salt').where('day', '=', day).executeTakeFirst()
    return row?.salt
  }

  /** Stores the day's salt unless another process stored one first (then theirs wins). */
  async insertSaltIfAbsent(day: string, salt: string): Promise<void> {
    await this.db
      .insertInto('stat_salts')
      .values({ day, salt })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute()
  }

  async deleteSaltsBefore(day: string): Promise<void> {
    await this.db.deleteFrom('stat_salts').where('day', '<', day).execute()
  }
}
