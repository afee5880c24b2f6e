import type { Config } from '#app/config/config.server.ts'
import { nowIso, type DB } from '#app/db/db.server.ts'
import type { User } from '#app/db/schema.ts'
import type { Locale } from '#app/i18n/config.ts'
import type { CategoryAccess } from '#app/modules/categories/access.server.ts'
import type { RateLimiter } from '#app/platform/rate-limit/rate-limit.server.ts'
import { randomImageKey, type ImageProcessor } from '#app/platform/images/images.server.ts'
import type { Storage } from '#app/platform/storage/storage.server.ts'
import { AppError, invalidField, notFound } from '#app/utils/errors.ts'
import { parseOrThrow } from '#app/utils/validation.ts'
import { ReportsRepo, type ReportRow } from './reports.repo.server.ts'
import { REPORTS_PER_PAGE, submitReportSchema, type ReportStatus, type ReportSubject, type ReportView } from './reports.schema.ts'
import { recordActivity } from '#app/modules/activity/activity.service.server.ts'

/** What a visitor sent: the fields as parsed (JSON, or a form's text) and the photo's bytes. */
export interface ReportSubmission {
  fields: unknown
  photo: Buffer | null
}

export interface ReportServiceDeps {
  db: DB
  config: Pick<Config, 'RATE_LIMIT_REPORTS'>
  access: CategoryAccess
  rateLimiter: RateLimiter
  images: ImageProcessor
  storage: Storage
  now?: () => Date
}

/** A route's name in the language asked, else any it has, else its slug. */
export function walkName(names: Map<string, string> | undefined, locale: string, slug: string): string {
  return names?.get(locale) ?? names?.get('en') ?? names?.values().next().value ?? slug
}

/**
 * Visitor reports: a visitor's report of a problem on the trail, from /m or a /q page,
 * with no account and nothing personal stored (no address, user agent or visitor hash: the
 * client's address is used only as the rate limit's key, which the limiter keeps as an HMAC);
 * and the category members' list of them. The owners' mail: ReportMail.
 */
export class ReportService {
  constructor(private readonly deps: ReportServiceDeps) {}

  private now() {
    return this.deps.now?.() ?? new Date()
  }

  /**
   * Records a report. The limit (RATE_LIMIT_REPORTS per client network) is counted first, before
   * the body is read; then every field is checked, the photo decoded and re-encoded (the upload
   * checks), and only then is anything stored: a refused report leaves no row and no file.
   */
  async submit(client: string, locale: Locale, read: () => Promise<ReportSubmission>): Promise<{ id: number }> {
    await this.deps.rateLimiter.enforceClient('reports', client, this.deps.config.RATE_LIMIT_REPORTS)
    const { fields, photo } = await read()
    const input = parseOrThrow(submitReportSchema, fields)
    const message = (input.message ?? '').trim()
    if (input.kind === 'other' && message === '') throw invalidField('message', 'reports.errors.messageRequired')
    const repo = new ReportsRepo(this.deps.db)
    const target = await this.resolveTarget(repo, input)

    let photoKey: string | null = null
    if (photo) {
      const image = await this.deps.images.process(async () => photo, 'content_image').catch((error: unknown) => {
        // The upload checks name the field `file`; this form calls it `photo`.
        if (error instanceof AppError && error.fieldErrors?.file) throw new AppError(error.status, error.detail, { photo: error.fieldErrors.file })
        throw error
      })
      photoKey = randomImageKey(`reports/${target.categoryId}`, 'report')
      await this.deps.storage.put(photoKey, image.bytes, image.contentType)
    }
    try {
      const id = await repo.insert({
        category_id: target.categoryId,
        qr_code_id: target.qrCodeId,
        place_id: target.placeId,
        walk_id: target.walkId,
        kind: input.kind,
        message,
        photo_path: photoKey,
        locale,
        status: 'open',
        created_at: nowIso(this.now()),
      })
      return { id }
    } catch (error) {
      // No row, no file (the file was written first so that a row never names a missing one).
      if (photoKey) await this.deps.storage.delete(photoKey).catch(() => undefined)
      throw error
    }
  }

