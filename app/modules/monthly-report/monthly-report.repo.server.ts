import { sql } from 'kysely'
import type { DB } from '#app/db/db.server.ts'

/** Failed sends of one report tried again by later runs, at most this many times in all. */
export const MAX_ATTEMPTS = 3

export interface Recipient {
  userId: number
  email: string
  name: string
  locale: string
  categoryId: number
  categoryName: string
}

export interface PlaqueScans {
  qrCodeId: number
  code: string
  name: string | null
  scans: number
}

export interface SilentPlaque {
  qrCodeId: number
  code: string
  name: string | null
  lastScannedAt: string | null
}

const n = (value: number | string | bigint | null | undefined) => Number(value ?? 0)

export class MonthlyReportRepo {
  constructor(private readonly db: DB) {}

  /**
   * Every (member, category) that should get the month's report and has not got it: members of
   * any role who have not opted out, categories that existed before the month ended, no record
   * yet or a failed one still to retry. Claiming (below) is what decides; this only narrows.
   */
  async pending(month: string, monthEnd: string): Promise<Recipient[]> {
    const rows = await this.db
      .selectFrom('category_members')
      .innerJoin('users', 'users.id', 'category_members.user_id')
      .innerJoin('place_categories', 'place_categories.id', 'category_members.category_id')
      .leftJoin('monthly_report_sends as s', (join) =>
        join.onRef('s.user_id', '=', 'category_members.user_id').onRef('s.category_id', '=', 'category_members.category_id').on('s.month', '=', month),
      )
      .select(['users.id as userId', 'users.email', 'users.name', 'users.locale', 'place_categories.id as categoryId', 'place_categories.name as categoryName'])
      .where('users.monthly_report_opt_out', '=', 0)
      .where('place_categories.created_at', '<', monthEnd)
      .where('place_categories.deleted_at', 'is', null)
      .where((eb) => eb.or([eb('s.user_id', 'is', null), eb.and([eb('s.status', '=', 'failed'), eb('s.attempts', '<', MAX_ATTEMPTS)])]))
      .orderBy('users.id')
      .orderBy('place_categories.id')
      .execute()
    return rows
  }

  /**
   * Why a month's reports are not (or no longer) due, member by member: every (member, category)
   * with the category's creation, the member's choice and the month's record, if any.
   */
  async audience(month: string): Promise<Array<{ categoryName: string; categoryCreatedAt: string; optedOut: boolean; status: string | null; attempts: number }>> {
    const rows = await this.db
      .selectFrom('category_members')
      .innerJoin('users', 'users.id', 'category_members.user_id')
      .innerJoin('place_categories', 'place_categories.id', 'category_members.category_id')
      .leftJoin('monthly_report_sends as s', (join) =>
        join.onRef('s.user_id', '=', 'category_members.user_id').onRef('s.category_id', '=', 'category_members.category_id').on('s.month', '=', month),
      )
      .select(['place_categories.name as categoryName', 'place_categories.created_at as categoryCreatedAt', 'users.monthly_report_opt_out', 's.status', 's.attempts'])
      .orderBy('place_categories.id')
      .execute()
    return rows.map((r) => ({ categoryName: r.categoryName, categoryCreatedAt: r.categoryCreatedAt, optedOut: r.monthly_report_opt_out === 1, status: r.status ?? null, attempts: n(r.attempts) }))
  }

