import type { FeatureCollection } from '#app/modules/geo/geojson.schema.ts'
import type { EntranceRow, FactsRow } from './accessibility.repo.server.ts'
import type { AccessibilityFacts, RouteAccessibilityView } from './accessibility-responses.schema.ts'
import { unknownFacts } from './accessibility.schema.ts'
import { elevationOf } from './elevation.ts'

// Rows to the API's shapes. No I/O.

const flag = (v: 0 | 1 | null) => (v === null ? null : v === 1)

export function factsOf(row: FactsRow | undefined): AccessibilityFacts {
  if (!row) return unknownFacts()
  return {
    step_free: flag(row.step_free),
    max_slope_pct: row.max_slope_pct,
    surface: row.surface,
    stairs: flag(row.stairs),
    stairs_count: row.stairs_count,
    benches: flag(row.benches),
    toilets: flag(row.toilets),
    drinking_water: flag(row.drinking_water),
    shade: row.shade,
    pushchair: flag(row.pushchair),
    wheelchair: flag(row.wheelchair),
  }
}

/** A route's `accessibility`: its facts and the height profile of its drawn path. */
export function routeAccessibility(row: FactsRow | undefined, path: FeatureCollection | null): RouteAccessibilityView {
  return { ...factsOf(row), elevation: elevationOf(path) }
}

/** Each place's notes by language (places without a note have none in the map). */
export function notesByPlace(rows: EntranceRow[]): Map<number, Record<string, string>> {
  const notes = new Map<number, Record<string, string>>()
  for (const row of rows) (notes.get(row.place_id) ?? notes.set(row.place_id, {}).get(row.place_id)!)[row.locale] = row.entrance_note
  return notes
}
