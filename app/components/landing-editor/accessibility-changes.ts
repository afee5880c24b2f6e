import { locales } from '#app/i18n/config.ts'
import { accessibilityInputSchema, unknownFacts, type AccessibilityInput } from '#app/modules/accessibility/accessibility.schema.ts'
import type { AccessibilityFacts, RouteAccessibilityView } from '#app/modules/accessibility/accessibility-responses.schema.ts'
import type { UpdateWalkBody } from '#app/modules/walks/walks.schema.ts'
import type { FieldErrors } from '#app/utils/errors.ts'
import { issuesToFieldErrors } from '#app/utils/validation.ts'

// The landing editor's accessibility state (ADR 027): the route's facts and its
// stops' entrance notes, and the part of PUT /routes/update they differ by. Pure.

export interface AccessibilityEditState {
  facts: AccessibilityFacts
  /** Entrance notes by place id and language, blanks as ''. */
  entrances: Record<number, Record<string, string>>
}

/** The body's `accessibility`: changed facts and changed notes only. */
export type AccessibilityUpdate = Omit<AccessibilityInput, 'entrances' | 'elevation'> & { entrances?: { place_id: number; notes: Record<string, string> }[] }

interface RouteLike {
  accessibility?: RouteAccessibilityView
  places?: { id: number; accessible_entrance?: Record<string, string> }[]
}

export function accessibilityState(route: RouteLike): AccessibilityEditState {
  const { elevation: _elevation, ...facts } = route.accessibility ?? { ...unknownFacts(), elevation: null }
  const entrances: AccessibilityEditState['entrances'] = {}
  for (const place of route.places ?? []) {
    // The four languages and any content language a note is written in (ADR 043); the editor adds the one its tab shows.
    const languages = new Set([...locales, ...Object.keys(place.accessible_entrance ?? {})])
    entrances[place.id] = Object.fromEntries([...languages].map((l) => [l, place.accessible_entrance?.[l] ?? '']))
  }
  return { facts, entrances }
}

/** Null when nothing changed. */
export function accessibilityUpdate(saved: AccessibilityEditState, edited: AccessibilityEditState | undefined): AccessibilityUpdate | null {
  // Work kept from before this section existed has no accessibility state: nothing to send.
  if (!edited) return null
  const update: AccessibilityUpdate = {}
  for (const key of Object.keys(saved.facts) as (keyof AccessibilityFacts)[]) {
    if (edited.facts[key] !== saved.facts[key]) Object.assign(update, { [key]: edited.facts[key] })
  }
  const entrances: NonNullable<AccessibilityUpdate['entrances']> = []
  for (const [id, notes] of Object.entries(edited.entrances)) {
    const before = saved.entrances[Number(id)]
    const changed = Object.keys(notes).filter((l) => (notes[l] ?? '').trim() !== (before?.[l] ?? '').trim())
    if (changed.length > 0) entrances.push({ place_id: Number(id), notes: Object.fromEntries(changed.map((l) => [l, notes[l]])) })
  }
  if (entrances.length > 0) update.entrances = entrances
  return Object.keys(update).length > 0 ? update : null
}

/** The API's own rules on the update, keyed `accessibility.<field>` as the form shows them. */
export function accessibilityErrors(update: UpdateWalkBody['accessibility']): FieldErrors {
  if (!update) return {}
  const result = accessibilityInputSchema.safeParse(update)
  if (result.success) return {}
  return Object.fromEntries(Object.entries(issuesToFieldErrors(result.error.issues, update)).map(([field, messages]) => [`accessibility.${field}`, messages]))
}
