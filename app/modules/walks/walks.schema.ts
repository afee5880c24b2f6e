import { z } from 'zod'
import { contentLocaleSchema } from '#app/i18n/content-locale-schema.ts'
import { accessibilityInputSchema } from '#app/modules/accessibility/accessibility.schema.ts'
import { featureCollectionSchema } from '#app/modules/geo/geojson.schema.ts'
import { ROUTE_SLUG_MAX } from '#app/modules/addresses/slug-limits.ts'
import { noticeInputSchema } from './walk-notice.ts'
import { singleLineName } from '#app/utils/single-line.ts'

// Payloads of the routes API (docs/spec.md §7); field names are the spec's.

/** The ten route colours (docs/spec.md §3): the name is stored and sent, the hex is drawn. */
export const routeColors = {
  'bg-red-100': '#DA6151',
  'bg-orange': '#FF8A00',
  'bg-green-100': '#6EB90D',
  'bg-green-900': '#0DB990',
  'bg-blue-100': '#0D7BB9',
  'bg-violet': '#7552DC',
  'bg-orchid': '#C852DC',
  'bg-pink': '#DC5283',
  'bg-grey-100': '#7D7D7D',
  'bg-black': '#000000',
} as const
export type RouteColor = keyof typeof routeColors
export const routeColorNames = Object.keys(routeColors) as [RouteColor, ...RouteColor[]]
export const defaultRouteColor: RouteColor = 'bg-orange'

export const walkStatuses = ['draft', 'published'] as const

/** The translated texts of a route, one set per language. */
export const walkTextFields = ['name', 'subtitle', 'description', 'content_title', 'content_text', 'logo_title'] as const
export type WalkTextField = (typeof walkTextFields)[number]
export type WalkTexts = Record<WalkTextField, string | null>

export const ROUTE_NAME_MAX = 120
export const MAX_ROUTE_PLACES = 500
export const MAX_ROUTE_LOGOS = 20
/** Bounds for distance (m) and duration (s): a world tour is not a walk. */
export const MAX_DISTANCE_M = 10_000_000
export const MAX_DURATION_S = 10_000_000

const name = singleLineName(ROUTE_NAME_MAX)
/** An optional text: blank means "no text" (stored as null). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v ? v : null))

export const walkSlugSchema = z
  .string()
  .trim()
  .min(1)
  .max(ROUTE_SLUG_MAX)
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, { error: 'validation.route_slug' })

const colorSchema = z.enum(routeColorNames)
const hexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'validation.hex_color' })
  .transform((v) => v.toUpperCase())
const id = z.number().int().min(1).max(2_147_483_647)
const uuid = z.string().trim().min(1).max(64)

/** The longest text of each field (the forms say it and stop there). */
export const walkTextLimits: Record<WalkTextField, number> = {
  name: ROUTE_NAME_MAX,
  subtitle: 200,
  description: 5_000,
  content_title: 200,
  content_text: 20_000,
  logo_title: 200,
}

const textShape = {
  name: name.optional(),
  subtitle: text(walkTextLimits.subtitle).optional(),
  description: text(walkTextLimits.description).optional(),
  content_title: text(walkTextLimits.content_title).optional(),
  content_text: text(walkTextLimits.content_text).optional(),
  logo_title: text(walkTextLimits.logo_title).optional(),
}
/** In a language's texts, a null name is that language having none of its own (get-route answers it so): nothing to write. */
export const walkTranslationSchema = z.strictObject({ ...textShape, name: z.preprocess((v) => (v === null ? undefined : v), name.optional()) })
export type WalkTranslationInput = z.output<typeof walkTranslationSchema>

/** The spec's client may send an empty value for "none". */
const orNone = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional())

export const storeWalkSchema = z.strictObject({
  name,
  color: orNone(colorSchema),
  /** The wanted slug (the spec's client sends it as url); empty or absent: made from the name. */
  url: orNone(walkSlugSchema),
  place_category_id: id,
  locale: contentLocaleSchema.optional(),
})

/**
 * What the API itself answers but a client cannot set (spec: the client sends "the route state
 * plus the sorted places", i.e. the route as GET /routes/{uuid}/get-route returned it). They are
 * accepted, loosely typed, and ignored; a field the API never answers is still refused.
 */
