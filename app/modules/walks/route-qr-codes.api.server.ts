import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ApiEnv } from '#app/api/env.ts'
import { dataOf, errorResponses, jsonContent } from '#app/api/openapi-helpers.ts'
import { parseId } from '#app/api/params.ts'
import { requireAuth } from '#app/api/middleware.server.ts'
import { createRouter } from '#app/api/router.server.ts'
import { notFound } from '#app/utils/errors.ts'
import { QR_PNG_SIZE, type QrImage } from './route-qr-codes.server.ts'
import { routeQrCodeDetailSchema } from './walk-responses.ts'

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
})

/** Answers an image with its cache headers, or 304 when the client holds this version. */
function sendImage(c: Context<ApiEnv>, img: QrImage | null) {
  if (!img) throw notFound()
  const headers = { 'Content-Type': img.contentType, 'Cache-Control': img.cacheControl, ETag: img.etag }
  if (c.req.header('if-none-match')?.split(/\s*,\s*/).includes(img.etag)) return c.body(null, 304, headers)
  return c.body(typeof img.body === 'string' ? img.body : new Uint8Array(img.body), 200, headers)
}

export const routeQrCodesApi = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/route-qr-codes/{id}',
      tags,
      middleware: requireAuth,
      request: { params: idParams },
      responses: { 200: jsonContent(dataOf(routeQrCodeDetailSchema), 'The code, its target URL and its image'), ...errorResponses },
    }),
    async (c) => c.json({ data: await c.var.services.walks.qrCodes.get(c.var.user!, parseId(c.req.valid('param').id)) }, 200),
  )
  .openapi(
    createRoute({ method: 'get', path: '/route-qr-codes/{id}/image.svg', tags, request: { params: idParams }, responses: image('image/svg+xml', 'The code as SVG (public for a published route)') }),
    async (c) => sendImage(c, await c.var.services.walks.qrCodes.image(parseId(c.req.valid('param').id), c.var.user, 'svg')),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/route-qr-codes/{id}/image.png',
      tags,
      request: { params: idParams, query: sizeQuery },
      responses: image('image/png', 'The code as PNG (public for a published route)'),
    }),
    async (c) => {
      const { size } = c.req.valid('query')
      return sendImage(c, await c.var.services.walks.qrCodes.image(parseId(c.req.valid('param').id), c.var.user, 'png', size))
    },
  )
