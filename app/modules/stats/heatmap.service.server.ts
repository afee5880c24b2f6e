import type { DB } from '#app/db/db.server.ts'
import { notFound } from '#app/utils/errors.ts'
import { parseOrThrow } from '#app/utils/validation.ts'
import { HeatmapRepo } from './heatmap.repo.server.ts'
import { heatmapQuerySchema, type Heatmap } from './heatmap.schema.ts'
import { heatPoints, maxWeight, resolvePeriod } from './heatmap.ts'

/**
 * A category's heatmap, read from the day roll-ups. The caller has checked access to the
 * category; a route of another category answers 404 like a missing one.
 */
export async function buildHeatmap(db: DB, categoryId: number, input: unknown, now: Date = new Date()): Promise<Heatmap> {
  const query = parseOrThrow(heatmapQuerySchema, input)
  const period = resolvePeriod(query, now)
  const repo = new HeatmapRepo(db)
  const walkId = query.route === undefined ? undefined : await repo.findWalkId(categoryId, query.route)
  if (query.route !== undefined && walkId === undefined) throw notFound()

  const [places, stops, viewsByWalk, visitsByPlace] = await Promise.all([
    repo.placedPlaces(categoryId),
    repo.placedStops(categoryId, walkId),
    repo.viewsPerWalk(categoryId, period.days, walkId),
    repo.visitsPerPlace(categoryId, period.days),
  ])
  // One route: only the places it passes by.
  const shown = walkId === undefined ? places : places.filter((place) => stops.some((stop) => stop.place_id === place.id))
  const points = heatPoints(shown, stops, viewsByWalk, visitsByPlace)
  return { points, max_weight: maxWeight(points), from: period.from, to: period.to }
}
