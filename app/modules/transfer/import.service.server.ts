import { randomUUID } from 'node:crypto'
import { nowIso, type DB } from '#app/db/db.server.ts'
import type { User } from '#app/db/schema.ts'
import type { Locale } from '#app/i18n/config.ts'
import { translate } from '#app/i18n/i18n.server.ts'
import type { AddressService } from '#app/modules/addresses/addresses.service.server.ts'
import type { CategoryAccess } from '#app/modules/categories/access.server.ts'
import { haversineDistance, NEARBY_RADIUS_M, pathLength, walkingDuration, type LatLng } from '#app/modules/geo/geo.ts'
import { PlacesRepo } from '#app/modules/places/places.repo.server.ts'
import { linePaths, MAX_GEOJSON_POSITIONS, type FeatureCollection } from '#app/modules/geo/geojson.schema.ts'
import { slugFromName } from '#app/modules/addresses/slug.ts'
import { WalksRepo } from '#app/modules/walks/walks.repo.server.ts'
import { defaultRouteColor, routeColors, type WalkTexts } from '#app/modules/walks/walks.schema.ts'
import { notFound } from '#app/utils/errors.ts'
import { mapInTurns, nextTurn } from '#app/utils/turns.server.ts'
import { parseOrThrow } from '#app/utils/validation.ts'
import type { ImportWorkers, WorkerResult } from './import-workers.server.ts'
import { previewText } from './import-protocol.ts'
import { NearbyIndex } from './nearby-index.ts'
import type { RowProblem, SourcePlace, SourceRoute } from './source.ts'
import { importOptionsSchema, type DuplicateAction, type ImportAnswer, type ImportOptions, type PreviewPlace, type PreviewRoute } from './transfer.schema.ts'
import { TransferRepo } from './transfer.repo.server.ts'
import { recordActivity } from '#app/modules/activity/activity.service.server.ts'

// Import (ADR 023): read the file, check every row, compare it with the category
// (the nearby rule: a place under 20 m is already there), then either answer the preview
// (dry run) or write everything in one transaction. The same file imported twice with "skip"
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

interface PlanPlace extends SourcePlace {
  existing: { id: number; name: string; distance: number | null } | null
  action: 'create' | 'link' | 'skip'
}
interface PlanRoute extends SourceRoute {
  existing: { uuid: string; name: string } | null
  action: 'create' | 'skip'
  distance: number
  duration: number
}

const PREVIEW_POINTS = 400
/** Rows an insert statement writes before the loop's next turn: better-sqlite3 runs it synchronously (ADR 051). */
const ROWS_PER_INSERT = 200

/** Every nth position, the ends kept: at most `max` (the preview map and the stored path). */
function thin<T>(points: T[], max: number): T[] {
  if (points.length <= max) return points
  const step = Math.ceil((points.length - 1) / (max - 1))
  const kept = points.filter((_, i) => i % step === 0)
  if (kept.at(-1) !== points.at(-1)) kept.push(points.at(-1)!)
  return kept
}

const normalName = (name: string) => name.normalize('NFC').trim().toLocaleLowerCase()
const ends = (lines: LatLng[][], stops: LatLng[]): [LatLng, LatLng] | null => {
  const points = lines.length > 0 ? [lines[0][0], lines.at(-1)!.at(-1)!] : stops.length > 0 ? [stops[0], stops.at(-1)!] : null
  return points ? [points[0], points[1]] : null
}
/**
 * A route's texts per language: those the file tags, and its untagged ones (name, description…)
 * as the fallback language's, field by field unless the file tags that language's own. The
 * preview shows the fallback language's name, which is the one stored.
 */
function routeTexts(route: SourceRoute, fallback: string): Map<string, Partial<WalkTexts>> {
  const byLocale = new Map<string, Partial<WalkTexts>>(Object.entries(route.translations))
  const untagged: Partial<WalkTexts> = { ...route.texts, ...(route.nameTagged ? {} : { name: route.name }) }
  // An untagged text equal to another language's is that language's copy (our export writes the
  // untagged name of a route written in English only as a copy of its English one): it does not
  // become the fallback language's too.
  const copies = Object.entries(untagged).filter(([field, value]) => [...byLocale].some(([locale, texts]) => locale !== fallback && texts[field as keyof WalkTexts] === value))
  for (const [field] of copies) delete untagged[field as keyof WalkTexts]
  byLocale.set(fallback, { ...untagged, ...byLocale.get(fallback) })
  if (![...byLocale.values()].some((t) => t.name)) byLocale.set(fallback, { ...byLocale.get(fallback), name: route.name })
  return byLocale
}

