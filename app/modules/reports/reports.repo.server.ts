import type { DB } from '#app/db/db.server.ts'
import type { Insertable } from 'kysely'
import type { VisitorReportsTable } from '#app/db/schema.ts'
import { normalizeQrCode } from '#app/modules/qr-codes/qr-codes.schema.ts'
import type { ReportKind, ReportStatus } from './reports.schema.ts'

export interface ReportRow {
  id: number
  category_id: number
  kind: ReportKind
  message: string
  status: ReportStatus
  locale: string
  created_at: string
  resolved_at: string | null
  photo_path: string | null
  place_id: number | null
  place_name: string | null
  qr_code: string | null
  qr_name: string | null
  walk_id: number | null
  walk_uuid: string | null
  walk_slug: string | null
}

/** The queries of visitor reports; built on a handle (a transaction or the database). */
export class ReportsRepo {
  constructor(private readonly db: DB) {}

  // What a visitor names must be live: in the trash (ADR 110) it is as unknown.
  findQr(code: string) {
    return this.db.selectFrom('qr_codes').select(['id', 'category_id', 'place_id']).where('code', '=', normalizeQrCode(code)).where('deleted_at', 'is', null).executeTakeFirst()
  }

  /** A route visitors can see (published): a draft is not known to them, even by its uuid. */
  findPublishedWalk(uuid: string) {
    return this.db.selectFrom('walks').select(['id', 'category_id']).where('uuid', '=', uuid).where('status', '=', 'published').where('deleted_at', 'is', null).executeTakeFirst()
  }

  /** Whether the place is one of the route's stops. */
  async isStop(walkId: number, placeId: number): Promise<boolean> {
    return (await this.db.selectFrom('walk_places').select('place_id').where('walk_id', '=', walkId).where('place_id', '=', placeId).executeTakeFirst()) !== undefined
  }

  findPlace(id: number) {
    return this.db.selectFrom('places').select(['id', 'category_id']).where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()
  }

  async insert(row: Insertable<VisitorReportsTable>): Promise<number> {
    const { id } = await this.db.insertInto('visitor_reports').values(row).returning('id').executeTakeFirstOrThrow()
    return Number(id)
  }

  private rows() {
    return this.db
      .selectFrom('visitor_reports as r')
      .leftJoin('places as p', 'p.id', 'r.place_id')
      .leftJoin('qr_codes as q', 'q.id', 'r.qr_code_id')
      .leftJoin('walks as w', 'w.id', 'r.walk_id')
      .select([
        'r.id',
        'r.category_id',
        'r.kind',
        'r.message',
        'r.status',
        'r.locale',
        'r.created_at',
        'r.resolved_at',
        'r.photo_path',
        'r.place_id',
        'p.name as place_name',
        'q.code as qr_code',
        'q.name as qr_name',
        'r.walk_id',
        'w.uuid as walk_uuid',
        'w.slug as walk_slug',
      ])
  }

  /** A page of the category's reports of one status, newest first. */
  page(categoryId: number, status: ReportStatus, limit: number, offset: number): Promise<ReportRow[]> {
    return this.rows()
      .where('r.category_id', '=', categoryId)
      .where('r.status', '=', status)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute() as Promise<ReportRow[]>
  }

  byIds(ids: number[]): Promise<ReportRow[]> {
    if (ids.length === 0) return Promise.resolve([])
    return this.rows().where('r.id', 'in', ids).orderBy('r.created_at').orderBy('r.id').execute() as Promise<ReportRow[]>
  }

  /** Reports of the category per status. */
  async countsOf(categoryId: number): Promise<Record<ReportStatus, number>> {
    const rows = await this.db
      .selectFrom('visitor_reports')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('category_id', '=', categoryId)
      .groupBy('status')
      .execute()
    const counts: Record<ReportStatus, number> = { open: 0, resolved: 0 }
    for (const row of rows) counts[row.status] = Number(row.n)
    return counts
  }

