import { z } from 'zod'
import { featureCollectionSchema } from '#app/modules/geo/geojson.schema.ts'
import { MAX_DISTANCE_M, MAX_DURATION_S, ROUTE_NAME_MAX } from '#app/modules/walks/walks.schema.ts'
import { MAX_DRAFT_PLACES } from './route-drafting.ts'
import { contentLocaleSchema } from '#app/i18n/content-locale-schema.ts'

// Payloads and answers of the AI assistant API (/ai/*). Shared by the API and the /ai screen.

export const TARGET_MINUTES_MIN = 5
export const TARGET_MINUTES_MAX = 600

const id = z.number().int().min(1).max(2_147_483_647)

export const draftRouteSchema = z.strictObject({
  place_category_id: id,
  start_place_id: id,
  /** The walk wanted, in whole minutes. */
  target_minutes: z.number().int().min(TARGET_MINUTES_MIN).max(TARGET_MINUTES_MAX),
})

const placeIds = z
  .array(id)
  .min(1, { error: 'validation.ai_place_ids_count' })
  .max(MAX_DRAFT_PLACES, { error: 'validation.ai_place_ids_count' })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'validation.ai_place_ids_unique' })

export const createRouteSchema = z.strictObject({
  place_category_id: id,
  name: z.string().trim().min(1).max(ROUTE_NAME_MAX),
  /** The places in walking order (the draft's order). */
  place_ids: placeIds,
  distance: z.number().min(0).max(MAX_DISTANCE_M),
  duration: z.number().min(0).max(MAX_DURATION_S),
})

export const draftTextsSchema = z.strictObject({ route_uuid: z.string().trim().min(1).max(64) })

export type DraftRouteInput = z.output<typeof draftRouteSchema>
export type CreateRouteInput = z.output<typeof createRouteSchema>
export type DraftTextsInput = z.output<typeof draftTextsSchema>

// ---- Drafted texts: what the AI provider must answer, checked before anyone sees it.

export const draftLanguages = ['fr', 'en', 'de', 'it'] as const
export type DraftLanguage = (typeof draftLanguages)[number]

/** The same limits as PUT /routes/update, so a reviewed draft can be saved as it is. */
export const draftTextLimits = { name: ROUTE_NAME_MAX, subtitle: 200, description: 5_000, content_title: 200, content_text: 20_000 } as const

const draftText = (max: number) => z.string().trim().max(max)

const draftedTextsSchema = z.object({
  name: draftText(draftTextLimits.name).min(1),
  subtitle: draftText(draftTextLimits.subtitle),
  description: draftText(draftTextLimits.description),
  content_title: draftText(draftTextLimits.content_title),
  content_text: draftText(draftTextLimits.content_text),
})

/** Every language must be there; extra keys the provider adds are dropped. */
export const draftedTranslationsSchema = z.object({
  fr: draftedTextsSchema,
  en: draftedTextsSchema,
  de: draftedTextsSchema,
  it: draftedTextsSchema,
})

/** A translation's texts (ADR 043): the fields the source has, each translated. */
export const translatedTextsSchema = z.object({
  name: draftText(draftTextLimits.name).min(1),
  subtitle: draftText(draftTextLimits.subtitle),
  description: draftText(draftTextLimits.description),
  content_title: draftText(draftTextLimits.content_title),
  content_text: draftText(draftTextLimits.content_text),
})
export type TranslatedField = keyof z.output<typeof translatedTextsSchema>
export const translatedFields = ['name', 'subtitle', 'description', 'content_title', 'content_text'] as const satisfies readonly TranslatedField[]

/** POST /ai/translate-texts: the route, and the content language to draft its texts in (from the category's fallback). */
export const translateTextsSchema = z.strictObject({ route_uuid: z.string().trim().min(1).max(64), locale: contentLocaleSchema })
export type TranslateTextsInput = z.output<typeof translateTextsSchema>

/** The drafted translation, to review in the landing editor's tab of that language: nothing is saved. */
export const translatedTextsViewSchema = z.object({
  from: z.string().describe('The language translated from: the category’s fallback'),
  locale: z.string().describe('The content language drafted'),
  texts: translatedTextsSchema.partial().describe('Only the fields the fallback language has'),
})
export type TranslatedTextsView = z.output<typeof translatedTextsViewSchema>

export type DraftedTexts = z.output<typeof draftedTextsSchema>
export type DraftedTranslations = z.output<typeof draftedTranslationsSchema>

// ---- Answers (the `data` of each endpoint)

export const aiStatusSchema = z.object({ text_enabled: z.boolean(), model: z.string().nullable() })
export type AiStatus = z.output<typeof aiStatusSchema>

const draftedRoutePlaceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  placeSortId: z.number().int().describe('1-based walking order'),
})

export const draftedRouteSchema = z.object({
  places: z.array(draftedRoutePlaceSchema),
  distance: z.number().int().describe('Metres along straight legs, rounded'),
  duration: z.number().int().describe('Seconds at 1.4 m/s, rounded'),
  features_collection: featureCollectionSchema.meta({ description: 'One LineString through the places (no feature for a single place)' }),
})
export type DraftedRouteView = z.output<typeof draftedRouteSchema>

export const createdRouteSchema = z.object({ uuid: z.string(), slug: z.string() })
export type CreatedRouteView = z.output<typeof createdRouteSchema>

export const draftedTextsViewSchema = z.object({ translations: draftedTranslationsSchema })
export type DraftedTextsView = z.output<typeof draftedTextsViewSchema>
