import { z } from '@hono/zod-openapi'

// GET /api/geocode: a town or an address, for the map editor to go to (a new category has no
// place to open the map on). Shared by the API and the editor.

/** At most this many results are answered (the editor lists them to pick one). */
export const MAX_GEOCODE_RESULTS = 5

/** What a search may be: a town's name is at least 2 letters ("Gy"). */
export const MIN_GEOCODE_QUERY = 2
export const MAX_GEOCODE_QUERY = 200

export const geocodeQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(MIN_GEOCODE_QUERY)
    .max(MAX_GEOCODE_QUERY)
    .openapi({ param: { name: 'q', in: 'query' }, example: 'Rue du Lac 5, Vevey' }),
  locale: z.string().optional().openapi({ param: { name: 'locale', in: 'query' }, description: 'fr, en, de or it: the language of the labels (else Accept-Language)' }),
})

/** [west, south, east, north] in degrees. */
const bbox = z.tuple([z.number(), z.number(), z.number(), z.number()])

export const geocodeResultSchema = z.object({
  /** The place as the provider names it, in the asked language when it has one. */
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** The area to show (a town's extent); absent for a single point. */
  bbox: bbox.optional(),
})

export type GeocodeResult = z.output<typeof geocodeResultSchema>
