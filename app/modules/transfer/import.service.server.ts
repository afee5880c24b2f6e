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
import { readImportFile } from './formats/read.ts'
import { NearbyIndex } from './nearby-index.ts'
import { checkPlace, checkRoute, type RowProblem, type SourcePlace, type SourceRoute } from './source.ts'
import type { DuplicateAction, ImportAnswer, ImportOptions, PreviewPlace, PreviewRoute } from './transfer.schema.ts'
import { TransferRepo } from './transfer.repo.server.ts'

// Import (issue 14, ADR 023): read the file, check every row, compare it with the category
// (the nearby rule: a place under 20 m is already there), then either answer the preview
// (dry run) or write everything in one transaction. The same file imported twice with "skip"
// writes nothing the second time: every place is under 20 m of itself, every route is there.

export interface ImportRequest {
  bytes: Uint8Array
  options: ImportOptions
  dryRun: boolean
  locale: Locale
}

interface PlanPlace extends SourcePlace {
  existing: { id: number; name: string; distance: number } | null
  action: 'create' | 'link' | 'skip'
}
interface PlanRoute extends SourceRoute {
  existing: { uuid: string; name: string } | null
  action: 'create' | 'skip'
  distance: number
  duration: number
}

const PREVIEW_POINTS = 400

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
const colorName = (hex: string | null) =>
  (Object.entries(routeColors).find(([, value]) => hex !== null && value.toLowerCase() === hex.trim().toLowerCase())?.[0] ?? defaultRouteColor)

export class ImportService {
  constructor(private readonly deps: { db: DB; access: CategoryAccess; addresses: AddressService }) {}

  async run(user: User, categoryId: number, request: ImportRequest): Promise<ImportAnswer> {
    await this.deps.access.require(user.id, categoryId, 'editor')
    const { format, document } = readImportFile(request.bytes, request.options.mapping)
    const problems: RowProblem[] = [...document.problems]
    const places: SourcePlace[] = []
    for (const raw of document.places) {
      const checked = checkPlace(raw)
      if (Array.isArray(checked)) problems.push(...checked)
      else places.push(checked)
    }
    const validRefs = new Map(places.filter((p) => p.ref !== null).map((p) => [p.ref!, p.row]))
    const invalidRefs = new Set(document.places.filter((p) => p.ref !== null && !validRefs.has(p.ref)).map((p) => p.ref!))
    const routes: SourceRoute[] = []
    for (const raw of document.routes) {
      const broken = raw.stops.find((ref) => invalidRefs.has(ref))
      if (broken !== undefined) {
        problems.push({ row: raw.row, field: 'stops', message: { key: 'import.errors.stop_invalid' } })
        continue
      }
      const checked = checkRoute(raw, validRefs)
      if (Array.isArray(checked)) problems.push(...checked)
      else routes.push(checked)
    }

    const plan = await this.plan(categoryId, places, routes, request.options)
    const created = request.dryRun ? null : await this.commit(categoryId, plan)
    return this.answer(format, document.columns ?? null, plan, problems, request, created)
  }

