import { createRoute } from '@hono/zod-openapi'
import { requireAuth } from '#app/api/middleware.server.ts'
import { dataOf, errorResponses, errorSchema, jsonBody, jsonContent } from '#app/api/openapi-helpers.ts'
import { createRouter } from '#app/api/router.server.ts'
import { directionsRequestSchema, directionsSchema } from './directions.schema.ts'
import { ProviderUnavailable } from '#app/platform/http/outbound-json.server.ts'
import { AppError } from '#app/utils/errors.ts'

// POST /directions: the map editor's walking path. Any signed-in user may ask (it reads no
// category's data); the provider is the server's (DIRECTIONS_PROVIDER).

/** A provider failure as the error envelope, in the caller's language: 502 with the spec's "Error fetching directions", no stack trace. */
async function orBadGateway<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw new AppError(502, { key: 'errors.directions' })
    throw error
  }
}

export const directionsApi = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/directions',
    tags: ['directions'],
    middleware: requireAuth,
    summary:
      'The walking path through 2 to 500 points in order, from the configured provider (straight lines, Mapbox or OSRM). Writes nothing: the editor saves the path with PUT /routes/update.',
    request: jsonBody(directionsRequestSchema),
    responses: {
      200: jsonContent(dataOf(directionsSchema), 'The path, its length (m) and walking time (s), per leg too'),
      401: errorResponses[401],
      422: errorResponses[422],
      429: jsonContent(errorSchema, 'Too many directions requests from this user (RATE_LIMIT_DIRECTIONS)'),
      502: jsonContent(errorSchema, 'Error fetching directions: the provider failed, refused or did not answer in time'),
    },
  }),
  async (c) => c.json({ data: await orBadGateway(c.var.services.directions.route(c.var.user!, c.req.valid('json'), c.req.raw.signal)) }, 200),
)
