import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ApiEnv } from '#app/api/env.ts'
import { clientIp, requireAuth, requireSameOriginForGet } from '#app/api/middleware.server.ts'
import { dataOf, errorResponses, errorSchema, jsonBody, jsonContent, tooManyRequests, trashedData } from '#app/api/openapi-helpers.ts'
import { idPathSchema, parseId, callerLocale } from '#app/api/params.ts'
import { createRouter } from '#app/api/router.server.ts'
import { translate } from '#app/i18n/i18n.server.ts'
import { NEARBY_RADIUS_M } from '#app/modules/geo/geo.ts'
import { etagMatches } from '#app/utils/http-encoding.ts'
import type { QrImageFormat } from './qr-image.server.ts'
import {
  addLocationSchema,
  createQrBatchSchema,
  createQrCodeSchema,
  QR_PNG_SIZE,
  qrCodeSchema,
  qrImageQuerySchema,
  updateQrCodeSchema,
} from './qr-codes.schema.ts'

const nearbySchema = errorSchema.extend({
  data: z.object({
    nearby_places: z.array(z.object({ id: z.number().int(), name: z.string(), lat: z.number().nullable(), lng: z.number().nullable(), distance: z.number() })),
  }),
})
const codeParams = z.object({ code: z.string().openapi({ param: { name: 'code', in: 'path' }, example: 'K7PX3M9A' }) })
const tags = ['qr codes']
const auth = { middleware: requireAuth }
const one = (description: string) => jsonContent(dataOf(qrCodeSchema), description)
const image = (type: string) => ({
  200: { content: { [type]: { schema: z.string() } }, description: 'The image; cached a day, with an ETag' },
  304: { description: 'Not modified (If-None-Match)' },
  404: errorResponses[404],
  422: errorResponses[422],
  ...tooManyRequests('RATE_LIMIT_QR_IMAGES (PNG renders per client)'),
  503: jsonContent(errorSchema, 'Too many images being drawn at once; see Retry-After'),
})

const detachRoute = (method: 'get' | 'post') =>
  createRoute({
    method,
    path: '/qr-codes/{code}/detach-place',
    summary: method === 'get' ? 'Detach a QR code from its place (the app’s own pages only)' : 'Detach a QR code from its place',
    tags,
    ...auth,
    // A GET that writes: with the cookie alone, only the app's own pages may send it.
    ...(method === 'get' ? { middleware: [requireAuth, requireSameOriginForGet] as const } : {}),
    request: { params: codeParams },
    responses: { 200: one('Unlinked from its place and user'), ...errorResponses },
  })

async function detach(c: Context<ApiEnv, '/qr-codes/:code/detach-place'>) {
  return c.json({ data: await c.var.services.qrCodes.detachPlace(c.var.user!, c.req.param('code')) }, 200)
}

/** Public image of a code: a day in caches, and 304 when the client already has it. */
async function answerImage(c: Context<ApiEnv>, code: string, format: QrImageFormat, size = QR_PNG_SIZE.default) {
  const img = await c.var.services.qrCodes.image(code, format, size, clientIp(c, c.var.services.config.TRUST_PROXY))
  c.header('Cache-Control', 'public, max-age=86400')
  c.header('ETag', img.etag)
  if (etagMatches(c.req.header('if-none-match'), img.etag)) return c.body(null, 304)
  c.header('Content-Type', img.contentType)
  c.header('X-Content-Type-Options', 'nosniff')
  return c.body(new Uint8Array(await img.render()), 200)
}

export const qrCodesApi = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/place-categories/{id}/fetch-qr-codes',
      summary: 'The category’s QR codes',
      tags,
      ...auth,
      request: { params: idPathSchema },
      responses: { 200: jsonContent(dataOf(z.array(qrCodeSchema)), 'The category’s QR codes with their places'), ...errorResponses },
    }),
    async (c) => c.json({ data: await c.var.services.qrCodes.listForCategory(c.var.user!, parseId(c.req.valid('param').id)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/qr-codes',
      summary: 'Create a QR code',
      tags,
      ...auth,
      request: jsonBody(createQrCodeSchema),
      responses: { 201: one('Created; a code and an image are drawn when not given'), ...errorResponses },
    }),
    async (c) => c.json({ data: await c.var.services.qrCodes.create(c.var.user!, c.req.valid('json')) }, 201),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/qr-codes/batch',
      summary: 'Create several QR codes at once',
      tags,
      ...auth,
      request: jsonBody(createQrBatchSchema),
      responses: { 201: jsonContent(dataOf(z.array(qrCodeSchema)), 'Created: random 8-character codes'), ...errorResponses },
    }),
    async (c) => c.json({ data: await c.var.services.qrCodes.createBatch(c.var.user!, c.req.valid('json')) }, 201),
  )
  .openapi(
    createRoute({ method: 'get', path: '/qr-codes/{code}', summary: 'One QR code', tags, ...auth, request: { params: codeParams }, responses: { 200: one('The QR code'), ...errorResponses } }),
    async (c) => c.json({ data: await c.var.services.qrCodes.get(c.var.user!, c.req.valid('param').code) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/qr-codes/{code}',
      summary: 'Update a QR code',
      tags,
      ...auth,
      request: { params: codeParams, ...jsonBody(updateQrCodeSchema) },
      responses: { 200: one('Updated'), ...errorResponses },
    }),
    async (c) => c.json({ data: await c.var.services.qrCodes.update(c.var.user!, c.req.valid('param').code, c.req.valid('json')) }, 200),
  )
  .openapi(
    createRoute({ method: 'delete', path: '/qr-codes/{code}', summary: 'Move a QR code to the trash', tags, ...auth, request: { params: codeParams }, responses: { 200: jsonContent(trashedData, 'Moved to its category’s trash for TRASH_DAYS (ADR 110)'), ...errorResponses } }),
    async (c) => {
      const trashId = await c.var.services.trash.trashQrCode(c.var.user!, c.req.valid('param').code)
      return c.json({ data: { message: translate(callerLocale(c), { key: 'qr_codes.deleted' }), trash_id: trashId } }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/qr-codes/{code}/add-location',
      summary: 'Place a QR code: at a place, or at a new place at a position',
      tags,
      ...auth,
      request: { params: codeParams, ...jsonBody(addLocationSchema) },
      responses: {
        200: one('Linked (activated) to the place'),
        409: jsonContent(nearbySchema, 'Places of the category within 20 m: nothing changed; resend with create_anyway or a place_id'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const result = await c.var.services.qrCodes.addLocation(c.var.user!, c.req.valid('param').code, c.req.valid('json'))
      if (result.kind === 'linked') return c.json({ data: result.qrCode }, 200)
      const message = translate(callerLocale(c), { key: 'errors.qr_place_nearby', values: { radius: NEARBY_RADIUS_M } })
      return c.json({ message, data: { nearby_places: result.nearby } }, 409)
    },
  )
  .openapi(detachRoute('get'), detach)
  .openapi(detachRoute('post'), detach)
  .openapi(
    createRoute({
      method: 'get',
      path: '/qr-codes/{code}/image.svg',
      summary: 'The QR code’s image as SVG',
      tags,
      request: { params: codeParams },
      responses: image('image/svg+xml'),
    }),
    (c) => answerImage(c, c.req.valid('param').code, 'svg', QR_PNG_SIZE.default),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/qr-codes/{code}/image.png',
      summary: 'The QR code’s image as PNG',
      tags,
      request: { params: codeParams, query: qrImageQuerySchema },
      responses: image('image/png'),
    }),
    (c) => answerImage(c, c.req.valid('param').code, 'png', c.req.valid('query').size),
  )
