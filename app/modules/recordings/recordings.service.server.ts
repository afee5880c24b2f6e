import { randomBytes } from 'node:crypto'
import { assertOfferedLocales } from '#app/modules/categories/offered-locales.server.ts'
import type { DB } from '#app/db/db.server.ts'
import { nowIso } from '#app/db/db.server.ts'
import type { User } from '#app/db/schema.ts'
import type { CategoryAccess } from '#app/modules/categories/access.server.ts'
import type { UploadReader } from '#app/modules/uploads/upload-form.server.ts'
import { inspectAudio } from '#app/platform/audio/audio.server.ts'
import type { Storage } from '#app/platform/storage/storage.server.ts'
import { notFound } from '#app/utils/errors.ts'
import { RecordingsRepo, type RecordingRow } from './recordings.repo.server.ts'
import type { RecordingView } from './recordings.schema.ts'

/** A recording as a visitor page plays it. */
export interface StopRecording {
  url: string
  contentType: string
  bytes: number
  durationMs: number
  locale: string
}

/**
 * Recorded audio per stop (a place) and language (ADR 122). Members of the place's category
 * upload and remove them; the file is checked by its bytes (platform/audio) after the tenancy
 * check, stored under a new random key (so cached copies never go stale), recorded, and the
 * file it replaced deleted after the commit.
 */
export class RecordingService {
  private readonly repo: RecordingsRepo

  constructor(private readonly deps: { db: DB; access: CategoryAccess; storage: Storage }) {
    this.repo = new RecordingsRepo(deps.db)
  }

  async list(user: User, placeId: number): Promise<RecordingView[]> {
    await this.managedPlace(user, placeId)
    return (await this.repo.ofPlace(placeId)).map((row) => this.view(row))
  }

  async upload(user: User, placeId: number, locale: string, read: UploadReader): Promise<RecordingView[]> {
    const place = await this.managedPlace(user, placeId)
    await assertOfferedLocales(this.deps.db, place.category_id, [locale], () => 'locale')
    const bytes = await read()
    const audio = await inspectAudio(bytes)
    const key = `recordings/${placeId}/${randomBytes(12).toString('base64url')}.${audio.extension}`
    await this.deps.storage.put(key, bytes, audio.contentType)
    let replaced: string | undefined
    try {
      replaced = await this.deps.db.transaction().execute(async (trx) => {
        const repo = new RecordingsRepo(trx)
        // The place may have gone while the file was checked and stored.
        if (!(await trx.selectFrom('places').select('id').where('id', '=', placeId).where('deleted_at', 'is', null).executeTakeFirst())) throw notFound()
        const previous = await repo.find(placeId, locale)
        await repo.save({ place_id: placeId, locale, file_key: key, content_type: audio.contentType, bytes: bytes.length, duration_ms: audio.durationMs, created_at: nowIso() })
        return previous?.file_key
      })
    } catch (error) {
      await this.deps.storage.delete(key)
      throw error
    }
    if (replaced) await this.deps.storage.delete(replaced)
    return (await this.repo.ofPlace(placeId)).map((row) => this.view(row))
  }

  async remove(user: User, placeId: number, locale: string): Promise<RecordingView[]> {
    await this.managedPlace(user, placeId)
    const row = await this.repo.find(placeId, locale)
    if (!row) throw notFound()
    await this.repo.remove(placeId, locale)
    await this.deps.storage.delete(row.file_key)
    return (await this.repo.ofPlace(placeId)).map((r) => this.view(r))
  }

  /**
   * What the visitor pages play: per place, the recording in the page's language, else in the
   * category's fallback language (the one the texts fall back to as well), else none.
   */
  async forStops(placeIds: number[], locale: string, fallback: string): Promise<Map<number, StopRecording>> {
    const rows = await this.repo.ofPlaces(placeIds)
    const found = new Map<number, StopRecording>()
    for (const wanted of [fallback, locale]) {
      for (const row of rows.filter((r) => r.locale === wanted)) {
        found.set(row.place_id, { url: this.deps.storage.url(row.file_key), contentType: row.content_type, bytes: row.bytes, durationMs: row.duration_ms, locale: row.locale })
      }
    }
    return found
  }

  private view(row: RecordingRow): RecordingView {
    return { locale: row.locale, url: this.deps.storage.url(row.file_key), content_type: row.content_type, bytes: row.bytes, duration_ms: row.duration_ms, created_at: row.created_at }
  }

  /** The place, if the user is a member of its category; 404 otherwise, like a missing one (ADR 006). */
  private async managedPlace(user: User, placeId: number) {
    const place = await this.deps.db.selectFrom('places').select(['id', 'category_id']).where('id', '=', placeId).where('deleted_at', 'is', null).executeTakeFirst()
    if (!place) throw notFound()
    await this.deps.access.require(user.id, place.category_id)
    return place
  }
}