/** Every name a route of the file goes by (untagged and per language), to find it among the category's. */
const namesOf = (route: SourceRoute) => [route.name, ...Object.values(route.translations).map((t) => t?.name)].filter((n): n is string => typeof n === 'string').map(normalName)

const colorName = (hex: string | null) =>
  (Object.entries(routeColors).find(([, value]) => hex !== null && value.toLowerCase() === hex.trim().toLowerCase())?.[0] ?? defaultRouteColor)

export class ImportService {
  constructor(private readonly deps: { db: DB; access: CategoryAccess; addresses: AddressService; workers: ImportWorkers }) {}

  /** Imports a file already out of its upload (tests, the bench). */
  async run(user: User, categoryId: number, request: ImportRequest): Promise<ImportAnswer> {
    await this.deps.access.require(user.id, categoryId, 'editor')
    const parsed = await this.deps.workers.parse({ bytes: request.bytes, mapping: request.options.mapping, fileName: request.fileName, preview: request.dryRun })
    return this.finish(user, categoryId, parsed, request)
  }

  /** Imports an upload: its multipart body is read, file and options, in the worker. */
  async upload(user: User, categoryId: number, upload: ImportUpload): Promise<ImportAnswer> {
    await this.deps.access.require(user.id, categoryId, 'editor')
    const parsed = await this.deps.workers.parse({ form: upload.form, contentType: upload.contentType, preview: upload.dryRun })
    const options = parseOrThrow(importOptionsSchema, parsed.form?.options ?? {})
    return this.finish(user, categoryId, parsed, { ...upload, bytes: new Uint8Array(), fileName: parsed.form?.fileName, options })
  }

  private async finish(user: User, categoryId: number, parsed: WorkerResult, request: ImportRequest): Promise<ImportAnswer> {
    const { format, columns, problems } = parsed
    // Proposed names in the manager's language; a name the preview gave a row wins.
    const named = <T extends SourcePlace | SourceRoute>(row: T): T => {
      const given = request.options.names?.[String(row.row)]
      if (given) return { ...row, name: given, proposedName: undefined, nameTagged: false }
      if (row.proposedName === undefined) return row
      return { ...row, name: (typeof row.proposedName === 'string' ? row.proposedName : translate(request.locale, row.proposedName)).slice(0, 120) }
    }
    const places = await mapInTurns(parsed.places, named)
    const routes = parsed.routes.map(named)
    const category = await new TransferRepo(this.deps.db).category(categoryId)
    if (!category) throw notFound()
    const plan = await this.plan(categoryId, places, routes, request.options)
    const created = request.dryRun ? null : await this.commit(categoryId, plan, { userId: user.id, fileName: request.fileName ?? '' })
    return this.answer(format, columns, plan, problems, request, created, category.fallback_locale)
  }