  /** Compares every row with the category and applies the choices (per row, else for all, else skip). */
  private async plan(categoryId: number, places: SourcePlace[], routes: SourceRoute[], options: ImportOptions) {
    const repo = new TransferRepo(this.deps.db)
    const existing = (await repo.places(categoryId)).filter((p): p is typeof p & LatLng => p.lat !== null && p.lng !== null)
    const index = new NearbyIndex(existing)
    const choice = (row: number): DuplicateAction => options.rows?.[String(row)] ?? options.duplicates ?? 'skip'
    const planned: PlanPlace[] = places.map((place) => {
      const near = index.nearest(place, NEARBY_RADIUS_M)
      const chosen = options.rows?.[String(place.row)]
      if (!near) return { ...place, existing: null, action: chosen === 'skip' ? 'skip' : 'create' }
      return { ...place, existing: { id: near.item.id, name: near.item.name, distance: Math.round(near.distance * 10) / 10 }, action: choice(place.row) }
    })
    const byRow = new Map(planned.map((p) => [p.row, p]))
    const known = await this.existingRoutes(repo, categoryId)
    const plannedRoutes: PlanRoute[] = routes.map((route) => {
      const stops = route.stopRows.map((row) => byRow.get(row)!)
      const distance = Math.round(route.lines.length > 0 ? route.lines.reduce((sum, line) => sum + pathLength(line), 0) : pathLength(stops))
      const routeEnds = ends(route.lines, stops)
      const name = normalName(route.name)
      const twin = known.find(
        (k) => k.names.has(name) && ((k.ends === null && routeEnds === null) || (k.ends !== null && routeEnds !== null && haversineDistance(k.ends[0], routeEnds[0]) < NEARBY_RADIUS_M && haversineDistance(k.ends[1], routeEnds[1]) < NEARBY_RADIUS_M)),
      )
      const chosen = options.rows?.[String(route.row)]
      const action = twin ? (choice(route.row) === 'create' ? 'create' : 'skip') : chosen === 'skip' ? 'skip' : 'create'
      return { ...route, existing: twin ? { uuid: twin.uuid, name: twin.name } : null, action, distance, duration: Math.round(walkingDuration(distance)) }
    })
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

  /** Writes the plan in one transaction: all of it, or nothing. Returns the new routes' uuids by row. */
  private async commit(categoryId: number, plan: { places: PlanPlace[]; routes: PlanRoute[] }): Promise<Map<number, string>> {
    const now = nowIso()
    return this.deps.db.transaction().execute(async (trx) => {
      const category = await new TransferRepo(trx).category(categoryId)
      if (!category) throw notFound()
      const placesRepo = new PlacesRepo(trx)
      const toCreate = plan.places.filter((p) => p.action === 'create')
      const inserted = await placesRepo.insertMany(toCreate.map((p) => ({ category_id: categoryId, name: p.name, lat: p.lat, lng: p.lng })), now)
      const placeIds = new Map<number, number>()
      toCreate.forEach((p, i) => placeIds.set(p.row, inserted[i].id))
      for (const p of plan.places) if (p.action === 'link' && p.existing) placeIds.set(p.row, p.existing.id)
      const texts = toCreate.flatMap((p) => {
        // Texts without a language are the category's fallback language's, unless the row gives languages.
        const byLocale = { ...p.translations }
        if (p.description !== null && Object.keys(byLocale).length === 0) byLocale[category.fallback_locale as Locale] = { name: null, description: p.description }
        return Object.entries(byLocale).map(([locale, t]) => ({ place_id: placeIds.get(p.row)!, locale, name: t?.name ?? null, description: t?.description ?? null }))
      })
      await placesRepo.insertTranslations(texts)

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
        // Texts without a language are the fallback language's, unless the row gives languages.
        const tagged = Object.entries(route.translations)
        const byLocale = new Map<string, Partial<WalkTexts>>(tagged.length > 0 ? tagged : [[category.fallback_locale, { ...route.texts, name: route.name }]])
        if (![...byLocale.values()].some((t) => t.name)) byLocale.set(category.fallback_locale, { ...byLocale.get(category.fallback_locale), name: route.name })
        for (const [locale, fields] of byLocale) await walks.upsertTranslation(walk.id, locale, fields)
        await walks.insertQrCodes(walk.id, now)
        const stopIds = route.stopRows.map((row) => placeIds.get(row)).filter((id): id is number => id !== undefined)
        await walks.replacePlaces(walk.id, stopIds)
        uuids.set(route.row, walk.uuid)
      }
      return uuids
    })
  }

  private answer(
    format: ImportAnswer['format'],
    columns: ImportAnswer['columns'],
    plan: { places: PlanPlace[]; routes: PlanRoute[] },
    problems: RowProblem[],
    request: ImportRequest,
    created: Map<number, string> | null,
  ): ImportAnswer {
    const places: PreviewPlace[] = plan.places.map((p) => ({
      row: p.row,
      name: p.name,
      lat: p.lat,
      lng: p.lng,
      description: p.description,
      status: p.existing ? 'existing' : 'new',
      existing: p.existing,
      action: p.action,
    }))
    const routes: PreviewRoute[] = plan.routes.map((r) => {
      const budget = Math.max(2, Math.floor(PREVIEW_POINTS / Math.max(1, r.lines.length)))
      return {
        row: r.row,
        name: r.name,
        path: r.lines.map((line) => thin(line, budget).map((p): [number, number] => [p.lat, p.lng])),
        stops: r.stopRows.length,
        distance: r.distance,
        duration: r.duration,
        status: r.existing ? 'existing' : 'new',
        existing: r.existing,
        action: r.action,
        uuid: created?.get(r.row) ?? null,
      }
    })
    const errors = problems
      .sort((a, b) => a.row - b.row)
      .map((p) => ({ row: p.row, field: p.field, message: translate(request.locale, p.message) }))
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
