import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ApiEnv } from '#app/api/env.ts'
import { errorResponse } from '#app/api/envelope.server.ts'
import { dataOf, errorResponses, errorSchema, jsonContent } from '#app/api/openapi-helpers.ts'
import { requireAuth } from '#app/api/middleware.server.ts'
import { parseId, requestLocale } from '#app/api/params.ts'
import { createRouter } from '#app/api/router.server.ts'
import { localeOfUser } from '#app/modules/auth/public-user.ts'
import { limitUploads } from '#app/api/upload-limit.server.ts'
import { categorySlugFromHost } from '#app/platform/http/host.server.ts'
import { AppError, notFound } from '#app/utils/errors.ts'
import { parseOrThrow } from '#app/utils/validation.ts'
import type { ExportFile } from './export.service.server.ts'
import { ImportRefused } from './formats/refusal.ts'
import { exportQuerySchema, importAnswerSchema, importOptionsSchema, importQuerySchema, MAX_IMPORT_BYTES, type ImportOptions } from './transfer.schema.ts'

// Import and export of a category (members only), and one route as GeoJSON or KML beside its GPX.

const idParams = z.object({ id: z.string() })
const tags = ['import and export']

/** The `file` and `options` fields of the import's multipart body. */
async function readImportForm(c: Context<ApiEnv>): Promise<{ bytes: Uint8Array; options: ImportOptions }> {
  const type = (c.req.header('content-type') ?? '').toLowerCase()
  const required = () => new AppError(422, { key: 'validation.required', values: { attribute: 'file' } }, { file: [{ key: 'validation.required', values: { attribute: 'file' } }] })
  if (!type.startsWith('multipart/form-data')) throw required()
  let form: FormData
  try {
    form = await c.req.formData()
  } catch {
    throw new AppError(400, { key: 'errors.bad_request' })
  }
  const file = form.get('file')
  if (file === null) throw required()
  if (typeof file === 'string') throw new ImportRefused(422, 'wrong_content')
  if (file.size > MAX_IMPORT_BYTES) throw new ImportRefused(413, 'too_large', { max: MAX_IMPORT_BYTES / 1024 / 1024 })
  const raw = form.get('options')
  let options: unknown = {}
  if (typeof raw === 'string' && raw.trim() !== '') {
    try {
      options = JSON.parse(raw)
    } catch {
      throw new AppError(422, { key: 'import.errors.options_invalid' }, { options: [{ key: 'import.errors.options_invalid' }] })
    }
  }
  return { bytes: new Uint8Array(await file.arrayBuffer()), options: parseOrThrow(importOptionsSchema, options) }
}

function sendFile(c: Context<ApiEnv>, file: ExportFile, cache = 'private, no-cache') {
  return c.body(file.body, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': cache,
  })
}

const fileResponse = (description: string) => ({
  200: { description, content: { 'application/geo+json': { schema: z.string() }, 'application/vnd.google-earth.kml+xml': { schema: z.string() } } },
})