  /** Which category, plaque, place and route the report names; each disagreement on its field. */
  private async resolveTarget(repo: ReportsRepo, input: { qr_code?: string; place_id?: number; route?: string }) {
    if (input.qr_code !== undefined && input.place_id !== undefined) throw invalidField('place_id', 'reports.errors.plaqueOrPlace')
    let categoryId: number | null = null
    let qrCodeId: number | null = null
    let placeId: number | null = null
    let walkId: number | null = null
    if (input.qr_code !== undefined) {
      const qr = await repo.findQr(input.qr_code)
      if (!qr) throw invalidField('qr_code', 'reports.errors.unknownPlaque')
      ;[categoryId, qrCodeId, placeId] = [qr.category_id, qr.id, qr.place_id]
    }
    if (input.place_id !== undefined) {
      // A place id alone could name any tenant's place: its route says which trail it is on.
      if (input.route === undefined) throw invalidField('route', 'reports.errors.routeRequired')
      const place = await repo.findPlace(input.place_id)
      if (!place) throw invalidField('place_id', 'reports.errors.unknownPlace')
      ;[categoryId, placeId] = [place.category_id, place.id]
    }
    if (input.route !== undefined) {
      // Visitors report on what they can see: a published route, and only its own stops (a draft
      // or another stop of the category would be named back to whoever guessed its id).
      const walk = await repo.findPublishedWalk(input.route)
      if (!walk) throw invalidField('route', 'reports.errors.unknownRoute')
      const field = input.place_id !== undefined ? 'place_id' : 'route'
      if (categoryId !== null && walk.category_id !== categoryId) throw invalidField(field, 'reports.errors.notOnRoute')
      if (placeId !== null && !(await repo.isStop(walk.id, placeId))) throw invalidField(field, 'reports.errors.notOnRoute')
      ;[categoryId, walkId] = [walk.category_id, walk.id]
    }
    if (categoryId === null) throw invalidField('route', 'reports.errors.whereRequired')
    return { categoryId, qrCodeId, placeId, walkId }
  }

  /**
   * What the report page (/report?route=&place=&qr=) is about, checked as a report would be; null
   * when the address names nothing valid (the page answers 404).
   */
  async describe(query: { route?: string; place?: string; qr?: string }, locale: string): Promise<ReportSubject | null> {
    const parsed = submitReportSchema.pick({ route: true, place_id: true, qr_code: true }).safeParse({ route: query.route, place_id: query.place, qr_code: query.qr })
    if (!parsed.success) return null
    const repo = new ReportsRepo(this.deps.db)
    const target = await this.resolveTarget(repo, parsed.data).catch((error: unknown) => {
      if (error instanceof AppError) return null
      throw error
    })
    if (!target) return null
    const names = await repo.subjectNames(target)
    const walk = names.walk && { uuid: names.walk.uuid, slug: names.walk.slug, categorySlug: names.walk.category_slug, name: walkName((await repo.walkNames([names.walk.id])).get(names.walk.id), locale, names.walk.slug) }
    return { route: walk ?? null, place: names.place ?? null, qrCode: names.qrCode ?? null }
  }

  /** A page of the category's reports of one status (members only; another tenant's: 404). */
  async list(user: User, categoryId: number, options: { status?: ReportStatus; page?: number; locale: string }) {
    await this.deps.access.require(user.id, categoryId)
    const status = options.status ?? 'open'
    const page = options.page ?? 1
    const repo = new ReportsRepo(this.deps.db)
    const [rows, counts] = await Promise.all([repo.page(categoryId, status, REPORTS_PER_PAGE, (page - 1) * REPORTS_PER_PAGE), repo.countsOf(categoryId)])
    return {
      data: await this.views(repo, rows, options.locale),
      meta: { page, per_page: REPORTS_PER_PAGE, total: counts[status], open: counts.open },
    }
  }

  /** Resolves or reopens a report of the category (members only; another tenant's: 404). */
  async setStatus(user: User, categoryId: number, reportId: number, status: ReportStatus, locale: string): Promise<ReportView> {
    await this.deps.access.require(user.id, categoryId)
    await this.deps.db.transaction().execute(async (trx) => {
      const reports = new ReportsRepo(trx)
      const before = await reports.statusOf(categoryId, reportId)
      if (!before || !(await reports.setStatus(categoryId, reportId, status, user.id, nowIso(this.now())))) throw notFound()
      // What the report was about and its number, never what the visitor wrote (ADR 115).
      const action = status === 'resolved' ? 'report.resolved' : 'report.reopened'
      if (before.status !== status) await recordActivity(trx, { categoryId, userId: user.id, action, itemId: reportId, label: String(reportId), details: { report_kind: before.kind } })
    })
    const repo = new ReportsRepo(this.deps.db)
    const [view] = await this.views(repo, await repo.byIds([reportId]), locale)
    return view
  }

  /** Open reports per category of the user: the navigation's and the dashboard's badge. */
  openCounts(userId: number): Promise<Map<number, number>> {
    return new ReportsRepo(this.deps.db).openCountsOf(userId)
  }

  async views(repo: ReportsRepo, rows: ReportRow[], locale: string): Promise<ReportView[]> {
    const names = await repo.walkNames([...new Set(rows.map((r) => r.walk_id).filter((id): id is number => id !== null))])
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      message: r.message,
      status: r.status,
      locale: r.locale,
      created_at: r.created_at,
      resolved_at: r.resolved_at,
      photo: r.photo_path ? this.deps.storage.url(r.photo_path) : null,
      place: r.place_id !== null && r.place_name !== null ? { id: r.place_id, name: r.place_name } : null,
      qr_code: r.qr_code !== null ? { code: r.qr_code, name: r.qr_name } : null,
      route: r.walk_uuid !== null && r.walk_slug !== null && r.walk_id !== null ? { uuid: r.walk_uuid, slug: r.walk_slug, name: walkName(names.get(r.walk_id), locale, r.walk_slug) } : null,
    }))
  }
}
