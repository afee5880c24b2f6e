import { z } from 'zod'

// The open data answer (GET /api/public/categories/{slug}): public fields of published routes only.

const texts = z.object({ name: z.string().nullable(), subtitle: z.string().nullable(), description: z.string().nullable() })

const openRouteSchema = z.object({
  uuid: z.string(),
  slug: z.string(),
  name: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  /** The route colour's hex. */
  color: z.string(),
  distance: z.number().int(),
  duration: z.number().int(),
  places_count: z.number().int(),
  /** Public addresses (ADR 011): landing page, map page, files. */
  url: z.string(),
  map_url: z.string(),
  gpx_url: z.string(),
  geojson_url: z.string(),
  kml_url: z.string(),
  photo: z.string().nullable(),
  translations: z.record(z.string(), texts),
})

export const openCategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** The language the route texts are given in (`?locale=`, Accept-Language, else the category's). */
  locale: z.string(),
  geojson_url: z.string(),
  routes: z.array(openRouteSchema),
})
export type OpenCategory = z.output<typeof openCategorySchema>
