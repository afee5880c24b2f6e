import type { DB } from '#app/db/db.server.ts'
import type { PlaceRecordingsTable } from '#app/db/schema.ts'

export type RecordingRow = PlaceRecordingsTable

/** The SQL of the recordings. Built on a db handle or a transaction. */
export class RecordingsRepo {
  constructor(private readonly db: DB) {}

  ofPlace(placeId: number): Promise<RecordingRow[]> {
    return this.db.selectFrom('place_recordings').selectAll().where('place_id', '=', placeId).orderBy('locale').execute()
  }

  ofPlaces(placeIds: number[]): Promise<RecordingRow[]> {
    if (placeIds.length === 0) return Promise.resolve([])
    return this.db.selectFrom('place_recordings').selectAll().where('place_id', 'in', placeIds).execute()
  }

  find(placeId: number, locale: string): Promise<RecordingRow | undefined> {
    return this.db.selectFrom('place_recordings').selectAll().where('place_id', '=', placeId).where('locale', '=', locale).executeTakeFirst()
  }

  /** Inserts or replaces the place's recording in that language. */
  async save(row: RecordingRow): Promise<void> {
    const { file_key, content_type, bytes, duration_ms, created_at } = row
    await this.db
      .insertInto('place_recordings')
      .values(row)
      .onConflict((oc) => oc.columns(['place_id', 'locale']).doUpdateSet({ file_key, content_type, bytes, duration_ms, created_at }))
      .execute()
  }

  /**
   * Storage keys of the recordings of these places, or of every place of these categories: read
   * in the purge's transaction before the rows go by cascade, deleted after its commit (ADR 123).
   */
  async fileKeys(of: { placeIds?: number[]; categoryIds?: number[] }): Promise<string[]> {
    const placeIds = of.placeIds ?? []
    const categoryIds = of.categoryIds ?? []
    if (placeIds.length === 0 && categoryIds.length === 0) return []
    const rows = await this.db
      .selectFrom('place_recordings')
      .innerJoin('places', 'places.id', 'place_recordings.place_id')
      .select('place_recordings.file_key')
      .where((eb) =>
        eb.or([
          ...(placeIds.length > 0 ? [eb('places.id', 'in', placeIds)] : []),
          ...(categoryIds.length > 0 ? [eb('places.category_id', 'in', categoryIds)] : []),
        ]),
      )
      .execute()
    return rows.map((row) => row.file_key)
  }

  async remove(placeId: number, locale: string): Promise<void> {
    await this.db.deleteFrom('place_recordings').where('place_id', '=', placeId).where('locale', '=', locale).execute()
  }
}