export const transferApi = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/place-categories/{id}/import',
      tags,
      summary: 'Import places and routes from CSV, GeoJSON, GPX, KML or KMZ (10 MB, 10,000 features at most)',
      description:
        'The format is read from the content. `?dry_run=true` answers the preview and writes nothing; otherwise every row ' +
        'without an error is written in one transaction (all or nothing). A place under 20 m of one of the category is ' +
        '"existing": `options.duplicates` (link, skip or create) decides for all, `options.rows` per row (default skip). ' +
        'Imported routes are drafts. Bad rows are listed as `{row, field, message}` in the language of `?locale=` ' +
        '(else Accept-Language, else the user’s).',
      middleware: [requireAuth, limitUploads],
      request: {
        params: idParams,
        query: importQuerySchema,
        body: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                properties: {
                  file: { type: 'string', format: 'binary' },
                  options: { type: 'string', description: 'JSON: {"mapping": {"name": "Nom", …}, "duplicates": "skip", "rows": {"4": "link"}}' },
                },
                required: ['file'],
              },
            },
          },
        },
      },
      responses: {
        200: jsonContent(dataOf(importAnswerSchema), 'The preview, or what was written'),
        ...errorResponses,
        413: jsonContent(errorSchema, 'The file is larger than 10 MB, or a KMZ inflates past its bound'),
        429: jsonContent(errorSchema, 'Too many uploads from this user and client (RATE_LIMIT_UPLOADS); see Retry-After'),
      },
    }),
    async (c) => {
      const user = c.var.user!
      const { dry_run, locale: asked } = c.req.valid('query')
      const locale = asked ?? requestLocale(c) ?? localeOfUser(user)
      try {
        const categoryId = parseId(c.req.valid('param').id)
        // Membership first: a non-member's upload is not even read.
        await c.var.services.categories.access.require(user.id, categoryId, 'editor')
        const { bytes, options } = await readImportForm(c)
        const dryRun = dry_run === 'true' || dry_run === '1'
        const answer = await c.var.services.imports.run(user, categoryId, { bytes, options, dryRun, locale })
        return c.json({ data: answer }, 200)
      } catch (error) {
        if (error instanceof AppError) return errorResponse(error, c, locale) as never
        throw error
      }
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/place-categories/{id}/export',
      tags,
      summary: 'The category’s places and routes as GeoJSON, CSV, GPX or KML (members only)',
      description:
        'GeoJSON and KML hold everything: places, routes with their ordered stops (by the ids of the place features) and ' +
        'paths, texts in every language (`name:fr`). GPX holds the fallback language’s texts; CSV holds the places. ' +
        'Re-importing a GeoJSON or KML export into an empty category gives the same places and routes.',
      middleware: requireAuth,
      request: { params: idParams, query: exportQuerySchema },
      responses: {
        200: { description: 'The file (attachment "{category}.{format}")', content: { 'application/geo+json': { schema: z.string() }, 'text/csv': { schema: z.string() } } },
        ...errorResponses,
      },
    }),
    async (c) => {
      const file = await c.var.services.exports.category(c.var.user!, parseId(c.req.valid('param').id), c.req.valid('query').format)
      return sendFile(c, file)
    },
  )

/** GET /routes/{ref}/geojson and /kml: the same visibility as the GPX (published: anyone; draft: members). */
function routeFileRoute(format: 'geojson' | 'kml') {
  return createRoute({
    method: 'get',
    path: `/routes/{ref}/${format}`,
    tags: ['routes'],
    summary: `A route with its stops as ${format === 'kml' ? 'KML' : 'GeoJSON'} (beside its GPX)`,
    description: 'No session needed for a published route; members of its category also get drafts. `ref` and `category` as for the GPX.',
    request: {
      params: z.object({ ref: z.string() }),
      query: z.object({ category: z.string().optional().openapi({ description: 'The category’s slug (current or old)' }) }),
    },
    responses: { ...fileResponse(`The route as ${format}`), 404: errorResponses[404] },
  })
}

async function routeFile(c: Context<ApiEnv>, ref: string, categoryParam: string | undefined, format: 'geojson' | 'kml') {
  const { services } = c.var
  const categorySlug = categoryParam ?? categorySlugFromHost(c.req.header('host'), services.config) ?? undefined
  const file = await services.openData.routeFile(ref, { viewer: c.var.user ?? null, categorySlug, format })
  if (!file) throw notFound()
  return sendFile(c, file)
}

export const routeFilesApi = createRouter()
  .openapi(routeFileRoute('geojson'), async (c) => routeFile(c, c.req.valid('param').ref, c.req.valid('query').category, 'geojson'))
  .openapi(routeFileRoute('kml'), async (c) => routeFile(c, c.req.valid('param').ref, c.req.valid('query').category, 'kml'))
