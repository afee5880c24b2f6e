import type { DB } from '#app/db/db.server.ts'
import { isNoticeActive, noticeText, type NoticeInput, type NoticeLevel } from './walk-notice.ts'
import type { RouteNotice } from './walk-responses.schema.ts'

// The SQL of route notices and their shaping into the API's `notice`.

export interface NoticeRow {
  walk_id: number
  level: NoticeLevel
  starts_on: string | null
  ends_on: string | null
  texts: Record<string, string>
}

export class WalkNoticesRepo {
  constructor(private readonly db: DB) {}

  /** The notices of these routes with their texts, in two queries for any number of routes. */
  async of(walkIds: number[]): Promise<Map<number, NoticeRow>> {
    if (walkIds.length === 0) return new Map()
    const [notices, texts] = await Promise.all([
      this.db.selectFrom('walk_notices').select(['walk_id', 'level', 'starts_on', 'ends_on']).where('walk_id', 'in', walkIds).execute(),
      this.db.selectFrom('walk_notice_texts').select(['walk_id', 'locale', 'text']).where('walk_id', 'in', walkIds).execute(),
    ])
    const rows = new Map<number, NoticeRow>(notices.map((n) => [n.walk_id, { ...n, texts: {} }]))
    for (const t of texts) rows.get(t.walk_id)!.texts[t.locale] = t.text
    return rows
  }

  /** Sets the route's notice (all of it), or removes it with null. Run it in the update's transaction. */
  async replace(walkId: number, notice: NoticeInput | null, now: string) {
    await this.db.deleteFrom('walk_notice_texts').where('walk_id', '=', walkId).execute()
    if (!notice) {
      await this.db.deleteFrom('walk_notices').where('walk_id', '=', walkId).execute()
      return
    }
    const values = { level: notice.level, starts_on: notice.starts_on ?? null, ends_on: notice.ends_on ?? null, updated_at: now }
    await this.db
      .insertInto('walk_notices')
      .values({ walk_id: walkId, ...values })
      .onConflict((oc) => oc.column('walk_id').doUpdateSet(values))
      .execute()
    const texts = Object.entries(notice.texts ?? {}).filter((e): e is [string, string] => Boolean(e[1]))
    if (texts.length > 0) {
      await this.db
        .insertInto('walk_notice_texts')
        .values(texts.map(([locale, text]) => ({ walk_id: walkId, locale, text })))
        .execute()
    }
  }
}

/** The API's `notice` of a loaded row: its text in the wanted language (route texts' fallback rules), active today or not. */
export function toNoticeView(row: NoticeRow | undefined, wanted: string | null, fallback: string, today: string): RouteNotice | null {
  if (!row) return null
  return {
    level: row.level,
    text: noticeText(row.texts, wanted, fallback),
    texts: row.texts,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    active: isNoticeActive(row, today),
  }
}