const readOnly = <T extends z.ZodType>(schema: T) => schema.optional().describe('Read-only: accepted and ignored')
const anyJson = z.unknown()

export const routePlaceInputSchema = z.strictObject({
  id,
  placeSortId: z.number().int().min(1).optional(),
  lat: readOnly(z.number().nullable()),
  lng: readOnly(z.number().nullable()),
  name: readOnly(z.string().nullable()),
  accessible_entrance: readOnly(z.record(z.string(), z.string())),
})

export const updateWalkSchema = z.strictObject({
  uuid,
  /** The language of the flat text fields (else the request's language, else the category's). */
  locale: contentLocaleSchema.optional(),
  ...textShape,
  /** The texts per content language (ADR 043): any of the category's, by BCP 47 tag. */
  translations: z.record(contentLocaleSchema, walkTranslationSchema).optional(),
  color: colorSchema.optional(),
  status: z.enum(walkStatuses).optional(),
  slug: walkSlugSchema.optional(),
  branding: z
    .strictObject({ bg_color: hexColor.optional(), is_bg_transparent: z.boolean().optional(), logo_pro_url: readOnly(z.string().nullable()) })
    .optional(),
  isIndexed: z.boolean().optional(),
  isPathVisible: z.boolean().optional(),
  isSpacePlacesVisible: z.boolean().optional(),
  is_modified: z.boolean().optional(),
  distance: z.number().min(0).max(MAX_DISTANCE_M).optional(),
  duration: z.number().min(0).max(MAX_DURATION_S).optional(),
  features_collection: featureCollectionSchema.nullable().optional(),
  /** The route's places in walking order; saved numbered 1..n in this order. */
  places: z.array(routePlaceInputSchema).max(MAX_ROUTE_PLACES).optional(),
  /** The route's notice: the whole of it, or null to remove it; absent leaves it as it is. */
  notice: noticeInputSchema.nullable().optional(),
  /** Accessibility facts and the stops' entrance notes (ADR 027): absent fields are kept, null is unknown. */
  accessibility: accessibilityInputSchema.optional(),
  // Read-only (ignored): what get-route answers besides the state above.
  place_category_id: readOnly(z.number()),
  url: readOnly(z.string()),
  photo: readOnly(z.string().nullable()),
  content_image: readOnly(z.string().nullable()),
  logos: readOnly(z.array(anyJson)),
  nearby_routes: readOnly(z.array(anyJson)),
  route_qr_code: readOnly(anyJson),
  route_landing_page_qr_codes: readOnly(z.array(anyJson)),
  route_map_page_qr_codes: readOnly(z.array(anyJson)),
  placesCount: readOnly(z.number()),
  created_at: readOnly(z.string()),
  updated_at: readOnly(z.string()),
})

export const uuidBodySchema = z.strictObject({ uuid })

export const assignNearbySchema = z.strictObject({
  currentRouteUuid: uuid,
  nearbyRouteUuid: uuid,
  sortId: z.number().int().min(1).max(1_000),
})

export const detachNearbySchema = z.strictObject({ currentRouteUuid: uuid, nearbyRouteUuid: uuid })

/** The new order of a route's partner logos: each of its logo ids exactly once, first to last. */
export const logoOrderSchema = z.strictObject({ ids: z.array(z.number().int().positive()).max(MAX_ROUTE_LOGOS) })
export type LogoOrderInput = z.infer<typeof logoOrderSchema>

export const routeBySlugSchema = z.strictObject({
  routeSlug: z.string().trim().min(1).max(200),
  /** The category's slug, current or old (ADR 011); without it, the host's subdomain, else a category-less address printed before. */
  place_category_slug: z
    .string()
    .trim()
    .min(1)
    .max(63)
    .optional()
    .meta({ description: 'The slug (current or old) of the category the route is looked up in; default: the host’s category subdomain' }),
})

export type StoreWalkInput = z.output<typeof storeWalkSchema>
export type UpdateWalkInput = z.output<typeof updateWalkSchema>
/** The body of PUT /routes/update as a client writes it (the editors build parts of it). */
export type UpdateWalkBody = z.input<typeof updateWalkSchema>
export type AssignNearbyInput = z.output<typeof assignNearbySchema>
export type DetachNearbyInput = z.output<typeof detachNearbySchema>
export type RouteBySlugInput = z.output<typeof routeBySlugSchema>
