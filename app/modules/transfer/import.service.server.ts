import { randomUUID } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import { isPostgres } from '#app/db/dialect.ts'
import { holdAdvisoryLock } from '#app/db/advisory-lock.server.ts'
import { nowIso, type DB } from '#app/db/db.server.ts'
import type { User } from '#app/db/schema.ts'
import type { Locale } from '#app/i18n/config.ts'
import type { AddressService } from '#app/modules/addresses/addresses.service.server.ts'
import type { CategoryAccess } from '#app/modules/categories/access.server.ts'
import type { LatLng } from '#app/modules/geo/geo.ts'
import { PlacesRepo } from '#app/modules/places/places.repo.server.ts'
import { linePaths, type FeatureCollection } from '#app/modules/geo/geojson.schema.ts'
import { slugFromName } from '#app/modules/addresses/slug.ts'
import { WalksRepo } from '#app/modules/walks/walks.repo.server.ts'
import { notFound } from '#app/utils/errors.ts'
import { JsonArrayText, nextTurn } from '#app/utils/turns.server.ts'
import type { ImportWorkers, PlannedImport } from './import-workers.server.ts'
import type { CategoryNow } from './import-protocol.ts'
import { normalName, routeEnds, type ExistingRoute } from './plan.ts'
import type { ImportAnswer, ImportOptions, PreviewPlace, PreviewRoute } from './transfer.schema.ts'
import { TransferRepo } from './transfer.repo.server.ts'
import { recordActivity } from '#app/modules/activity/activity.service.server.ts'

// Import (ADR 023): read the file, check every row, compare it with the category
// (the nearby rule: a place under 20 m is already there), then either answer the preview
// (dry run) or write everything in one transaction. The reading and the comparison run in the
// import's worker (plan.ts, ADR 054); this thread reads the category and writes. The same file imported twice with "skip"
// writes nothing the second time: every place is under 20 m of itself, every route is there.

export interface ImportRequest {
  bytes: Uint8Array
  /** The uploaded file's name (an unnamed track may be proposed its name). */
  fileName?: string
  options: ImportOptions
  dryRun: boolean
  locale: Locale
}

/** An upload as received: its multipart body, read with its file in the worker (ADR 051). */
export interface ImportUpload {
  /** The body as it arrived, in pieces. */
  form: Uint8Array[]
  contentType: string
  dryRun: boolean
  locale: Locale
}

/**
 * Rows an insert statement writes before the loop's next turn: better-sqlite3 runs it
 * synchronously (ADR 051). 100 places (or texts) a statement, a few milliseconds (ADR 055).
 */
const ROWS_PER_INSERT = 100

/**
 * SQLite: the connection's page cache during a commit, in KB (`pragma cache_size`, negative). Its
 * dirty pages are written to the log at COMMIT, in one go: with the default 2,000 KB, 10–25 ms
 * of the loop after an import's last insert; with a small cache they are written as the inserts
 * go (ADR 055). The connection's own size is put back before the transaction ends.
 */
const COMMIT_CACHE_KB = 256

/**
 * The first key of the PostgreSQL advisory lock of a category's import commits (the second is the
 * category's id; two-key locks do not meet the one-key locks, such as the category tree's).
 */
const IMPORT_COMMIT_LOCK = 72_001_013

/** The category's places read this many a statement, before the comparison (ADR 055). */
const PLACES_PER_READ = 1_000

/**
 * The import's answer as the API sends it: the places and errors as the worker wrote them (JSON
 * text), so the main thread never holds 10,000 rows as objects (ADR 054).
 */
export type ImportResult = Omit<ImportAnswer, 'places' | 'errors'> & { places: JsonArrayText; errors: JsonArrayText }

export class ImportService {
  /** Per category, the end of the last commit that asked for its turn (inCommitTurn). */
  private readonly committing = new Map<number, Promise<void>>()

  constructor(private readonly deps: { db: DB; access: CategoryAccess; addresses: AddressService; workers: ImportWorkers }) {}

  /** Imports a file already out of its upload (tests, the bench): the answer as values. */
  async run(user: User, categoryId: number, request: ImportRequest): Promise<ImportAnswer> {
    await this.deps.access.require(user.id, categoryId, 'editor')
    const category = await this.category(categoryId)
    const plan = { fallback: category.fallback_locale, locale: request.locale, commit: !request.dryRun, options: request.options }
    const result = await this.inCommitTurn(categoryId, !request.dryRun, async (categoryNow, turn) => {
      const planned = await this.deps.workers.plan({ bytes: request.bytes, mapping: request.options.mapping, fileName: request.fileName, preview: request.dryRun, plan }, categoryNow)
      return this.finish(turn.db, user, category.id, planned, request.dryRun, request.fileName ?? '')
    })
    return { ...result, places: result.places.parse() as PreviewPlace[], errors: result.errors.parse() as ImportAnswer['errors'] }
  }

