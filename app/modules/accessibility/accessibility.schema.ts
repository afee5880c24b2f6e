import { z } from 'zod'
import { locales } from '#app/i18n/config.ts'
import { contentLocaleSchema } from '#app/i18n/content-locale-schema.ts'
import type { AccessibilityFacts, RouteAccessibilityView } from './accessibility-responses.schema.ts'

// Accessibility facts of a route and the accessible-entrance note of a place (issue 15, ADR
// 027). Every fact is optional and null means "unknown": unknown is a real answer, not "no".
// Shared by the API (PUT /routes/update `accessibility`, PUT /places/{id}/accessible-entrance),
// the landing editor and the visitor pages.

export const surfaces = ['paved', 'gravel', 'dirt', 'grass', 'mixed'] as const
export const shades = ['none', 'some', 'much'] as const
export type SurfaceKind = (typeof surfaces)[number]
export type ShadeLevel = (typeof shades)[number]

/** The yes/no/unknown facts, in the order the pages show them. */
export const yesNoFacts = ['step_free', 'stairs', 'benches', 'toilets', 'drinking_water', 'pushchair', 'wheelchair'] as const
export type YesNoFact = (typeof yesNoFacts)[number]

export const MAX_SLOPE_PCT = 100
export const MAX_STAIRS = 10_000
export const ENTRANCE_NOTE_MAX = 500
const MAX_ID = 2_147_483_647

export const unknownFacts = (): AccessibilityFacts => ({
  step_free: null,
  max_slope_pct: null,
  surface: null,
  stairs: null,
  stairs_count: null,
  benches: null,
  toilets: null,
  drinking_water: null,
  shade: null,
  pushchair: null,
  wheelchair: null,
})

const yesNo = z.boolean().nullable().optional()
const note = z.string().trim().max(ENTRANCE_NOTE_MAX).nullable().transform((v) => (v ? v : null))

/** A place's note per language; a blank or null note removes that language's. */
export const entranceNotesSchema = z.record(contentLocaleSchema, note)
export type EntranceNotesInput = z.output<typeof entranceNotesSchema>

/**
 * The facts a save changes (absent: left as they are; null: back to unknown), and the entrance
 * notes of places of the route (the landing editor saves them with the route, all or nothing).
 */
export const accessibilityInputSchema = z.strictObject({
  step_free: yesNo,
  max_slope_pct: z.number().min(0).max(MAX_SLOPE_PCT).nullable().optional(),
  surface: z.enum(surfaces).nullable().optional(),
  stairs: yesNo,
  stairs_count: z.number().int().min(0).max(MAX_STAIRS).nullable().optional(),
  benches: yesNo,
  toilets: yesNo,
  drinking_water: yesNo,
  shade: z.enum(shades).nullable().optional(),
  pushchair: yesNo,
  wheelchair: yesNo,
  entrances: z
    .array(z.strictObject({ place_id: z.number().int().positive().max(MAX_ID), notes: entranceNotesSchema }))
    .max(500)
    .optional(),
  /** Computed from the path (get-route answers it): a route sent back as answered is accepted, this ignored. */
  elevation: z.unknown().optional().describe('Read-only: accepted and ignored'),
})
export type AccessibilityInput = z.output<typeof accessibilityInputSchema>

export const placeEntranceSchema = z.strictObject({ accessible_entrance: entranceNotesSchema })
export type PlaceEntranceInput = z.output<typeof placeEntranceSchema>

/** A note in the wanted language, else in the fallback language, else in any: as route texts do. */
export function noteIn(notes: Partial<Record<string, string>>, wanted: string, fallback?: string): string | null {
  return noteWithLocale(notes, wanted, fallback)?.text ?? null
}

/** As noteIn, with the language the note found is written in (read aloud with its own voice). */
export function noteWithLocale(notes: Partial<Record<string, string>>, wanted: string, fallback?: string): { text: string; locale: string } | null {
  for (const locale of [wanted, fallback, ...locales, ...Object.keys(notes)]) {
    const text = locale ? notes[locale] : undefined
    if (locale && text) return { text, locale }
  }
  return null
}

/** True when a visitor has anything to read: a known fact or a height profile. */
export const hasAccessibility = (a: RouteAccessibilityView | null | undefined): boolean =>
  !!a && (a.elevation !== null || (Object.keys(unknownFacts()) as (keyof AccessibilityFacts)[]).some((k) => a[k] !== null))
