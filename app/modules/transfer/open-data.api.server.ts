import { clientNetwork } from '#app/platform/rate-limit/client-network.ts'
import { contentLocaleSchema } from '#app/i18n/content-locale-schema.ts'
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { ApiEnv } from '#app/api/env.ts'
import { clientIp } from '#app/api/middleware.server.ts'
import { dataOf, errorResponses, errorSchema, jsonContent } from '#app/api/openapi-helpers.ts'
import { requestLocale } from '#app/api/params.ts'
import { createRouter } from '#app/api/router.server.ts'
import { sendAnswerParts, type KeptAnswer, type KeptAnswerHeaders } from '#app/platform/page-cache/answer-cache.server.ts'
import { notFound } from '#app/utils/errors.ts'
import { openCategorySchema } from './open-data.schema.ts'

// Open data for a category's own web site: CORS-open, no session, cached with an ETag that
// changes with the category's content version. Every answer, errors too, carries the CORS
// headers, so a site's script can read a 404 or a 429.

export const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'ETag, Retry-After',
}

/** The per-client key of RATE_LIMIT_OPEN_DATA (also counted by server/fast-path.ts's lean path). */
export const openDataLimitKey = (ip: string) => `open-data:${clientNetwork(ip)}`

/** CORS headers on every answer of these paths, and RATE_LIMIT_OPEN_DATA per client address. */
export const openDataHeaders = createMiddleware<ApiEnv>(async (c, next) => {
  try {
    if (c.req.method !== 'OPTIONS') {
      const { services } = c.var
      // Counted in memory and written every second, as the other visitor hits (ADR 071).
      await services.visitorLimits.enforce(openDataLimitKey(clientIp(c, services.config.TRUST_PROXY)), services.config.RATE_LIMIT_OPEN_DATA)
    }
    await next()
  } finally {
    for (const [name, value] of Object.entries(CORS)) c.res.headers.set(name, value)
  }
})

/** How open data goes out: anyone may keep it, and must ask again each time (a 304 when nothing changed). */
export const openDataHeadersOf = (contentType: string): KeptAnswerHeaders => ({ cacheControl: 'public, no-cache', vary: 'Accept-Language, Accept-Encoding', contentType })

function sendPublic(c: Context<ApiEnv>, answer: KeptAnswer | null, contentType: string): never {
  if (!answer) throw notFound()
  return sendAnswerParts(c, answer, openDataHeadersOf(contentType))
}

const slugParams = z.object({ slug: z.string().max(200) })
const tags = ['open data']
const notModified = { 304: { description: 'Not modified (If-None-Match named the current ETag)' } }
const limited = { 429: jsonContent(errorSchema, 'Too many requests from this client address (RATE_LIMIT_OPEN_DATA); see Retry-After') }

export const openDataApi = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/public/categories/{slug}',
      tags,
      summary: 'A category’s published routes with their public fields (open data, CORS-open)',
      description:
        'No session. `Access-Control-Allow-Origin: *`; an `ETag` that changes with the content (send `If-None-Match`: 304). ' +
        'Texts in `?locale=`, any content language (else Accept-Language, else the category’s language), with every language under `translations`. ' +
        'Drafts, members, invitations and e-mail addresses are never included. `slug`: the category’s current or an old slug.',
      request: { params: slugParams, query: z.object({ locale: contentLocaleSchema.optional().describe('Any content language of the category (BCP 47, ADR 043)') }) },
      responses: { 200: jsonContent(dataOf(openCategorySchema), 'The published routes'), ...notModified, 404: errorResponses[404], 422: errorResponses[422], ...limited },
    }),
    async (c) => sendPublic(c, await c.var.services.openData.category(c.req.valid('param').slug, requestLocale(c)), 'application/json'),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/public/categories/{slug}/geojson',
      tags,
      summary: 'A GeoJSON FeatureCollection of a category’s published routes and the places they pass by (open data)',
      description:
        'Routes are LineString or MultiLineString features (no geometry when the route hides its path) with `stops`, the ids ' +
        'of their place features; places are Point features. Texts in every language (`name:fr`). CORS and ETag as above.',
      request: { params: slugParams },
      responses: {
        200: { description: 'The FeatureCollection', content: { 'application/geo+json': { schema: z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) }) } } },
        ...notModified,
        404: errorResponses[404],
        ...limited,
      },
    }),
    async (c) => sendPublic(c, await c.var.services.openData.geojson(c.req.valid('param').slug), 'application/geo+json'),
  )
