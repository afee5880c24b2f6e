import { sql } from 'kysely'
import type { DB } from '#app/db/db.server.ts'
import type { QrScanTotalsTable, StatQrDaysTable } from '#app/db/schema.ts'
import type { DayRange } from './stats.repo.server.ts'

// The plaque roll-ups of issue 15 (migration 2026-11-25T0900-scans-and-reports, ADR 025):
// qr_scan_totals (all-time counted scans and the last one) and stat_qr_days (counted scans of
// a day). A scan is a `place_visit` event carrying its plaque's qr_code_id; the roll-ups are
// written in the events' transaction and can be rebuilt from them. The monthly report reads
// these tables too: their meaning is the migration's, do not change it here.

export type QrDayRow = Omit<StatQrDaysTable, 'scans'> & { scans: number }
export type QrTotalRow = Omit<QrScanTotalsTable, 'scans'> & { scans: number }

// Rows per statement, well under both dialects' bound parameter limits.
const CHUNK = 500

const monthOfDay = sql<string>`substr(stat_qr_days.day, 6, 2)`

export class ScansRepo {
  constructor(private readonly db: DB) {}

  /** Adds to the day rows (each key once per call, sorted by the caller). */
  async addToDays(rows: QrDayRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await this.db
        .insertInto('stat_qr_days')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) => oc.columns(['qr_code_id', 'day']).doUpdateSet((eb) => ({ scans: eb('stat_qr_days.scans', '+', eb.ref('excluded.scans')) })))
        .execute()
    }
  }

  /** Adds to the all-time rows; the last scan only moves forward (a late batch cannot move it back). */
  async addToTotals(rows: QrTotalRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await this.db
        .insertInto('qr_scan_totals')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.column('qr_code_id').doUpdateSet((eb) => ({
            scans: eb('qr_scan_totals.scans', '+', eb.ref('excluded.scans')),
            last_scanned_at: sql<string | null>`case when qr_scan_totals.last_scanned_at is null or excluded.last_scanned_at > qr_scan_totals.last_scanned_at then excluded.last_scanned_at else qr_scan_totals.last_scanned_at end`,
          })),
        )
        .execute()
    }
  }

  /**
   * After scans were taken back: rows left at 0 go (a rebuild would not write them), and each
   * plaque's last scan is its latest remaining scan event.
   */
  async afterRetract(qrCodeIds: number[]): Promise<void> {
    await this.db.deleteFrom('stat_qr_days').where('qr_code_id', 'in', qrCodeIds).where('scans', '<=', 0).execute()
    await this.db.deleteFrom('qr_scan_totals').where('qr_code_id', 'in', qrCodeIds).where('scans', '<=', 0).execute()
    for (const id of qrCodeIds) {
      const latest = await this.db
        .selectFrom('events')
        .select((eb) => eb.fn.max('occurred_at').as('at'))
        .where('qr_code_id', '=', id)
        .where('type', '=', 'place_visit')
        .executeTakeFirst()
      await this.db
        .updateTable('qr_scan_totals')
        .set({ last_scanned_at: latest?.at ?? null })
        .where('qr_code_id', '=', id)
        .execute()
    }
  }

  /** A category's scans per calendar month ('01'..'12') and plaque, over the range or all years. */
  async monthly(categoryId: number, range: DayRange | null): Promise<Array<{ qr_code_id: number; month: number; scans: number }>> {
    const rows = await this.db
      .selectFrom('stat_qr_days')
      .select(['stat_qr_days.qr_code_id', monthOfDay.as('month'), sql<number | string>`sum(stat_qr_days.scans)`.as('scans')])
      .where('stat_qr_days.category_id', '=', categoryId)
      .$if(range !== null, (q) => q.where('stat_qr_days.day', '>=', range!.from).where('stat_qr_days.day', '<=', range!.to))
      .groupBy(['stat_qr_days.qr_code_id', monthOfDay])
      .execute()
    return rows.map((row) => ({ qr_code_id: row.qr_code_id, month: Number(row.month), scans: Number(row.scans) }))
  }

  /** A category's plaques with their place's name and all-time totals (one query, no N+1). */
  plaques(categoryId: number) {
    return this.db
      .selectFrom('qr_codes')
      .leftJoin('places', 'places.id', 'qr_codes.place_id')
      .leftJoin('qr_scan_totals', 'qr_scan_totals.qr_code_id', 'qr_codes.id')
      .select([
        'qr_codes.id',
        'qr_codes.code',
        'qr_codes.name',
        'qr_codes.place_id',
        'places.name as place_name',
        'qr_scan_totals.scans as total_scans',
        'qr_scan_totals.last_scanned_at',
      ])
      .where('qr_codes.category_id', '=', categoryId)
      .where('qr_codes.deleted_at', 'is', null)
      .orderBy('qr_codes.id')
      .execute()
  }

  /**
   * Recomputes the plaque roll-ups of one category (or all) from the scan events. A plaque is
   * counted in its own category; events of plaques deleted since are skipped (their roll-ups
   * went with them). Run it inside a transaction.
   */
  async rebuild(categoryId?: number): Promise<{ rows: number }> {
    for (const table of ['stat_qr_days', 'qr_scan_totals'] as const) {
      await this.db
        .deleteFrom(table)
        .$if(categoryId !== undefined, (q) => q.where('category_id', '=', categoryId!))
        .execute()
    }
    const day = sql<string>`substr(events.occurred_at, 1, 10)`
    const scans = () =>
      this.db
        .selectFrom('events')
        .innerJoin('qr_codes', 'qr_codes.id', 'events.qr_code_id')
        .where('events.type', '=', 'place_visit')
        .$if(categoryId !== undefined, (q) => q.where('qr_codes.category_id', '=', categoryId!))
    const inserted = await this.db
      .insertInto('stat_qr_days')
      .columns(['qr_code_id', 'category_id', 'day', 'scans'])
      .expression(
        scans()
          .select(['events.qr_code_id', 'qr_codes.category_id', day.as('day'), sql<number>`count(*)`.as('scans')])
          .groupBy(['events.qr_code_id', 'qr_codes.category_id', day]),
      )
      .executeTakeFirst()
    await this.db
      .insertInto('qr_scan_totals')
      .columns(['qr_code_id', 'category_id', 'scans', 'last_scanned_at'])
      .expression(
        scans()
          .select(['events.qr_code_id', 'qr_codes.category_id', sql<number>`count(*)`.as('scans'), sql<string>`max(events.occurred_at)`.as('last_scanned_at')])
          .groupBy(['events.qr_code_id', 'qr_codes.category_id']),
      )
      .execute()
    return { rows: Number(inserted.numInsertedOrUpdatedRows ?? 0) }
  }
}