  /** Compares every row with the category and applies the choices (per row, else for all, else skip). */
  private async plan(categoryId: number, places: SourcePlace[], routes: SourceRoute[], options: ImportOptions) {
    const repo = new TransferRepo(this.deps.db)
    const all = await repo.places(categoryId)
    const index = new NearbyIndex(all.filter((p): p is typeof p & LatLng => p.lat !== null && p.lng !== null))
    // A place without position is already there when one of the category without position has its name.
    const positionless = new Map(all.filter((p) => p.lat === null || p.lng === null).map((p) => [normalName(p.name), p]))
    const choice = (row: number): DuplicateAction => options.rows?.[String(row)] ?? options.duplicates ?? 'skip'
    const planned: PlanPlace[] = await mapInTurns(places, (place) => {
      const chosen = options.rows?.[String(place.row)]
      if (place.lat === null || place.lng === null) {
        const twin = positionless.get(normalName(place.name))
        if (!twin) return { ...place, existing: null, action: chosen === 'skip' ? 'skip' : 'create' }
        return { ...place, existing: { id: twin.id, name: twin.name, distance: null }, action: choice(place.row) }
      }
      const near = index.nearest(place as LatLng, NEARBY_RADIUS_M)
      if (!near) return { ...place, existing: null, action: chosen === 'skip' ? 'skip' : 'create' }
      return { ...place, existing: { id: near.item.id, name: near.item.name, distance: Math.round(near.distance * 10) / 10 }, action: choice(place.row) }
    })
    const byRow = new Map(planned.map((p) => [p.row, p]))
    const known = await this.existingRoutes(repo, categoryId)
    const plannedRoutes: PlanRoute[] = await mapInTurns(routes, (route) => {
      // Stops without position have no part in the measures.
      const stops = route.stopRows.map((row) => byRow.get(row)!).filter((p): p is PlanPlace & LatLng => p.lat !== null && p.lng !== null)
      const distance = Math.round(route.lines.length > 0 ? route.lines.reduce((sum, line) => sum + pathLength(line), 0) : pathLength(stops))
      const routeEnds = ends(route.lines, stops)
      const names = namesOf(route)
      const twin = known.find(
        (k) => names.some((name) => k.names.has(name)) && ((k.ends === null && routeEnds === null) || (k.ends !== null && routeEnds !== null && haversineDistance(k.ends[0], routeEnds[0]) < NEARBY_RADIUS_M && haversineDistance(k.ends[1], routeEnds[1]) < NEARBY_RADIUS_M)),
      )
      const chosen = options.rows?.[String(route.row)]
      const action = twin ? (choice(route.row) === 'create' ? 'create' : 'skip') : chosen === 'skip' ? 'skip' : 'create'
      return { ...route, existing: twin ? { uuid: twin.uuid, name: twin.name } : null, action, distance, duration: route.duration ?? Math.round(walkingDuration(distance)) } satisfies PlanRoute
    }, 1)
    return { places: planned, routes: plannedRoutes }
  }

  /** The category's routes as names (any language) and ends (the path's, else the stops'). */
  private async existingRoutes(repo: TransferRepo, categoryId: number) {
    const [walks, translations, stops] = await Promise.all([repo.walks(categoryId), repo.walkTranslations(categoryId), repo.stops(categoryId)])
    return walks.map((walk) => {
      const names = translations.filter((t) => t.walk_id === walk.id && t.name).map((t) => t.name!)
      const lines = walk.features_collection ? linePaths(JSON.parse(walk.features_collection) as FeatureCollection) : []
      const walkStops = stops.filter((s) => s.walk_id === walk.id && s.lat !== null && s.lng !== null) as LatLng[]
      return { uuid: walk.uuid, name: names[0] ?? walk.slug, names: new Set(names.map(normalName)), ends: ends(lines, walkStops) }
    })
  }

