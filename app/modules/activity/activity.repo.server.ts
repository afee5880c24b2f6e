import { nowIso, type DB } from '#app/db/db.server.ts'
import { kindOfAction, type ActivityAction, type ActivityDetails, type ActivityKind } from './activity.schema.ts'

/** One action to record; `label` is looked up from the item when left out (a route's or place's name, a plaque's code, a member's name). */
export interface ActivityRecord {
  categoryId: number
  /** The member who did it. */
  userId: number
  action: ActivityAction
  itemId?: number | null
  label?: string
  details?: ActivityDetails
}

export interface ActivityRow {
  id: number
  category_id: number
  user_id: number | null
  user_name: string | null
  kind: string
  action: string
  item_id: number | null
  label: string
  details: string
  created_at: string
}

/** What the list reads: instants in UTC, bounds included from, excluded to. */
export interface ActivityRange {
  userId?: number
  kind?: ActivityKind
  since?: string
  before?: string
}

/** The SQL of the activity log (ADR 115). Built on a db handle or the action's transaction. */
export class ActivityRepo {
  constructor(private readonly db: DB) {}

  async record(entry: ActivityRecord): Promise<void> {
    const label = entry.label ?? (await this.labelOf(entry.action, entry.itemId ?? null))
    await this.db
      .insertInto('activity_log')
      .values({
        category_id: entry.categoryId,
        user_id: entry.userId,
        kind: kindOfAction(entry.action),
        action: entry.action,
        item_id: entry.itemId ?? null,
        label,
        details: JSON.stringify(entry.details ?? {}),
        created_at: nowIso(),
      })
      .execute()
  }

  /** The item's name now (in the transaction: as the action left it): a route's in the category's language first, a member's name. */
  private async labelOf(action: ActivityAction, itemId: number | null): Promise<string> {
    if (itemId === null) return ''
    const kind = kindOfAction(action)
    // Branding and landing pages are a route's.
    if (kind === 'route' || kind === 'branding' || kind === 'landing') {
      const rows = await this.db
        .selectFrom('walks')
        .innerJoin('place_categories', 'place_categories.id', 'walks.category_id')
        .innerJoin('walk_translations', 'walk_translations.walk_id', 'walks.id')
        .select(['walk_translations.locale', 'walk_translations.name', 'place_categories.fallback_locale', 'walks.slug'])
        .where('walks.id', '=', itemId)
        .execute()
      const named = rows.filter((r) => r.name)
      return (named.find((r) => r.locale === r.fallback_locale) ?? named[0])?.name ?? rows[0]?.slug ?? ''
    }
    if (kind === 'place') {
      const place = await this.db.selectFrom('places').select('name').where('id', '=', itemId).executeTakeFirst()
      return place?.name ?? ''
    }
    if (kind === 'member') {
      const member = await this.db.selectFrom('users').select('name').where('id', '=', itemId).executeTakeFirst()
      return member?.name ?? ''
    }
    if (kind === 'qr_code') {
      const qr = await this.db.selectFrom('qr_codes').select(['code', 'name']).where('id', '=', itemId).executeTakeFirst()
      return qr ? (qr.name ? `${qr.name} (${qr.code})` : qr.code) : ''
    }
    return ''
  }

  private filtered(categoryId: number, range: ActivityRange) {
    return this.db
      .selectFrom('activity_log')
      .where('activity_log.category_id', '=', categoryId)
      .$if(range.userId !== undefined, (q) => q.where('activity_log.user_id', '=', range.userId!))
      .$if(range.kind !== undefined, (q) => q.where('activity_log.kind', '=', range.kind!))
      .$if(range.since !== undefined, (q) => q.where('activity_log.created_at', '>=', range.since!))
      .$if(range.before !== undefined, (q) => q.where('activity_log.created_at', '<', range.before!))
  }

  /** Newest first; `limit` null reads every entry (the CSV). */
  list(categoryId: number, range: ActivityRange, page: { limit: number; offset: number } | null): Promise<ActivityRow[]> {
    return this.filtered(categoryId, range)
      .leftJoin('users', 'users.id', 'activity_log.user_id')
      .select([
        'activity_log.id',
        'activity_log.category_id',
        'activity_log.user_id',
        'users.name as user_name',
        'activity_log.kind',
        'activity_log.action',
        'activity_log.item_id',
        'activity_log.label',
        'activity_log.details',
        'activity_log.created_at',
      ])
      .orderBy('activity_log.created_at', 'desc')
      .orderBy('activity_log.id', 'desc')
      .$if(page !== null, (q) => q.limit(page!.limit).offset(page!.offset))
      .execute()
  }

  async count(categoryId: number, range: ActivityRange): Promise<number> {
    const row = await this.filtered(categoryId, range)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  }

  /** The members who appear in the category's log, by name (former members too, while their account exists). */
  members(categoryId: number): Promise<{ id: number; name: string }[]> {
    return this.db
      .selectFrom('users')
      .select(['users.id', 'users.name'])
      .where('users.id', 'in', (eb) => eb.selectFrom('activity_log').select('activity_log.user_id').where('activity_log.category_id', '=', categoryId).where('activity_log.user_id', 'is not', null))
      .orderBy('users.name')
      .orderBy('users.id')
      .execute() as Promise<{ id: number; name: string }[]>
  }

  async deleteBefore(before: string): Promise<number> {
    const result = await this.db.deleteFrom('activity_log').where('created_at', '<', before).executeTakeFirst()
    return Number(result.numDeletedRows)
  }
}
