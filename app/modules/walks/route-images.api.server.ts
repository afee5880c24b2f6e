import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ApiEnv } from '#app/api/env.ts'
import { dataOf, errorResponses, errorSchema, jsonBody, jsonContent } from '#app/api/openapi-helpers.ts'
import { parseId, requestLocale } from '#app/api/params.ts'
import { requireAuth } from '#app/api/middleware.server.ts'
import { createRouter } from '#app/api/router.server.ts'
import { limitUploads } from '#app/api/upload-limit.server.ts'
import { uploadReader } from '#app/modules/uploads/upload-form.server.ts'
import type { ImageSlot } from './walk-media.server.ts'
import { routeSchema } from './walk-responses.schema.ts'
import { logoOrderSchema } from './walks.schema.ts'

// A route's images: multipart/form-data with the image in the field `file`. The body is read
// by the service after the tenancy check, so it is described here but not validated by zod.

const tags = ['routes']
const auth = { middleware: requireAuth }
// Upload endpoints also count against RATE_LIMIT_UPLOADS (after the sign-in check).
const uploadAuth = { middleware: [requireAuth, limitUploads] }
const uuidParams = z.object({ uuid: z.string() })
const fileBody = {
  body: {
    required: true,
    content: {
      'multipart/form-data': {
        schema: { type: 'object' as const, properties: { file: { type: 'string' as const, format: 'binary' } }, required: ['file'] },
      },
    },
  },
}
const responses = (description: string) => ({
  200: jsonContent(dataOf(routeSchema), description),
  ...errorResponses,
  413: jsonContent(errorSchema, 'The image is larger than 8 MB'),
})

const tooMany = { 429: jsonContent(errorSchema, 'Too many uploads from this user and client (RATE_LIMIT_UPLOADS); see Retry-After') }
const upload = <P extends string>(path: P, slot: ImageSlot, what: string) =>
  createRoute({ method: 'post', path, summary: `Upload the route’s ${what.toLowerCase()}`, tags, ...uploadAuth, request: { params: uuidParams, ...fileBody }, responses: { ...responses(`${what} stored (JPEG, PNG, WebP, GIF or AVIF; re-encoded as WebP)`), ...tooMany } })
const removal = <P extends string>(path: P, what: string) =>
  createRoute({ method: 'delete', path, summary: `Remove the route’s ${what.toLowerCase()}`, tags, ...auth, request: { params: uuidParams }, responses: responses(`${what} removed, file deleted`) })

const setImage = (slot: ImageSlot) => async (c: Context<ApiEnv>) => {
  const uuid = c.req.param('uuid')!
  return c.json({ data: await c.var.services.walks.setImage(c.var.user!, uuid, slot, uploadReader(c), requestLocale(c)) }, 200)
}
const removeImage = (slot: ImageSlot) => async (c: Context<ApiEnv>) => {
  const uuid = c.req.param('uuid')!
  return c.json({ data: await c.var.services.walks.removeImage(c.var.user!, uuid, slot, requestLocale(c)) }, 200)
}

export const routeImagesApi = createRouter()
  .openapi(upload('/routes/{uuid}/photo', 'photo', 'Photo'), (c) => setImage('photo')(c))
  .openapi(upload('/routes/{uuid}/content-image', 'content_image', 'Content image'), (c) => setImage('content_image')(c))
  .openapi(upload('/routes/{uuid}/logo-pro', 'logo_pro', 'Branding logo'), (c) => setImage('logo_pro')(c))
  .openapi(removal('/routes/{uuid}/remove-photo', 'Photo'), (c) => removeImage('photo')(c))
  .openapi(removal('/routes/{uuid}/remove-content-image', 'Content image'), (c) => removeImage('content_image')(c))
  .openapi(removal('/routes/{uuid}/remove-logo-pro', 'Branding logo'), (c) => removeImage('logo_pro')(c))
  .openapi(
    createRoute({ method: 'post', path: '/routes/{uuid}/logos', summary: 'Add a partner logo to the route', tags, ...uploadAuth, request: { params: uuidParams, ...fileBody }, responses: { ...responses('Logo appended'), ...tooMany } }),
    async (c) => {
      const { uuid } = c.req.valid('param')
      return c.json({ data: await c.var.services.walks.addLogo(c.var.user!, uuid, uploadReader(c), requestLocale(c)) }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/routes/{uuid}/logos/{logoId}',
      summary: 'Remove a partner logo from the route',
      tags,
      ...auth,
      request: { params: z.object({ uuid: z.string(), logoId: z.string() }) },
      responses: responses('Logo removed, file deleted'),
    }),
    async (c) => {
      const { uuid, logoId } = c.req.valid('param')
      return c.json({ data: await c.var.services.walks.removeLogo(c.var.user!, uuid, parseId(logoId), requestLocale(c)) }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/routes/{uuid}/logos/order',
      summary: 'Reorder the route’s partner logos',
      tags,
      ...auth,
      request: { params: uuidParams, ...jsonBody(logoOrderSchema) },
      responses: { 200: jsonContent(dataOf(routeSchema), 'The route with its logos in the new order'), ...errorResponses },
    }),
    async (c) => {
      const { uuid } = c.req.valid('param')
      return c.json({ data: await c.var.services.walks.reorderLogos(c.var.user!, uuid, c.req.valid('json'), requestLocale(c)) }, 200)
    },
  )
