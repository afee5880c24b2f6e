import type { DB } from '#app/db/db.server.ts'
import type { PlaceAccessibilityTable, WalkAccessibilityTable } from '#app/db/schema.ts'
import type { Selectable } from 'kysely'

export type FactsRow = Selectable<WalkAccessibilityTable>
export type EntranceRow = Selectable<PlaceAccessibilityTable>

/** Rows of the accessibility tables; built on a transaction when a write is part of one. */
export class AccessibilityRepo {
  constructor(private readonly db: DB) {}

  async factsOf(walkIds: number[]): Promise<Map<number, FactsRow>> {
    if (walkIds.length === 0) return new Map()
    const rows = await this.db.selectFrom('walk_accessibility').selectAll().where('walk_id', 'in', walkIds).execute()
    return new Map(rows.map((r) => [r.walk_id, r]))
  }

  async factsByUuid(uuids: string[]): Promise<Map<string, FactsRow>> {
    if (uuids.length === 0) return new Map()
    const rows = await this.db
      .selectFrom('walk_accessibility as a')
      .innerJoin('walks as w', 'w.id', 'a.walk_id')
      .selectAll('a')
      .select('w.uuid')
      .where('w.uuid', 'in', uuids)
      .where('w.deleted_at', 'is', null)
      .execute()
    return new Map(rows.map(({ uuid, ...row }) => [uuid, row]))
  }

  async saveFacts(row: FactsRow): Promise<void> {
    const { walk_id: _walkId, ...changes } = row
    await this.db
      .insertInto('walk_accessibility')
      .values(row)
      .onConflict((oc) => oc.column('walk_id').doUpdateSet(changes))
      .execute()
  }

  async entrancesOf(placeIds: number[]): Promise<EntranceRow[]> {
    if (placeIds.length === 0) return []
    return this.db.selectFrom('place_accessibility').selectAll().where('place_id', 'in', placeIds).orderBy('locale').execute()
  }

  /** One language's note of a place; null removes it. */
  async saveEntrance(placeId: number, locale: string, note: string | null): Promise<void> {
    if (note === null) {
      await this.db.deleteFrom('place_accessibility').where('place_id', '=', placeId).where('locale', '=', locale).execute()
      return
    }
    await this.db
      .insertInto('place_accessibility')
      .values({ place_id: placeId, locale, entrance_note: note })
      .onConflict((oc) => oc.columns(['place_id', 'locale']).doUpdateSet({ entrance_note: note }))
      .execute()
  }
}
