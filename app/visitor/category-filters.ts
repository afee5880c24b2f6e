// The category home's filters: by duration, by distance and by name. Pure, so the
// server (no script) and the page's script filter alike.

import { readPageQuery, type DistanceChoice, type DurationChoice } from '#app/utils/page-query.ts'

export { distanceChoices, durationChoices } from '#app/utils/page-query.ts'

export interface RouteFilters {
  q: string
  duration: DurationChoice | null
  distance: DistanceChoice | null
  /** Step-free routes only: a route whose step-free fact is unknown is left out too. */
  stepFree: boolean
}

export interface FilteredRoute {
  name: string
  subtitle: string | null
  /** Seconds. */
  duration: number
  /** Metres. */
  distance: number
  /** The route's step-free fact; null or absent when unknown. */
  stepFree?: boolean | null
}

/** The filters a query string asks for; anything else means "any". */
export function parseFilters(params: URLSearchParams): RouteFilters {
  // The same reading as the render cache's key (a search by name is never kept).
  const { duration, distance, stepFree } = readPageQuery(params)
  return { q: (params.get('q') ?? '').trim().slice(0, 100), duration, distance, stepFree }
}

/** Lower case without accents: "Cathédrale" is found by "cathedrale". */
const folded = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()

/** Each choice as (above, up to]: "60" is up to an hour, "more" above two hours. */
const durationRange: Record<DurationChoice, [number, number]> = { '30': [-1, 30 * 60], '60': [-1, 60 * 60], '120': [-1, 120 * 60], more: [120 * 60, Infinity] }
const distanceRange: Record<DistanceChoice, [number, number]> = { '2': [-1, 2000], '5': [-1, 5000], '10': [-1, 10_000], more: [10_000, Infinity] }
const inRange = (value: number, range: [number, number] | undefined) => !range || (value > range[0] && value <= range[1])

export function matchesFilters(route: FilteredRoute, filters: RouteFilters): boolean {
  if (!inRange(route.duration, filters.duration ? durationRange[filters.duration] : undefined)) return false
  if (!inRange(route.distance, filters.distance ? distanceRange[filters.distance] : undefined)) return false
  if (filters.stepFree && route.stepFree !== true) return false
  if (!filters.q) return true
  const q = folded(filters.q)
  return folded(route.name).includes(q) || folded(route.subtitle ?? '').includes(q)
}
