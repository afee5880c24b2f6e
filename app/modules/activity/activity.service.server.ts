import type { Config } from '#app/config/config.server.ts'
import type { DB } from '#app/db/db.server.ts'
import type { User } from '#app/db/schema.ts'
import type { Locale } from '#app/i18n/config.ts'
import { getFixedT } from '#app/i18n/i18n.server.ts'
import type { Translate } from '#app/i18n/keys.ts'
import type { CategoryAccess } from '#app/modules/categories/access.server.ts'
import { writeCsv } from '#app/modules/transfer/formats/csv.ts'
import { dateFormat } from '#app/utils/dates.ts'
import { ActivityRepo, type ActivityRecord, type ActivityRow } from './activity.repo.server.ts'
import { periodBounds } from './activity-period.ts'
import { activitySentence } from './activity-text.ts'
import { ACTIVITY_PER_PAGE, activityDetailsSchema, type ActivityAction, type ActivityEntryView, type ActivityFilters, type ActivityKind, type ActivityListView } from './activity.schema.ts'

const DAY_MS = 86_400_000

/**
 * Records an action in its category's activity log (ADR 115). Called by the services with the
 * handle of the action's own transaction: an action that rolls back leaves no entry.
 */
export function recordActivity(db: DB, entry: ActivityRecord): Promise<void> {
  return new ActivityRepo(db).record(entry)
}

/**
 * The activity log of a category (ADR 115): who did what and when. Owners and editors of the
 * category read it (their shared work); anyone else gets 404. Entries older than ACTIVITY_DAYS
 * are deleted by the housekeeping purge.
 */
export class ActivityService {
  constructor(private readonly deps: { db: DB; config: Pick<Config, 'ACTIVITY_DAYS' | 'TIME_ZONE'>; access: CategoryAccess }) {}

  /** A page of entries, newest first, with the sentences in `locale`. */
  async list(user: User, categoryId: number, filters: ActivityFilters, locale: Locale): Promise<ActivityListView> {
    await this.deps.access.require(user.id, categoryId, 'editor')
    const repo = new ActivityRepo(this.deps.db)
    const range = this.range(filters)
    const page = filters.page ?? 1
    const [rows, total, members] = await Promise.all([
      repo.list(categoryId, range, { limit: ACTIVITY_PER_PAGE, offset: (page - 1) * ACTIVITY_PER_PAGE }),
      repo.count(categoryId, range),
      repo.members(categoryId),
    ])
    const t = getFixedT(locale) as unknown as Translate
    return {
      data: rows.map((row) => view(row, t)),
      meta: { page, per_page: ACTIVITY_PER_PAGE, total, activity_days: this.deps.config.ACTIVITY_DAYS, members },
    }
  }

  /** Every entry the filters match as CSV: the day and time in the trails' time zone, the sentence in `locale`. */
  async csv(user: User, categoryId: number, filters: Omit<ActivityFilters, 'page'>, locale: Locale): Promise<{ filename: string; body: string }> {
    await this.deps.access.require(user.id, categoryId, 'editor')
    const rows = await new ActivityRepo(this.deps.db).list(categoryId, this.range(filters), null)
    const t = getFixedT(locale) as unknown as Translate
    const dates = dateFormat(locale, this.deps.config.TIME_ZONE)
    const headings = [t('activity.csv.time'), t('activity.csv.localTime'), t('activity.csv.member'), t('activity.csv.kind'), t('activity.csv.action'), t('activity.csv.item'), t('activity.csv.summary')]
    const body = writeCsv(
      headings,
      rows.map((row) => {
        const entry = view(row, t)
        return [entry.created_at, dates.dateTime(entry.created_at), entry.member?.name ?? t('activity.formerMember'), entry.kind, entry.action, entry.label, entry.summary]
      }),
    )
    return { filename: `activity-${categoryId}.csv`, body }
  }

  private range(filters: Omit<ActivityFilters, 'page'>) {
    return { userId: filters.member, kind: filters.kind as ActivityKind | undefined, ...periodBounds(filters, this.deps.config.TIME_ZONE) }
  }

  /** Deletes the entries older than ACTIVITY_DAYS (the housekeeping purge). */
  purgeExpired(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.deps.config.ACTIVITY_DAYS * DAY_MS).toISOString()
    return new ActivityRepo(this.deps.db).deleteBefore(before)
  }
}

function view(row: ActivityRow, t: Translate): ActivityEntryView {
  const parsed = activityDetailsSchema.safeParse(safeJson(row.details))
  const details = parsed.success ? parsed.data : {}
  const action = row.action as ActivityAction
  return {
    id: row.id,
    created_at: row.created_at,
    kind: row.kind as ActivityKind,
    action,
    member: row.user_id !== null && row.user_name !== null ? { id: row.user_id, name: row.user_name } : null,
    item_id: row.item_id,
    label: row.label,
    details,
    summary: activitySentence(t, { action, label: row.label, details }),
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return {}
  }
}
