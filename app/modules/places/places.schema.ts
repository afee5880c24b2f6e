import { z } from 'zod'
import { singleLineName } from '#app/utils/single-line.ts'
import { contentLocaleSchema } from '#app/i18n/content-locale-schema.ts'

// One schema per payload: the API validates with them, the screens' forms too.

/** Ids fit PostgreSQL's `integer`: a larger one names no record instead of failing the query. */
const MAX_ID = 2_147_483_647
const id = z.number().int({ error: 'validation.integer' }).positive().max(MAX_ID)

export const latitudeSchema = z.number().min(-90).max(90)
export const longitudeSchema = z.number().min(-180).max(180)
const name = singleLineName(160)

type CoordinatesInput = { lat?: number | null; lng?: number | null }
const isNumber = (v: unknown): v is number => typeof v === 'number'

/**
 * A place has both coordinates or neither (both left out, or both null): a lone latitude would
 * put it nowhere. The message goes on the field that is missing.
 */
function coordinatesPair(value: CoordinatesInput, ctx: z.RefinementCtx) {
  const sameKind = isNumber(value.lat) === isNumber(value.lng) && (value.lat === undefined) === (value.lng === undefined)
  if (sameKind) return
  const missing = isNumber(value.lat) ? 'lng' : isNumber(value.lng) ? 'lat' : value.lat === undefined ? 'lat' : 'lng'
  ctx.addIssue({ code: 'custom', path: [missing], message: 'validation.coordinates_pair' })
}

export const createPlaceSchema = z
  .strictObject({
    place_category_id: id,
    name,
    lat: latitudeSchema.nullable().optional(),
    lng: longitudeSchema.nullable().optional(),
  })
  .superRefine(coordinatesPair)

/** What `PlaceService.createInCategory` accepts from other services (the same rules, no category). */
export const newPlaceSchema = z
  .object({ name, lat: latitudeSchema.nullable(), lng: longitudeSchema.nullable() })
  .superRefine(coordinatesPair)

export const updatePlaceSchema = z
  .strictObject({
    name: name.optional(),
    lat: latitudeSchema.nullable().optional(),
    lng: longitudeSchema.nullable().optional(),
  })
  .superRefine(coordinatesPair)
  .refine((v) => Object.keys(v).length > 0, { error: 'validation.place_nothing_to_update' })

/** A number sent in the query string ("46.52"): blank is missing, anything else must parse. */
const queryNumber = (schema: z.ZodNumber) => z.string().trim().min(1).pipe(z.coerce.number<string>().pipe(schema))

export const nearbyQuerySchema = z.object({
  place_category_id: queryNumber(id),
  lat: queryNumber(latitudeSchema),
  lng: queryNumber(longitudeSchema),
})

export const invitePlaceUserSchema = z.strictObject({
  email: z.string().trim().min(1).max(254).pipe(z.email({ error: 'validation.email' })).transform((v) => v.toLowerCase()),
})

/**
 * A story, written in one of its category's content languages (ADR 044): `locale` is any BCP 47 tag
 * (stored canonical), refused when the category does not offer it; left out, the category's fallback.
 */
export const createSecretSchema = z.strictObject({
  title: z.string().trim().min(1).max(160),
  text: z.string().trim().min(1).max(5000),
  locale: contentLocaleSchema.optional().describe('The content language it is written in, one the category offers; left out, the category’s fallback'),
})

export type CreatePlaceInput = z.output<typeof createPlaceSchema>
export type NewPlaceInput = z.input<typeof newPlaceSchema>
export type UpdatePlaceInput = z.output<typeof updatePlaceSchema>
export type CreateSecretInput = z.output<typeof createSecretSchema>

// What the places API answers (ADR 035): the OpenAPI document and both sides' types.

const photoSchema = z.object({ profile_avatar: z.string().nullable() })
export const secretSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  locale: z.string().nullable().describe('The content language it is written in (BCP 47); null for a story written before languages were asked: the category’s fallback (ADR 044)'),
  created_at: z.string(),
  author: z.object({ id: z.number().int(), name: z.string() }).nullable(),
})
const summaryFields = {
  id: z.number().int(),
  place_category_id: z.number().int(),
  name: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  created_at: z.string(),
}
export const placeSchema = z.object({
  ...summaryFields,
  users: z.array(z.object({ id: z.number().int(), name: z.string(), photo: photoSchema })),
  invitations: z.object({ pending: z.array(z.object({ id: z.number().int(), email: z.string(), expires_at: z.string() })) }),
  secrets: z.array(secretSchema),
})
/** A place without its users, invitations and secrets (the map editor's list). */
const placeSummarySchema = z.object(summaryFields)
export const nearbyPlaceSchema = placeSummarySchema.extend({ distance: z.number() })
export const placeUserSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string(), photo: photoSchema, joined_at: z.string() })
export const invitationSchema = z.object({ id: z.number().int(), email: z.string(), expires_at: z.string(), created_at: z.string() })

export type PlaceView = z.infer<typeof placeSchema>
export type PlaceSummary = z.infer<typeof placeSummarySchema>
export type SecretView = z.infer<typeof secretSchema>
export type PlaceUserView = PlaceView['users'][number]
export type InvitationView = PlaceView['invitations']['pending'][number]

/** A place's texts per content language (ADR 043): its name there and a description; blank or null clears. */
const placeText = z.strictObject({
  name: z.preprocess((v) => (v === '' ? null : v), singleLineName(160).nullable()).optional(),
  description: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(5000).nullable()).optional(),
})
export const placeTextsSchema = z.strictObject({ texts: z.record(contentLocaleSchema, placeText) })
export type PlaceTextsInput = z.output<typeof placeTextsSchema>

export const placeTextsViewSchema = z.object({
  place_id: z.number().int(),
  texts: z.record(z.string(), z.object({ name: z.string().nullable(), description: z.string().nullable() })).describe('Per content language (BCP 47), those written only'),
})
export type PlaceTextsView = z.output<typeof placeTextsViewSchema>
