import { createRoute, z } from '@hono/zod-openapi'
import { dataOf, errorResponses, errorSchema, jsonContent } from '#app/api/openapi-helpers.ts'
import { parseId } from '#app/api/params.ts'
import { requireAuth } from '#app/api/middleware.server.ts'
import { createRouter } from '#app/api/router.server.ts'
import { limitUploads } from '#app/api/upload-limit.server.ts'
import { recordingReader } from '#app/modules/uploads/upload-form.server.ts'
import { recordingLocaleSchema, recordingSchema } from './recordings.schema.ts'

// A stop's recorded audio per language (ADR 122): multipart/form-data with the file in `file`,
// read by the service after the tenancy check (so described here, not validated by zod).

const tags = ['places']
const params = z.object({ id: z.string(), locale: recordingLocaleSchema })
const list = (description: string) => jsonContent(dataOf(z.array(recordingSchema)), description)

export const recordingsApi = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/places/{id}/recordings',
      summary: 'List a place’s recordings',
      tags,
      middleware: requireAuth,
      request: { params: z.object({ id: z.string() }) },
      responses: { 200: list('The place’s recordings, one per language'), ...errorResponses },
    }),
    async (c) => c.json({ data: await c.var.services.recordings.list(c.var.user!, parseId(c.req.valid('param').id)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/places/{id}/recordings/{locale}',
      summary: 'Upload a place’s recording in one language',
      tags,
      middleware: [requireAuth, limitUploads] as const,
      description:
        'Stores the recording of the place in that language, replacing any. MP3, AAC (ADTS or M4A) or Ogg Opus, ' +
        'recognised by the file’s bytes; 20 MB and 15 minutes at most.',
      request: {
        params,
        body: {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object' as const, properties: { file: { type: 'string' as const, format: 'binary' } }, required: ['file'] } } },
        },
      },
      responses: {
        200: list('Stored; the place’s recordings'),
        ...errorResponses,
        413: jsonContent(errorSchema, 'The file is larger than 20 MB'),
        429: jsonContent(errorSchema, 'Too many uploads from this user and client (RATE_LIMIT_UPLOADS); see Retry-After'),
      },
    }),
    async (c) => {
      const { id, locale } = c.req.valid('param')
      return c.json({ data: await c.var.services.recordings.upload(c.var.user!, parseId(id), locale, recordingReader(c)) }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/places/{id}/recordings/{locale}',
      summary: 'Remove a place’s recording in one language',
      tags,
      middleware: requireAuth,
      request: { params },
      responses: { 200: list('Removed, file deleted; the place’s recordings'), ...errorResponses },
    }),
    async (c) => {
      const { id, locale } = c.req.valid('param')
      return c.json({ data: await c.var.services.recordings.remove(c.var.user!, parseId(id), locale) }, 200)
    },
  )
