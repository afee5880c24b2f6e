import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type { DB } from '#app/db/db.server.ts'
import type { RevisionKind } from '#app/db/schema.ts'
import type { Snapshot } from './revision-diff.ts'

export interface RevisionRow {
  id: number
  category_id: number
  kind: RevisionKind
  item_id: number
  user_id: number | null
  user_name: string | null
  created_at: string
  changes: string
  restored_from: number | null
}

/** A snapshot as stored: JSON, deflated (a path of a thousand points shrinks several times), base64 for both dialects' text. */
export const packSnapshot = (snapshot: Snapshot): string => deflateRawSync(JSON.stringify(snapshot)).toString('base64')
export const unpackSnapshot = (packed: string): Snapshot => JSON.parse(inflateRawSync(Buffer.from(packed, 'base64')).toString('utf8')) as Snapshot

const listColumns = [
  'revisions.id',
  'revisions.category_id',
  'revisions.kind',
  'revisions.item_id',
  'revisions.user_id',
  'users.name as user_name',
  'revisions.created_at',
  'revisions.changes',
  'revisions.restored_from',
] as const

/** The SQL of revisions (ADR 111). Built on a db handle or a transaction. */
export class RevisionsRepo {
  constructor(private readonly db: DB) {}

  insert(row: { category_id: number; kind: RevisionKind; item_id: number; user_id: number | null; created_at: string; changes: string[]; restored_from: number | null; snapshot: Snapshot }) {
    return this.db
      .insertInto('revisions')
      .values({ ...row, changes: JSON.stringify(row.changes), snapshot: packSnapshot(row.snapshot) })
      .returning('id')
      .executeTakeFirstOrThrow()
  }

  async hasAny(kind: RevisionKind, itemId: number): Promise<boolean> {
    return (await this.db.selectFrom('revisions').select('id').where('kind', '=', kind).where('item_id', '=', itemId).limit(1).executeTakeFirst()) !== undefined
  }

  /** The newest revision's snapshot of the item, if any. */
  async latestSnapshot(kind: RevisionKind, itemId: number): Promise<Snapshot | null> {
    const row = await this.db.selectFrom('revisions').select('snapshot').where('kind', '=', kind).where('item_id', '=', itemId).orderBy('id', 'desc').limit(1).executeTakeFirst()
    return row ? unpackSnapshot(row.snapshot) : null
  }

  /** The item's revisions, newest first (without their snapshots). */
  list(kind: RevisionKind, itemId: number, limit: number) {
    return this.db
      .selectFrom('revisions')
      .leftJoin('users', 'users.id', 'revisions.user_id')
      .select(listColumns)
      .where('revisions.kind', '=', kind)
      .where('revisions.item_id', '=', itemId)
      .orderBy('revisions.id', 'desc')
      .limit(limit)
      .execute() as Promise<RevisionRow[]>
  }

  async find(kind: RevisionKind, itemId: number, id: number): Promise<(RevisionRow & { snapshot: string }) | undefined> {
    return (await this.db
      .selectFrom('revisions')
      .leftJoin('users', 'users.id', 'revisions.user_id')
      .select([...listColumns, 'revisions.snapshot'])
      .where('revisions.kind', '=', kind)
      .where('revisions.item_id', '=', itemId)
      .where('revisions.id', '=', id)
      .executeTakeFirst()) as (RevisionRow & { snapshot: string }) | undefined
  }

  /** The revision just before `id` of the same item. */
  previous(kind: RevisionKind, itemId: number, id: number) {
    return this.db
      .selectFrom('revisions')
      .select(['id', 'snapshot'])
      .where('kind', '=', kind)
      .where('item_id', '=', itemId)
      .where('id', '<', id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
  }

  /**
   * Deletes revisions older than `before`, except each item's newest `keep` (ADR 111). Items with
   * an old revision are found first (the created_at index), then each keeps its newest. The
   * revisions of items deleted for good go whatever their age.
   */
  async purge(before: string, keep: number): Promise<number> {
    // An item deleted for good (the trash's purge, ADR 110) takes its revisions with it.
    let deleted = 0
    for (const [kind, table] of [['route', 'walks'], ['place', 'places']] as const) {
      const gone = await this.db
        .deleteFrom('revisions')
        .where('kind', '=', kind)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom(table).select('id').whereRef(`${table}.id`, '=', 'revisions.item_id'))))
        .executeTakeFirst()
      deleted += Number(gone.numDeletedRows)
    }
    const items = await this.db.selectFrom('revisions').select(['kind', 'item_id']).distinct().where('created_at', '<', before).execute()
    for (const { kind, item_id } of items) {
      const kept = await this.db.selectFrom('revisions').select('id').where('kind', '=', kind).where('item_id', '=', item_id).orderBy('id', 'desc').offset(keep - 1).limit(1).executeTakeFirst()
      if (!kept) continue
      const result = await this.db
        .deleteFrom('revisions')
        .where('kind', '=', kind)
        .where('item_id', '=', item_id)
        .where('created_at', '<', before)
        .where('id', '<', kept.id)
        .executeTakeFirst()
      deleted += Number(result.numDeletedRows)
    }
    return deleted
  }

  // ---- retired image files of routes (ADR 111)

  async walksWithRetiredImages(): Promise<number[]> {
    return (await this.db.selectFrom('retired_images').select('walk_id').distinct().execute()).map((r) => r.walk_id)
  }

  async retiredImagesOf(walkId: number): Promise<string[]> {
    return (await this.db.selectFrom('retired_images').select('file_key').where('walk_id', '=', walkId).execute()).map((r) => r.file_key)
  }

  async snapshotsOf(kind: RevisionKind, itemId: number): Promise<string[]> {
    return (await this.db.selectFrom('revisions').select('snapshot').where('kind', '=', kind).where('item_id', '=', itemId).execute()).map((r) => r.snapshot)
  }

  async forgetRetired(keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += 500) await this.db.deleteFrom('retired_images').where('file_key', 'in', keys.slice(i, i + 500)).execute()
  }
}
