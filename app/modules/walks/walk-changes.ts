import type { Updateable } from 'kysely'
import type { Walk, WalksTable } from '#app/db/schema.ts'
import { contentLocalesOf } from '#app/i18n/content-locales.ts'
import { invalidField } from '#app/utils/errors.ts'
import { hasCoordinates, pathLength, walkingDuration, type LatLng } from '#app/modules/geo/geo.ts'
import { linePaths, type FeatureCollection } from '#app/modules/geo/geojson.schema.ts'
import { resolveTexts } from './walk-serializer.server.ts'
import type { TranslationRow } from './walks.repo.server.ts'
import { walkTextFields, type UpdateWalkInput, type WalkTexts } from './walks.schema.ts'

// Pure translation of an update payload into row changes (the service writes them).

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0)

/**
 * Text changes per language: the flat fields go to `locale`, `translations` override per language.
 * A route sent back as get-route answered it carries flat texts resolved from its translations
 * (a French view of a route named only in German shows the German name): a flat text equal to
 * what the body's own translations resolve to is that view, not an edit, and writes nothing.
 */
/**
 * The languages a route's texts are written in are the category's content languages (ADR 043):
 * a text, a notice or the flat fields' language in another one is refused, field by field.
 */
export function assertOfferedLocales(category: { fallback_locale: string; content_locales: string }, input: { locale?: string; translations?: Record<string, unknown>; notice?: { texts?: Record<string, unknown> } | null; accessibility?: { entrances?: { notes: Record<string, unknown> }[] } }) {
  const offered = contentLocalesOf(category)
  if (input.locale !== undefined && !offered.includes(input.locale)) throw invalidField('locale', 'validation.content_locale_not_offered')
  for (const tag of Object.keys(input.translations ?? {})) {
    if (!offered.includes(tag)) throw invalidField(`translations.${tag}`, 'validation.content_locale_not_offered')
  }
  for (const tag of Object.keys(input.notice?.texts ?? {})) {
    if (!offered.includes(tag)) throw invalidField(`notice.texts.${tag}`, 'validation.content_locale_not_offered')
  }
  input.accessibility?.entrances?.forEach((entrance, i) => {
    for (const tag of Object.keys(entrance.notes)) {
      if (!offered.includes(tag)) throw invalidField(`accessibility.entrances.${i}.notes.${tag}`, 'validation.content_locale_not_offered')
    }
  })
}

/** The language of a request's flat text fields: the one it names, else the caller's when the category offers it, else the fallback. */
export function textsLocale(category: { fallback_locale: string; content_locales: string }, named: string | undefined, caller: string | null): string {
  if (named) return named
  return caller && contentLocalesOf(category).includes(caller) ? caller : category.fallback_locale
}

export function translationChanges(input: UpdateWalkInput, locale: string, fallbackLocale: string): Map<string, Partial<WalkTexts>> {
  const changes = new Map<string, Partial<WalkTexts>>()
  const shown = input.translations ? resolveTexts(translationRows(input.translations), locale, fallbackLocale) : null
  const flat: Partial<WalkTexts> = {}
  for (const field of walkTextFields) {
    if (input[field] !== undefined && !(shown && shown[field] === input[field])) flat[field] = input[field]
  }
  if (Object.keys(flat).length > 0) changes.set(locale, flat)
  for (const [lang, fields] of Object.entries(input.translations ?? {})) {
    const given = fields ? stripUndefined(fields) : {}
    if (Object.keys(given).length > 0) changes.set(lang, { ...changes.get(lang), ...given })
  }
  return changes
}

function translationRows(translations: NonNullable<UpdateWalkInput['translations']>): TranslationRow[] {
  return Object.entries(translations).map(([lang, texts]) => ({ walk_id: 0, locale: lang, ...blank, ...texts }) as TranslationRow)
}
const blank = Object.fromEntries(walkTextFields.map((f) => [f, null])) as WalkTexts

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

/** The columns of `walks` an update sets (updated_at always). */
export function walkRowChanges(input: UpdateWalkInput, now: string): Updateable<WalksTable> {
  const changes: Updateable<WalksTable> = { updated_at: now }
  if (input.color !== undefined) changes.color = input.color
  if (input.status !== undefined) changes.status = input.status
  if (input.slug !== undefined) changes.slug = input.slug
  if (input.branding?.bg_color !== undefined) changes.bg_color = input.branding.bg_color
  if (input.branding?.is_bg_transparent !== undefined) changes.is_bg_transparent = flag(input.branding.is_bg_transparent)
  if (input.isIndexed !== undefined) changes.is_indexed = flag(input.isIndexed)
  if (input.isPathVisible !== undefined) changes.is_path_visible = flag(input.isPathVisible)
  if (input.isSpacePlacesVisible !== undefined) changes.is_space_places_visible = flag(input.isSpacePlacesVisible)
  if (input.is_modified !== undefined) changes.is_modified = flag(input.is_modified)
  if (input.features_collection !== undefined) {
    changes.features_collection = input.features_collection === null ? null : JSON.stringify(input.features_collection)
  }
  if (input.distance !== undefined) changes.distance = input.distance
  if (input.duration !== undefined) changes.duration = input.duration
  return changes
}

/**
 * Distance and duration when the client did not send them but changed the path or the places:
 * the drawn lines when there are any, else straight legs between the places, at 1.4 m/s.
 * Values the client sends (from a directions service) always win.
 */
export function derivedMeasures(
  input: UpdateWalkInput,
  current: Walk,
  places: (LatLng | { lat: number | null; lng: number | null })[],
): { distance?: number; duration?: number } {
  const pathChanged = input.places !== undefined || input.features_collection !== undefined
  if (input.distance !== undefined) {
    return input.duration === undefined ? { duration: Math.round(walkingDuration(input.distance)) } : {}
  }
  if (!pathChanged) return {}
  const collection =
    input.features_collection !== undefined
      ? input.features_collection
      : current.features_collection
        ? (JSON.parse(current.features_collection) as FeatureCollection)
        : null
  const lines = collection ? linePaths(collection) : []
  const distance = Math.round(
    lines.length > 0 ? lines.reduce((sum, line) => sum + pathLength(line), 0) : pathLength(places.filter(hasCoordinates)),
  )
  return { distance, ...(input.duration === undefined ? { duration: Math.round(walkingDuration(distance)) } : {}) }
}
