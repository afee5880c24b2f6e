import { z } from '@hono/zod-openapi'
import { shades, surfaces } from './accessibility.schema.ts'

// The route view's `accessibility` as the API answers it (ADR 027), and so its types on both
// sides (ADR 035). Not a server module: screens import its types.

const yesNo = z.boolean().nullable().openapi({ description: 'true, false, or null when unknown' })

/** The yes/no/unknown facts and the others; null is "unknown" (a real answer, not "no"). */
export const accessibilityFactsSchema = z.object({
  step_free: yesNo,
  max_slope_pct: z.number().nullable().openapi({ description: 'Steepest slope in percent; null when unknown' }),
  surface: z.enum(surfaces).nullable(),
  stairs: yesNo,
  stairs_count: z.number().int().nullable(),
  benches: yesNo,
  toilets: yesNo,
  drinking_water: yesNo,
  shade: z.enum(shades).nullable(),
  pushchair: yesNo,
  wheelchair: yesNo,
})
export type AccessibilityFacts = z.infer<typeof accessibilityFactsSchema>

/** A route's height profile, computed from the heights of its drawn path (see elevation.ts). */
export const elevationSchema = z.object({
  ascent: z.number().openapi({ description: 'Metres climbed (changes under 3 m are not counted)' }),
  descent: z.number(),
  min: z.number(),
  max: z.number(),
  distance: z.number().openapi({ description: 'Metres along the path the profile covers' }),
  profile: z.array(z.tuple([z.number(), z.number()])).openapi({ description: '[metres along the path, height in metres]' }),
})
export type ElevationView = z.infer<typeof elevationSchema>

export const routeAccessibilitySchema = accessibilityFactsSchema
  .extend({ elevation: elevationSchema.nullable().openapi({ description: 'From the heights of the drawn path; null when it has none' }) })
  .openapi('RouteAccessibility')
export type RouteAccessibilityView = z.infer<typeof routeAccessibilitySchema>

/** A place's accessible-entrance notes (GET/PUT /places/{id}/accessible-entrance). */
export const placeEntranceViewSchema = z
  .object({
    place_id: z.number().int(),
    accessible_entrance: z.record(z.string(), z.string()).openapi({ description: 'The note by language; a language without one is absent' }),
  })
  .openapi('PlaceAccessibleEntrance')
export type PlaceEntranceView = z.infer<typeof placeEntranceViewSchema>