  /** Imports an upload: its multipart body is read, file and options, and compared with the category in the worker. */
  async upload(user: User, categoryId: number, upload: ImportUpload): Promise<ImportResult> {
    await this.deps.access.require(user.id, categoryId, 'editor')
    const category = await this.category(categoryId)
    const plan = { fallback: category.fallback_locale, locale: upload.locale, commit: !upload.dryRun }
    return this.inCommitTurn(categoryId, !upload.dryRun, async (categoryNow, turn) => {
      const planned = await this.deps.workers.plan({ form: upload.form, contentType: upload.contentType, preview: upload.dryRun, plan }, categoryNow)
      return this.finish(turn.db, user, category.id, planned, upload.dryRun, planned.form?.fileName ?? '')
    })
  }

  /**
   * A commit compares with the category and writes in its turn: from the moment the worker asks
   * for the category until the commit ends, no other commit of the same category does, in this
   * process or another. Without it, on PostgreSQL (a pool: reads do not wait for a writer), three
   * commits of one file at once each read the category before any had written, and each created
   * every place (ADR 056); on SQLite the single connection already ordered them. A preview takes
   * no turn. Between processes (several servers on one PostgreSQL database), the turn is also a
   * session advisory lock on the category, held on a connection of its own for the turn.
   */
  private async inCommitTurn<T>(categoryId: number, commit: boolean, work: (categoryNow: () => Promise<CategoryNow>, turn: { db: DB }) => Promise<T>): Promise<T> {
    // The turn's reads and its commit go through `turn.db`: on PostgreSQL the connection that
    // holds the lock once the turn is taken (a commit needs no second connection while it holds
    // one: a pool full of lock holders could otherwise wait for itself).
    const turn = { db: this.deps.db }
    if (!commit) return work(() => this.categoryNow(turn.db, categoryId), turn)
    let done: (() => Promise<void>) | undefined
    try {
      return await work(async () => {
        const taken = await this.commitTurn(categoryId)
        done = taken.end
        turn.db = taken.db
        return this.categoryNow(turn.db, categoryId)
      }, turn)
    } finally {
      await done?.()
    }
  }

  /**
   * Waits for the category's commits before this one, in this process, then (PostgreSQL) in the
   * others; `end` ends this one's turn. This process's commits wait in line here, so each
   * process holds at most one connection waiting for a category's lock.
   */
  private async commitTurn(categoryId: number): Promise<{ db: DB; end: () => Promise<void> }> {
    const before = this.committing.get(categoryId) ?? Promise.resolve()
    let end!: () => void
    const ended = new Promise<void>((resolve) => (end = resolve))
    const mine = before.then(() => ended)
    this.committing.set(categoryId, mine)
    const leave = () => {
      end()
      if (this.committing.get(categoryId) === mine) this.committing.delete(categoryId)
    }
    await before
    if (!isPostgres(this.deps.db as unknown as Kysely<unknown>)) return { db: this.deps.db, end: async () => leave() }
    try {
      const lock = await holdAdvisoryLock(this.deps.db, IMPORT_COMMIT_LOCK, categoryId)
      return {
        db: lock.db,
        end: async () => {
          try {
            await lock.release()
          } finally {
            leave()
          }
        },
      }
    } catch (error) {
      leave()
      throw error
    }
  }

  private async category(categoryId: number) {
    const category = await new TransferRepo(this.deps.db).category(categoryId)
    if (!category) throw notFound()
    return category
  }

  /** The category as the worker's comparison needs it, once the file is read: its places, its routes' names and ends. */
  private async categoryNow(db: DB, categoryId: number): Promise<CategoryNow> {
    const repo = new TransferRepo(db)
    const routes = await this.existingRoutes(repo, categoryId)
    // In pages, a turn between two: a category of 10,000 places read in one statement held the
    // loop ~25 ms, on SQLite in the same turn as the commit it had waited for (ADR 055).
    const places: CategoryNow['places'] = []
    for (let afterId = 0; ; ) {
      const page = await repo.placesPage(categoryId, afterId, PLACES_PER_READ)
      for (const p of page) places.push(p)
      if (page.length < PLACES_PER_READ) break
      afterId = page[page.length - 1].id
      await nextTurn()
    }
    return { places, routes }
  }

  private async finish(db: DB, user: User, categoryId: number, planned: PlannedImport, dryRun: boolean, fileName: string): Promise<ImportResult> {
    const created = dryRun ? null : await this.commit(db, categoryId, planned, { userId: user.id, fileName })
    return {
      format: planned.format,
      dry_run: dryRun,
      columns: planned.columns,
      places: new JsonArrayText(planned.places),
      routes: planned.routes.map(({ preview }): PreviewRoute => ({ ...preview, uuid: created?.get(preview.row) ?? null })),
      errors: new JsonArrayText(planned.errors),
      summary: planned.summary,
    }
  }

