import { z } from '@hono/zod-openapi'
import { routeAccessibilitySchema } from '#app/modules/accessibility/accessibility-responses.schema.ts'
import { featureCollectionSchema } from '#app/modules/geo/geojson.schema.ts'
import { routeColorNames, walkStatuses } from './walks.schema.ts'
import { noticeLevels } from './walk-notice.ts'

// What the routes API answers (the OpenAPI document is generated from these), and so the types
// of those answers on both sides (ADR 035). Not a server module: screens import its types.

const text = z.string().nullable()
const texts = {
  name: text.openapi({ description: 'Non-blank, or null' }),
  subtitle: text,
  description: text,
  content_title: text,
  content_text: text,
  logo_title: text,
}

/** A route's notice; `active`: today (TIME_ZONE) is within its days, the visitor pages show it. */
export const routeNoticeSchema = z
  .object({
    level: z.enum(noticeLevels),
    text: z.string().nullable().openapi({ description: 'In the language asked for, else the category’s fallback, else any language that has one' }),
    texts: z.record(z.string(), z.string()).openapi({ description: 'The text per language, those written only' }),
    starts_on: z.string().nullable().openapi({ description: 'First day shown, YYYY-MM-DD (inclusive); null: from now' }),
    ends_on: z.string().nullable().openapi({ description: 'Last day shown, YYYY-MM-DD (inclusive); null: no end' }),
    active: z.boolean(),
  })
  .nullable()
  .openapi('RouteNotice')

export const routeQrCodeSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['route', 'landing', 'map']),
  url: z.string().openapi({
    description: 'What the code encodes, the canonical address of the page (ADR 011): BASE_URL/r/{category}/{slug} or /m/{category}/{slug}; with subdomain routing https://{category}.{host}/r/{slug} or /m/{slug}',
  }),
  qr_code_image_svg_url: z.string(),
})

export const routeQrCodeDetailSchema = routeQrCodeSchema.extend({ route_uuid: z.string() }).openapi('RouteQrCode')

export const routeSummarySchema = z
  .object({
    uuid: z.string(),
    place_category_id: z.number().int(),
    slug: z.string(),
    url: z.string().openapi({ description: 'The canonical public landing page, as the full route’s' }),
    status: z.string(),
    color: z.string(),
    name: text,
    subtitle: text,
    photo: z.string().nullable(),
    distance: z.number(),
    duration: z.number(),
    isIndexed: z.boolean(),
    is_modified: z.boolean(),
    placesCount: z.number().int(),
    notice: routeNoticeSchema,
  })
  .openapi('RouteSummary')

const routePlaceSchema = z.object({
  id: z.number().int(),
  placeSortId: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  name: z.string(),
  accessible_entrance: z.record(z.string(), z.string()).openapi({ description: 'The accessible-entrance note by language (ADR 027)' }),
})

export const routeSchema = z
  .object({
    uuid: z.string(),
    place_category_id: z.number().int(),
    status: z.string().openapi({ enum: [...walkStatuses] }),
    branding: z.object({ bg_color: z.string(), is_bg_transparent: z.boolean(), logo_pro_url: z.string().nullable() }),
    color: z.string().openapi({ enum: routeColorNames }),
    url: z.string().openapi({ description: 'The canonical public landing page (ADR 011): BASE_URL/r/{category}/{slug}, or https://{category}.{host}/r/{slug} with subdomain routing' }),
    slug: z.string(),
    ...texts,
    photo: z.string().nullable(),
    content_image: z.string().nullable(),
    logos: z.array(z.object({ id: z.number().int(), url: z.string() })),
    distance: z.number().openapi({ description: 'metres' }),
    duration: z.number().openapi({ description: 'seconds' }),
    isIndexed: z.boolean(),
    features_collection: featureCollectionSchema.nullable(),
    places: z.array(routePlaceSchema),
    nearby_routes: z.array(routeSummarySchema),
    route_qr_code: routeQrCodeSchema.nullable(),
    route_landing_page_qr_codes: z.array(routeQrCodeSchema),
    route_map_page_qr_codes: z.array(routeQrCodeSchema),
    isPathVisible: z.boolean(),
    isSpacePlacesVisible: z.boolean(),
    is_modified: z.boolean(),
    placesCount: z.number().int(),
    notice: routeNoticeSchema,
    accessibility: routeAccessibilitySchema,
    locale: z.string().openapi({ description: 'The language the text fields were asked in (or the category’s fallback)' }),
    translations: z.record(z.string(), z.object(texts)),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Route')

export const publicRouteSchema = routeSchema
  .extend({
    place_category: z.object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      fallback_locale: z.string().openapi({ description: 'The language its routes are written in first' }),
      content_locales: z.array(z.string()).openapi({ description: 'Its content languages (BCP 47), the fallback first (ADR 043)' }),
      content_locale: z.string().openapi({ description: 'The content language the texts were read in' }),
    }),
  })
  .openapi('PublicRoute')

// The contract's types (ADR 035): the screens and the services use these, never a copy.
export type RouteNotice = NonNullable<z.infer<typeof routeNoticeSchema>>
export type RouteQrCodeView = z.infer<typeof routeQrCodeSchema>
export type RouteQrCodeDetailView = z.infer<typeof routeQrCodeDetailSchema>
export type RoutePlaceView = z.infer<typeof routePlaceSchema>
export type RouteSummaryView = z.infer<typeof routeSummarySchema>
export type RouteView = z.infer<typeof routeSchema>
export type PublicRouteView = z.infer<typeof publicRouteSchema>