  /** Writes the plan in one transaction: all of it, or nothing (its activity entry too). Returns the new routes' uuids by row. */
  private async commit(categoryId: number, plan: { places: PlanPlace[]; routes: PlanRoute[] }, by: { userId: number; fileName: string }): Promise<Map<number, string>> {
    const now = nowIso()
    return this.deps.db.transaction().execute(async (trx) => {
      const category = await new TransferRepo(trx).category(categoryId)
      if (!category) throw notFound()
      const placesRepo = new PlacesRepo(trx)
      const toCreate = plan.places.filter((p) => p.action === 'create')
      // In batches, a turn of the loop between two (ADR 051); still one transaction: all or nothing.
      const placeIds = new Map<number, number>()
      for (let i = 0; i < toCreate.length; i += ROWS_PER_INSERT) {
        const batch = toCreate.slice(i, i + ROWS_PER_INSERT)
        const inserted = await placesRepo.insertMany(batch.map((p) => ({ category_id: categoryId, name: p.name, lat: p.lat, lng: p.lng, ele: p.ele })), now)
        batch.forEach((p, j) => placeIds.set(p.row, inserted[j].id))
        await nextTurn()
      }
      for (const p of plan.places) if (p.action === 'link' && p.existing) placeIds.set(p.row, p.existing.id)
      const texts = (await mapInTurns(toCreate, (p) => {
        // An untagged description is the fallback language's, unless the file gives that language's own.
        const byLocale = { ...p.translations }
        const fallback = category.fallback_locale as Locale
        if (p.description !== null && !byLocale[fallback]?.description) byLocale[fallback] = { name: byLocale[fallback]?.name ?? null, description: p.description }
        return Object.entries(byLocale).map(([locale, t]) => ({ place_id: placeIds.get(p.row)!, locale, name: t?.name ?? null, description: t?.description ?? null }))
      })).flat()
      for (let i = 0; i < texts.length; i += ROWS_PER_INSERT) {
        await placesRepo.insertTranslations(texts.slice(i, i + ROWS_PER_INSERT))
        await nextTurn()
      }

      const walks = new WalksRepo(trx)
      const addresses = this.deps.addresses.on(trx)
      const uuids = new Map<number, string>()
      for (const route of plan.routes.filter((r) => r.action === 'create')) {
        const slug = await addresses.freeRouteSlug(categoryId, slugFromName(route.name))
        const budget = Math.floor(MAX_GEOJSON_POSITIONS / Math.max(1, route.lines.length))
        const collection: FeatureCollection | null =
          route.lines.length === 0
            ? null
            : {
                type: 'FeatureCollection',
                features: route.lines.map((line) => ({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: thin(line, budget).map((p) => (p.ele === undefined ? [p.lng, p.lat] : [p.lng, p.lat, p.ele])) } })),
              }
        const walk = await walks.insert({
          uuid: randomUUID(),
          category_id: categoryId,
          slug,
          status: 'draft',
          color: colorName(route.color),
          distance: route.distance,
          duration: route.duration,
          features_collection: collection ? JSON.stringify(collection) : null,
          created_at: now,
          updated_at: now,
        })
        const byLocale = routeTexts(route, category.fallback_locale)
        for (const [locale, fields] of byLocale) await walks.upsertTranslation(walk.id, locale, fields)
        await walks.insertQrCodes(walk.id, now)
        const stopIds = route.stopRows.map((row) => placeIds.get(row)).filter((id): id is number => id !== undefined)
        await walks.replacePlaces(walk.id, stopIds)
        uuids.set(route.row, walk.uuid)
        await nextTurn()
      }
      const details = { places: toCreate.length, routes: uuids.size }
      await recordActivity(trx, { categoryId, userId: by.userId, action: 'import.committed', label: by.fileName.slice(0, 200), details })
      return uuids
    })
  }

  private async answer(
    format: ImportAnswer['format'],
    columns: ImportAnswer['columns'],
    plan: { places: PlanPlace[]; routes: PlanRoute[] },
    problems: RowProblem[],
    request: ImportRequest,
    created: Map<number, string> | null,
    fallback: string,
  ): Promise<ImportAnswer> {
    const places: PreviewPlace[] = await mapInTurns(plan.places, (p) => ({
      row: p.row,
      name: p.name,
      lat: p.lat,
      lng: p.lng,
      description: previewText(p.description),
      status: p.existing ? 'existing' : 'new',
      existing: p.existing,
      action: p.action,
      proposed: p.proposedName !== undefined,
    }))
    const routes: PreviewRoute[] = plan.routes.map((r) => {
      const budget = Math.max(2, Math.floor(PREVIEW_POINTS / Math.max(1, r.lines.length)))
      return {
        row: r.row,
        name: routeTexts(r, fallback).get(fallback)?.name ?? r.name,
        path: r.lines.map((line) => thin(line, budget).map((p): [number, number] => [p.lat, p.lng])),
        stops: r.stopRows.length,
        distance: r.distance,
        duration: r.duration,
        status: r.existing ? 'existing' : 'new',
        existing: r.existing,
        action: r.action,
        uuid: created?.get(r.row) ?? null,
        simplified: r.simplified ?? null,
        proposed: r.proposedName !== undefined,
      }
    })
    const errors = await mapInTurns(
      problems.sort((a, b) => a.row - b.row),
      (p) => ({ row: p.row, field: p.field, message: translate(request.locale, p.message) }),
    )
    const count = <T>(list: T[], test: (item: T) => boolean) => list.filter(test).length
    return {
      format,
      dry_run: request.dryRun,
      columns,
      places,
      routes,
      errors,
      summary: {
        rows: plan.places.length + plan.routes.length + new Set(problems.map((p) => p.row)).size,
        places_created: count(places, (p) => p.action === 'create'),
        places_linked: count(places, (p) => p.action === 'link'),
        places_skipped: count(places, (p) => p.action === 'skip'),
        routes_created: count(routes, (r) => r.action === 'create'),
        routes_skipped: count(routes, (r) => r.action === 'skip'),
        errors: new Set(problems.map((p) => p.row)).size,
      },
    }
  }
}
