import { createRoute, z } from '@hono/zod-openapi'
import { errorResponses } from '#app/api/openapi-helpers.ts'
import { requestLocale } from '#app/api/params.ts'
import { createRouter } from '#app/api/router.server.ts'
import { categorySlugFromHost } from '#app/platform/http/host.server.ts'
import { notFound } from '#app/utils/errors.ts'
import { routeGpx } from './gpx.server.ts'

// The GPX download of the map page: public for published routes, drafts for members only.

export const gpxApi = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/routes/{ref}/gpx',
    tags: ['routes'],
    summary: 'A route as GPX 1.1 (waypoints for the places, the drawn path as a track or the places as a route)',
    description:
      'No session needed for a published route; members of its category also get drafts. `ref` is the route’s uuid or ' +
      'its slug. A slug is looked up in the category named by `category` (or the host’s subdomain), current or old slugs ' +
      'alike (ADR 011); without a category, only a category-less address printed before addresses named their category ' +
      'is answered.',
    request: {
      params: z.object({ ref: z.string() }),
      query: z.object({ category: z.string().optional().openapi({ description: 'The category’s slug (current or old)' }) }),
    },
    responses: {
      200: { description: 'The GPX file (attachment "{slug}.gpx")', content: { 'application/gpx+xml': { schema: z.string() } } },
      404: errorResponses[404],
    },
  }),
  async (c) => {
    const { services } = c.var
    const categorySlug = c.req.valid('query').category ?? categorySlugFromHost(c.req.header('host'), services.config) ?? undefined
    const gpx = await routeGpx(services, c.req.valid('param').ref, { viewer: c.var.user ?? null, categorySlug, locale: requestLocale(c) })
    if (!gpx) throw notFound()
    return c.body(gpx.xml, 200, {
      'Content-Type': 'application/gpx+xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${gpx.slug}.gpx"`,
      'Cache-Control': 'private, no-cache',
    })
  },
)