  /** The category's routes as names (any language) and ends (the path's, else the stops'). */
  private async existingRoutes(repo: TransferRepo, categoryId: number): Promise<ExistingRoute[]> {
    const [walks, translations, stops] = await Promise.all([repo.walks(categoryId), repo.walkTranslations(categoryId), repo.stops(categoryId)])
    return walks.map((walk) => {
      const names = translations.filter((t) => t.walk_id === walk.id && t.name).map((t) => t.name!)
      const lines = walk.features_collection ? linePaths(JSON.parse(walk.features_collection) as FeatureCollection) : []
      const walkStops = stops.filter((s) => s.walk_id === walk.id && s.lat !== null && s.lng !== null) as LatLng[]
      return { uuid: walk.uuid, name: names[0] ?? walk.slug, names: [...new Set(names.map(normalName))], ends: routeEnds(lines, walkStops) }
    })
  }

  /** Writes the plan in one transaction: all of it, or nothing (its activity entry too). Returns the new routes' uuids by row. */
  private async commit(db: DB, categoryId: number, plan: PlannedImport, by: { userId: number; fileName: string }): Promise<Map<number, string>> {
    const now = nowIso()
    return db.transaction().execute(async (trx) => {
      const cache = isPostgres(trx as unknown as Kysely<unknown>) ? null : (await sql<{ cache_size: number }>`pragma cache_size`.execute(trx)).rows[0].cache_size
      if (cache !== null) await sql.raw(`pragma cache_size = -${COMMIT_CACHE_KB}`).execute(trx)
      try {
        return await this.write(trx, categoryId, plan, by, now)
      } finally {
        if (cache !== null) await sql.raw(`pragma cache_size = ${Number(cache)}`).execute(trx)
      }
    })
  }

  /** The plan's rows, routes and activity entry, in the caller's transaction. */
  private async write(trx: DB, categoryId: number, plan: PlannedImport, by: { userId: number; fileName: string }, now: string): Promise<Map<number, string>> {
    const category = await new TransferRepo(trx).category(categoryId)
    if (!category) throw notFound()
    const placesRepo = new PlacesRepo(trx)
    // In batches, a turn of the loop between two (ADR 051); still one transaction: all or nothing.
    const placeIds = new Map<number, number>()
    let placesCreated = 0
    for (const part of plan.writes) {
      for (let i = 0; i < part.length; i += ROWS_PER_INSERT) {
        const batch = part.slice(i, i + ROWS_PER_INSERT)
        const ids = await placesRepo.insertMany(batch.map(([, name, lat, lng, ele]) => ({ category_id: categoryId, name, lat, lng, ele })), now)
        await nextTurn()
        const texts: { place_id: number; locale: string; name: string | null; description: string | null }[] = []
        batch.forEach(([row, , , , , flat], j) => {
          const id = ids[j]
          placeIds.set(row, id)
          for (let k = 0; k < flat.length; k += 3) texts.push({ place_id: id, locale: flat[k]!, name: flat[k + 1], description: flat[k + 2] })
        })
        placesCreated += batch.length
        for (let k = 0; k < texts.length; k += ROWS_PER_INSERT) {
          await placesRepo.insertTranslations(texts.slice(k, k + ROWS_PER_INSERT))
          await nextTurn()
        }
      }
    }
    for (const [row, id] of plan.links) placeIds.set(row, id)

    const walks = new WalksRepo(trx)
    const addresses = this.deps.addresses.on(trx)
    const uuids = new Map<number, string>()
    for (const { write: route } of plan.routes) {
      if (!route) continue
      const slug = await addresses.freeRouteSlug(categoryId, slugFromName(route.name))
      const walk = await walks.insert({
        uuid: randomUUID(),
        category_id: categoryId,
        slug,
        status: 'draft',
        color: route.color,
        distance: route.distance,
        duration: route.duration,
        features_collection: route.featuresCollection,
        created_at: now,
        updated_at: now,
      })
      for (const [locale, fields] of route.texts) await walks.upsertTranslation(walk.id, locale, fields)
      await walks.insertQrCodes(walk.id, now)
      const stopIds = route.stopRows.map((row) => placeIds.get(row)).filter((id): id is number => id !== undefined)
      await walks.replacePlaces(walk.id, stopIds)
      uuids.set(route.row, walk.uuid)
      await nextTurn()
    }
    const details = { places: placesCreated, routes: uuids.size }
    await recordActivity(trx, { categoryId, userId: by.userId, action: 'import.committed', label: by.fileName.slice(0, 200), details })
    return uuids
  }
}
