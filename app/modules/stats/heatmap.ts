import { invalidField } from '#app/utils/errors.ts'
import type { HeatPoint } from './heatmap.schema.ts'

// The heatmap's arithmetic, pure: the repo hands over sums, these turn them into weighted points.

/** Months shown when no period is asked: the current one and the eleven before it. */
const DEFAULT_MONTHS = 12

export interface Period {
  /** 'YYYY-MM', inclusive. */
  from: string
  to: string
  /** The same period as day bounds of stat_days ('YYYY-MM-DD', inclusive). */
  days: { from: string; to: string }
}

const monthOf = (date: Date) => date.toISOString().slice(0, 7)

/** The month `count` months before (negative: after) a 'YYYY-MM' month. */
export function monthsBefore(month: string, count: number): string {
  const [year, m] = month.split('-').map(Number)
  return monthOf(new Date(Date.UTC(year, m - 1 - count, 1)))
}

/** The asked period with its defaults; a start after the end is refused. */
export function resolvePeriod(asked: { from?: string; to?: string }, now: Date = new Date()): Period {
  const to = asked.to ?? (asked.from && asked.from > monthOf(now) ? asked.from : monthOf(now))
  const from = asked.from ?? monthsBefore(to, DEFAULT_MONTHS - 1)
  if (from > to) throw invalidField('from', 'validation.month_order')
  // '-31' bounds every month: days are compared as text.
  return { from, to, days: { from: `${from}-01`, to: `${to}-31` } }
}

export interface PlacedPlace {
  id: number
  name: string
  lat: number
  lng: number
}

/** One stop of a route at a place with coordinates (a place may be a stop twice). */
export interface Stop {
  walk_id: number
  place_id: number
}

const round2 = (n: number) => Math.round(n * 100) / 100

/**
 * Place visits at their place, plus each route's views shared equally among its placed stops.
 * Places with nothing to show are left out; the heaviest come first.
 */
export function heatPoints(
  places: PlacedPlace[],
  stops: Stop[],
  viewsByWalk: Map<number, number>,
  visitsByPlace: Map<number, number>,
): HeatPoint[] {
  const stopsByWalk = new Map<number, number>()
  for (const stop of stops) stopsByWalk.set(stop.walk_id, (stopsByWalk.get(stop.walk_id) ?? 0) + 1)
  const viewsByPlace = new Map<number, number>()
  for (const stop of stops) {
    const share = (viewsByWalk.get(stop.walk_id) ?? 0) / stopsByWalk.get(stop.walk_id)!
    viewsByPlace.set(stop.place_id, (viewsByPlace.get(stop.place_id) ?? 0) + share)
  }
  return places
    .map((place) => {
      const visits = visitsByPlace.get(place.id) ?? 0
      const views = viewsByPlace.get(place.id) ?? 0
      return { place_id: place.id, name: place.name, lat: place.lat, lng: place.lng, weight: round2(visits + views), place_visits: visits, views: round2(views) }
    })
    .filter((point) => point.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.place_id - b.place_id)
}

export const maxWeight = (points: HeatPoint[]) => points.reduce((max, point) => Math.max(max, point.weight), 0)
