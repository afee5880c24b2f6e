import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ApiEnv } from '#app/api/env.ts'
import { dataOf, errorResponses, errorSchema, jsonContent, tooManyRequests } from '#app/api/openapi-helpers.ts'
import { parseId } from '#app/api/params.ts'
import { clientIp, requireAuth } from '#app/api/middleware.server.ts'
import { createRouter } from '#app/api/router.server.ts'
import { notFound } from '#app/utils/errors.ts'
import { QR_PNG_SIZE } from '#app/modules/qr-codes/qr-codes.schema.ts'
import { etagMatches } from '#app/utils/http-encoding.ts'
import type { RouteQrImage } from './route-qr-codes.server.ts'
import { routeQrCodeDetailSchema } from './walk-responses.schema.ts'

const tags = ['route QR codes']
const idParams = z.object({ id: z.string() })
const sizeQuery = z.object({
  size: z.coerce.number().int().min(QR_PNG_SIZE.min).max(QR_PNG_SIZE.max).optional().openapi({ description: 'Width in pixels (default 512)' }),
})
const image = (contentType: string, description: string) => ({
  200: { content: { [contentType]: { schema: { type: 'string' as const, format: 'binary' } } }, description },
  304: { description: 'Not modified (ETag)' },
  404: errorResponses[404],
  422: errorResponses[422],
  ...tooManyRequests('RATE_LIMIT_QR_IMAGES (PNG renders per client)'),
  503: jsonContent(errorSchema, 'Too many images being drawn at once; see Retry-After'),
})

/** Answers an image with its cache headers, or 304 when the client holds this version. */
async function sendImage(c: Context<ApiEnv>, img: RouteQrImage | null) {
  if (!img) throw notFound()
  const headers = { 'Content-Type': img.contentType, 'Cache-Control': img.cacheControl, ETag: img.etag }
  if (etagMatches(c.req.header('if-none-match'), img.etag)) return c.body(null, 304, headers)
  return c.body(new Uint8Array(await img.render()), 200, { ...headers, 'X-Content-Type-Options': 'nosniff' })
}
const client = (c: Context<ApiEnv>) => clientIp(c, c.var.services.config.TRUST_PROXY)

export const routeQrCodesApi = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/route-qr-codes/{id}',
      summary: 'A route’s QR code',
      tags,
      middleware: requireAuth,
      request: { params: idParams },
      responses: { 200: jsonContent(dataOf(routeQrCodeDetailSchema), 'The code, its target URL and its image'), ...errorResponses },
    }),
    async (c) => c.json({ data: await c.var.services.walks.qrCodes.get(c.var.user!, parseId(c.req.valid('param').id)) }, 200),
  )
  .openapi(
    createRoute({ method: 'get', path: '/route-qr-codes/{id}/image.svg', summary: 'A route’s QR code image as SVG', tags, request: { params: idParams }, responses: image('image/svg+xml', 'The code as SVG (public for a published route)') }),
    async (c) => sendImage(c, await c.var.services.walks.qrCodes.image(parseId(c.req.valid('param').id), c.var.user, 'svg', QR_PNG_SIZE.default, client(c))),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/route-qr-codes/{id}/image.png',
      summary: 'A route’s QR code image as PNG',
      tags,
      request: { params: idParams, query: sizeQuery },
      responses: image('image/png', 'The code as PNG (public for a published route)'),
    }),
    async (c) => {
      const { size } = c.req.valid('query')
      return sendImage(c, await c.var.services.walks.qrCodes.image(parseId(c.req.valid('param').id), c.var.user, 'png', size ?? QR_PNG_SIZE.default, client(c)))
    },
  )