  /** Open reports per category of the user (one grouped query, whatever the number of categories). */
  async openCountsOf(userId: number): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('visitor_reports as r')
      .innerJoin('category_members as m', 'm.category_id', 'r.category_id')
      .select(['r.category_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('m.user_id', '=', userId)
      .where('r.status', '=', 'open')
      .groupBy('r.category_id')
      .execute()
    return new Map(rows.map((r) => [r.category_id, Number(r.n)]))
  }

  /** A report's status and kind (what the activity log says of it), read before a change. */
  statusOf(categoryId: number, id: number) {
    return this.db.selectFrom('visitor_reports').select(['status', 'kind']).where('id', '=', id).where('category_id', '=', categoryId).executeTakeFirst()
  }

  async setStatus(categoryId: number, id: number, status: ReportStatus, by: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('visitor_reports')
      .set(status === 'resolved' ? { status, resolved_at: now, resolved_by: by } : { status, resolved_at: null, resolved_by: null })
      .where('id', '=', id)
      .where('category_id', '=', categoryId)
      .executeTakeFirst()
    return Number(result.numUpdatedRows) > 0
  }

  /** Route names in every language, for the walks given. */
  async walkNames(walkIds: number[]): Promise<Map<number, Map<string, string>>> {
    const names = new Map<number, Map<string, string>>()
    if (walkIds.length === 0) return names
    const rows = await this.db.selectFrom('walk_translations').select(['walk_id', 'locale', 'name']).where('walk_id', 'in', walkIds).execute()
    for (const row of rows) {
      if (!row.name) continue
      if (!names.has(row.walk_id)) names.set(row.walk_id, new Map())
      names.get(row.walk_id)!.set(row.locale, row.name)
    }
    return names
  }

  /** The names of what a report names (the report page). */
  async subjectNames(target: { qrCodeId: number | null; placeId: number | null; walkId: number | null }) {
    const walk =
      target.walkId === null
        ? undefined
        : await this.db
            .selectFrom('walks as w')
            .innerJoin('place_categories as c', 'c.id', 'w.category_id')
            .select(['w.id', 'w.uuid', 'w.slug', 'c.slug as category_slug'])
            .where('w.id', '=', target.walkId)
            .where('w.deleted_at', 'is', null)
            .executeTakeFirst()
    const place = target.placeId === null ? undefined : await this.db.selectFrom('places').select(['id', 'name']).where('id', '=', target.placeId).where('deleted_at', 'is', null).executeTakeFirst()
    const qr = target.qrCodeId === null ? undefined : await this.db.selectFrom('qr_codes').select('code').where('id', '=', target.qrCodeId).where('deleted_at', 'is', null).executeTakeFirst()
    return { walk, place, qrCode: qr?.code }
  }

  // The owners' mail (batched): see ReportMail.

  /** Categories with a report no mail has listed yet, the oldest of them at or before `cutoff`. */
  async dueCategories(cutoff: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom('visitor_reports')
      .select('category_id')
      .where('notified_at', 'is', null)
      .groupBy('category_id')
      .having((eb) => eb.fn.min('created_at'), '<=', cutoff)
      .execute()
    return rows.map((r) => r.category_id)
  }

  /**
   * Marks the category's unlisted reports as listed and answers their ids: one UPDATE, so of two
   * processes claiming at once each row goes to one (PostgreSQL re-checks `notified_at is null`
   * after the other's commit; SQLite has one writer).
   */
  async claimPending(categoryId: number, now: string): Promise<number[]> {
    const rows = await this.db
      .updateTable('visitor_reports')
      .set({ notified_at: now })
      .where('category_id', '=', categoryId)
      .where('notified_at', 'is', null)
      .returning('id')
      .execute()
    return rows.map((r) => Number(r.id))
  }

  owners(categoryId: number) {
    return this.db
      .selectFrom('category_members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'u.email', 'u.locale'])
      .where('m.category_id', '=', categoryId)
      .where('m.role', '=', 'owner')
      .orderBy('u.id')
      .execute()
  }

  category(categoryId: number) {
    return this.db.selectFrom('place_categories').select(['id', 'name', 'fallback_locale']).where('id', '=', categoryId).executeTakeFirst()
  }
}
