import { isLocale } from '#app/i18n/config.ts'
import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ApiEnv } from '#app/api/env.ts'
import { errorResponse } from '#app/api/envelope.server.ts'
import { streamedJson } from '#app/api/json-stream.server.ts'
import { dataOf, errorResponses, errorSchema, jsonContent } from '#app/api/openapi-helpers.ts'
import { requireAuth } from '#app/api/middleware.server.ts'
import { parseId, requestLocale } from '#app/api/params.ts'
import { nextTurn } from '#app/utils/turns.server.ts'
import { createRouter } from '#app/api/router.server.ts'
import { localeOfUser } from '#app/modules/auth/public-user.ts'
import { limitUploads } from '#app/api/upload-limit.server.ts'
import { categorySlugFromHost } from '#app/platform/http/host.server.ts'
import { AppError, notFound } from '#app/utils/errors.ts'
import type { ExportFile } from './export.service.server.ts'
import { ImportRefused } from './formats/refusal.ts'
import { exportQuerySchema, importAnswerSchema, importQuerySchema, MAX_IMPORT_BYTES, MULTIPART_FRAMING } from './transfer.schema.ts'

// Import and export of a category (members only), and one route as GeoJSON or KML beside its GPX.

const idParams = z.object({ id: z.string() })
const tags = ['import and export']

/**
 * The import's multipart body as it arrives, counted (413 past the limit): its framing, file and
 * options are read in the import's worker, off the event loop (ADR 051). The pieces are kept as
 * they came and handed to the worker, not copied into one buffer here: a copy doubled the memory
 * outside the heap that three uploads at once put on the main thread, and with it the garbage
 * collections that memory forces, the longest pauses of an import (ADR 053).
 */
async function readUpload(c: Context<ApiEnv>): Promise<{ form: Uint8Array[]; contentType: string }> {
  const contentType = c.req.header('content-type') ?? ''
  const required = () => new AppError(422, { key: 'validation.required', values: { attribute: 'file' } }, { file: [{ key: 'validation.required', values: { attribute: 'file' } }] })
  if (!contentType.toLowerCase().startsWith('multipart/form-data') || !c.req.raw.body) throw required()
  const limit = MAX_IMPORT_BYTES + MULTIPART_FRAMING
  const tooLarge = () => new ImportRefused(413, 'too_large', { max: MAX_IMPORT_BYTES / 1024 / 1024 })
  if (Number(c.req.header('content-length')) > limit) throw tooLarge()
  const pieces: Uint8Array[] = []
  let size = 0
  let sinceTurn = 0
  try {
    for await (const chunk of c.req.raw.body) {
      // Node 20 queues a request's whole body in its web stream, so the loop would otherwise take
      // every piece in one turn: a turn of the event loop every 256 KB.
      if ((sinceTurn += chunk.byteLength) >= 256 * 1024) {
        sinceTurn = 0
        await nextTurn()
      }
      if ((size += chunk.byteLength) > limit) throw tooLarge()
      pieces.push(chunk)
    }
  } catch (error) {
    if (error instanceof AppError || (error instanceof Error && error.name === 'BodyLimitError')) throw error
    throw new AppError(400, { key: 'errors.bad_request' })
  }
  return { form: pieces, contentType }
}

function sendFile(c: Context<ApiEnv>, file: ExportFile, cache = 'private, no-cache') {
  return c.body(file.body, 200, {
    'Content-Type': file.contentType,
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': cache,
  })
}

/** A GeoJSON answer is a FeatureCollection (an object, not a string); GPX and KML are XML text. */
const featureCollectionAnswer = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.object({ type: z.literal('Feature') }).loose()) })
const fileContent = {
  geojson: { 'application/geo+json': { schema: featureCollectionAnswer } },
  csv: { 'text/csv': { schema: z.string() } },
  gpx: { 'application/gpx+xml': { schema: z.string() } },
  kml: { 'application/vnd.google-earth.kml+xml': { schema: z.string() } },
}

const fileResponse = (format: 'geojson' | 'kml', description: string) => ({ 200: { description, content: fileContent[format] } })

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
        '`options.mapping` names the CSV column, or the GeoJSON property, holding each field (`columns` in the answer: the headings or property keys, and the mapping used). ' +
        'Imported routes are drafts; a path of more than 10,000 positions is simplified (`simplified`: positions read and kept). Bad rows are listed as `{row, field, message}` in the language of `?locale=` ' +
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
                  options: { type: 'string', description: 'JSON: {"mapping": {"name": "Nom", …}, "duplicates": "skip", "rows": {"4": "link"}, "names": {"2": "Summit"}}' },
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
        503: jsonContent(errorSchema, 'Too many files being read at once (IMPORT_CONCURRENCY per process), or one took too long; see Retry-After'),
      },
    }),
    async (c) => {
      const user = c.var.user!
      const { dry_run, locale: asked } = c.req.valid('query')
      // The import's messages are in an interface language: a content language asked for (ADR 043) is none.
      const requested = requestLocale(c)
      const locale = asked ?? (isLocale(requested) ? requested : null) ?? localeOfUser(user)
      try {
        const categoryId = parseId(c.req.valid('param').id)
        // Membership first: a non-member's upload is not even read.
        await c.var.services.categories.access.require(user.id, categoryId, 'editor')
        const upload = await readUpload(c)
        const dryRun = dry_run === 'true' || dry_run === '1'
        const answer = await c.var.services.imports.upload(user, categoryId, { ...upload, dryRun, locale })
        return streamedJson(c, { data: answer }) as never
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
        'paths, texts in every language (`name:fr`), places without coordinates and routes with neither path nor stops (no geometry, `kind`). ' +
        'GPX holds the fallback language’s texts, and names in its description what it cannot hold; CSV holds the places. ' +
        'Re-importing a GeoJSON or KML export into an empty category gives the same places and routes.',
      middleware: requireAuth,
      request: { params: idParams, query: exportQuerySchema },
      responses: {
        200: { description: 'The file (attachment "{category}.{format}")', content: { ...fileContent.geojson, ...fileContent.csv, ...fileContent.gpx, ...fileContent.kml } },
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
    responses: { ...fileResponse(format, `The route as ${format}`), 404: errorResponses[404] },
  })
}

async function routeFile(c: Context<ApiEnv>, ref: string, categoryParam: string | undefined, format: 'geojson' | 'kml') {
  const { services } = c.var
  const categorySlug = categoryParam ?? categorySlugFromHost(c.req.header('host'), services.config) ?? undefined
  const file = await services.openData.routeFile(ref, { viewer: c.var.user ?? null, categorySlug, format })
  if (!file) throw notFound()
  // The file's text as written; the document describes what it parses to (a FeatureCollection).
  return sendFile(c, file) as never
}

export const routeFilesApi = createRouter()
  .openapi(routeFileRoute('geojson'), async (c) => routeFile(c, c.req.valid('param').ref, c.req.valid('query').category, 'geojson'))
  .openapi(routeFileRoute('kml'), async (c) => routeFile(c, c.req.valid('param').ref, c.req.valid('query').category, 'kml'))
