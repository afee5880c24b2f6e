import { createRoute, z } from '@hono/zod-openapi'
import { requireAuth } from '#app/api/middleware.server.ts'
import { dataOf, errorResponses, errorSchema, jsonContent } from '#app/api/openapi-helpers.ts'
import { callerLocale } from '#app/api/params.ts'
import { createRouter } from '#app/api/router.server.ts'
import { geocodeQuerySchema, geocodeResultSchema } from './geocoding.schema.ts'

// GET /geocode: the map editor's "Find a town or address". User-scoped (it reads no category's
// data) but for managers only; the provider is the server's (GEOCODER).

export const geocodingApi = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/geocode',
    tags: ['geocoding'],
    middleware: requireAuth,
    summary:
      'Up to 5 places (towns, addresses) for a text of 2 to 200 characters, from the configured geocoder (Nominatim or Mapbox), labelled in the caller’s language. For managers of at least one category.',
    request: { query: geocodeQuerySchema },
    responses: {
      200: jsonContent(dataOf(z.array(geocodeResultSchema)), 'The places found, best first (an empty list when none): label, position and, for an area, its bounding box [west, south, east, north]'),
      401: errorResponses[401],
      403: jsonContent(errorSchema, 'The caller manages no category'),
      422: errorResponses[422],
      429: jsonContent(errorSchema, 'Too many searches from this user (RATE_LIMIT_GEOCODE)'),
      502: jsonContent(errorSchema, 'The geocoder failed, refused or did not answer in time'),
      503: jsonContent(errorSchema, 'The search is off (GEOCODER=off)'),
    },
  }),
  async (c) => {
    const { q } = c.req.valid('query')
    const results = await c.var.services.geocoding.search(c.var.user!, q, callerLocale(c), c.req.raw.signal)
    return c.json({ data: results }, 200)
  },
)
