import { createRoute, z } from '@hono/zod-openapi'
import { clientIp } from '#app/api/middleware.server.ts'
import { errorResponses, tooManyRequests } from '#app/api/openapi-helpers.ts'
import { requestLocale } from '#app/api/params.ts'
import { createRouter } from '#app/api/router.server.ts'
import { etagMatches } from '#app/utils/http-encoding.ts'

// A route's share picture, the og:image of its pages (ADR 121).

export const shareImageApi = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/routes/{uuid}/share-image.png',
    tags: ['routes'],
    summary: 'The route’s share picture: 1200 × 630 PNG of its path, numbered stops, colour and name',
    description:
      'No session needed for a published route; members of its category also get drafts. The name is in the language ' +
      'asked (`locale`, else Accept-Language, else the category’s fallback). The pages link it with `v`, the route’s ' +
      'version, so caches keep it for a day and a changed route is fetched anew. Drawn pictures are limited per client ' +
      '(RATE_LIMIT_SHARE_IMAGES).',
    request: {
      params: z.object({ uuid: z.string() }),
      query: z.object({
        locale: z.string().optional().openapi({ description: 'fr, en, de or it' }),
        v: z.string().optional().openapi({ description: 'The route’s version (ignored: it only makes the address change with the route)' }),
      }),
    },
    responses: {
      200: { description: 'The PNG picture', content: { 'image/png': { schema: z.string().openapi({ format: 'binary' }) } } },
      304: { description: 'Not modified (If-None-Match)' },
      404: errorResponses[404],
      ...tooManyRequests('RATE_LIMIT_SHARE_IMAGES'),
    },
  }),
  async (c) => {
    const { services } = c.var
    const image = await services.shareImages.image(c.req.valid('param').uuid, {
      viewer: c.var.user ?? null,
      locale: requestLocale(c),
      client: clientIp(c, services.config.TRUST_PROXY),
    })
    // Drafts are for members only: never kept by a shared cache.
    c.header('Cache-Control', c.var.user ? 'private, max-age=0, must-revalidate' : 'public, max-age=86400')
    c.header('ETag', image.etag)
    c.header('Vary', 'Accept-Language')
    if (etagMatches(c.req.header('if-none-match'), image.etag)) return c.body(null, 304)
    c.header('Content-Type', 'image/png')
    c.header('X-Content-Type-Options', 'nosniff')
    return c.body(new Uint8Array(await image.render()), 200)
  },
)