  /**
   * Takes the report of (user, category, month) for this process, in one transaction: a new
   * record, or a failed one with tries left. True when this caller won it; any other process
   * (or a second call) finds the record and leaves it. The primary key decides a race.
   */
  claim(userId: number, categoryId: number, month: string, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // Opted out meanwhile (the menu or the link): nothing to claim.
      const user = await trx.selectFrom('users').select('monthly_report_opt_out').where('id', '=', userId).executeTakeFirst()
      if (!user || user.monthly_report_opt_out === 1) return false
      const inserted = await trx
        .insertInto('monthly_report_sends')
        .values({ user_id: userId, category_id: categoryId, month, status: 'sending', claimed_at: now, sent_at: null })
        .onConflict((oc) => oc.columns(['user_id', 'category_id', 'month']).doNothing())
        .returning('user_id')
        .executeTakeFirst()
      if (inserted) return true
      const retried = await trx
        .updateTable('monthly_report_sends')
        .set({ status: 'sending', claimed_at: now })
        .where('user_id', '=', userId)
        .where('category_id', '=', categoryId)
        .where('month', '=', month)
        .where('status', '=', 'failed')
        .where('attempts', '<', MAX_ATTEMPTS)
        .returning('user_id')
        .executeTakeFirst()
      return retried !== undefined
    })
  }

  async markSent(userId: number, categoryId: number, month: string, now: string): Promise<void> {
    await this.db
      .updateTable('monthly_report_sends')
      .set((eb) => ({ status: 'sent', sent_at: now, attempts: eb('attempts', '+', 1) }))
      .where('user_id', '=', userId)
      .where('category_id', '=', categoryId)
      .where('month', '=', month)
      .execute()
  }

  /** The SMTP peer refused or could not be reached: another run may try again (MAX_ATTEMPTS in all). */
  async markFailed(userId: number, categoryId: number, month: string): Promise<void> {
    await this.db
      .updateTable('monthly_report_sends')
      .set((eb) => ({ status: 'failed', attempts: eb('attempts', '+', 1) }))
      .where('user_id', '=', userId)
      .where('category_id', '=', categoryId)
      .where('month', '=', month)
      .execute()
  }

  /** Counted scans of the category's plaques over the days (the stat_qr_days roll-up). */
  async scans(categoryId: number, from: string, to: string): Promise<number> {
    const row = await this.db
      .selectFrom('stat_qr_days')
      .select(sql<number | string>`coalesce(sum(stat_qr_days.scans), 0)`.as('scans'))
      .where('category_id', '=', categoryId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .executeTakeFirstOrThrow()
    return n(row.scans)
  }

  /** How many different plaques were scanned over the days. */
  async plaquesScanned(categoryId: number, from: string, to: string): Promise<number> {
    const row = await this.db
      .selectFrom('stat_qr_days')
      .select(sql<number | string>`count(distinct stat_qr_days.qr_code_id)`.as('plaques'))
      .where('category_id', '=', categoryId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .where('scans', '>', 0)
      .executeTakeFirstOrThrow()
    return n(row.plaques)
  }

  /** Plaques activated before `before` (the end of the report's month). */
  async activatedPlaques(categoryId: number, before: string): Promise<number> {
    const row = await this.db
      .selectFrom('qr_codes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('category_id', '=', categoryId)
      .where('activated_at', 'is not', null)
      .where('activated_at', '<', before)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow()
    return n(row.n as number | string)
  }

  /** The most scanned plaques over the days, most first (ties by id). */
  async topPlaques(categoryId: number, from: string, to: string, limit: number): Promise<PlaqueScans[]> {
    const rows = await this.db
      .selectFrom('stat_qr_days')
      .innerJoin('qr_codes', 'qr_codes.id', 'stat_qr_days.qr_code_id')
      .leftJoin('places', 'places.id', 'qr_codes.place_id')
      .select(['qr_codes.id', 'qr_codes.code', 'qr_codes.name', 'places.name as placeName', sql<number | string>`sum(stat_qr_days.scans)`.as('scans')])
      .where('stat_qr_days.category_id', '=', categoryId)
      .where('stat_qr_days.day', '>=', from)
      .where('stat_qr_days.day', '<=', to)
      .groupBy(['qr_codes.id', 'qr_codes.code', 'qr_codes.name', 'places.name'])
      .having(sql`sum(stat_qr_days.scans)`, '>', 0)
      .orderBy(sql`sum(stat_qr_days.scans)`, 'desc')
      .orderBy('qr_codes.id')
      .limit(limit)
      .execute()
    return rows.map((r) => ({ qrCodeId: r.id, code: r.code, name: r.name ?? r.placeName, scans: n(r.scans) }))
  }

  /**
   * Activated plaques with no counted scan over the days `from`..`to` (the 30 days before the
   * report's end), activated before `from`: a plaque put up last week is not yet silent.
   */
  async silentPlaques(categoryId: number, from: string, to: string): Promise<SilentPlaque[]> {
    const rows = await this.db
      .selectFrom('qr_codes')
      .leftJoin('places', 'places.id', 'qr_codes.place_id')
      .leftJoin('qr_scan_totals', 'qr_scan_totals.qr_code_id', 'qr_codes.id')
      .select(['qr_codes.id', 'qr_codes.code', 'qr_codes.name', 'places.name as placeName', 'qr_scan_totals.last_scanned_at'])
      .where('qr_codes.category_id', '=', categoryId)
      .where('qr_codes.deleted_at', 'is', null)
      .where('qr_codes.activated_at', 'is not', null)
      .where('qr_codes.activated_at', '<', from)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('stat_qr_days')
              .select('stat_qr_days.qr_code_id')
              .whereRef('stat_qr_days.qr_code_id', '=', 'qr_codes.id')
              .where('stat_qr_days.day', '>=', from.slice(0, 10))
              .where('stat_qr_days.day', '<=', to)
              .where('stat_qr_days.scans', '>', 0),
          ),
        ),
      )
      .orderBy('qr_codes.id')
      .execute()
    return rows.map((r) => ({ qrCodeId: r.id, code: r.code, name: r.name ?? r.placeName, lastScannedAt: r.last_scanned_at }))
  }

  /** Visitor reports still open, now. */
  async openReports(categoryId: number): Promise<number> {
    const row = await this.db
      .selectFrom('visitor_reports')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('category_id', '=', categoryId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow()
    return n(row.n as number | string)
  }

  async optOut(userId: number): Promise<number | undefined> {
    const row = await this.db.selectFrom('users').select('monthly_report_opt_out').where('id', '=', userId).executeTakeFirst()
    return row?.monthly_report_opt_out
  }

  async setOptOut(userId: number, optOut: boolean, now: string): Promise<{ locale: string } | undefined> {
    return this.db
      .updateTable('users')
      .set({ monthly_report_opt_out: optOut ? 1 : 0, updated_at: now })
      .where('id', '=', userId)
      .returning('locale')
      .executeTakeFirst()
  }
}
