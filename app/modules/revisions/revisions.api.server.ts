import { createRoute, z } from '@hono/zod-openapi'
import { requireAuth } from '#app/api/middleware.server.ts'
import { dataOf, errorResponses, jsonContent, tooManyRequests } from '#app/api/openapi-helpers.ts'
import { callerLocale, parseId, requestLocale } from '#app/api/params.ts'
import { createRouter } from '#app/api/router.server.ts'
import { translate } from '#app/i18n/i18n.server.ts'
import type { Locale } from '#app/i18n/config.ts'
import { KEPT_AT_LEAST } from './revisions.service.server.ts'
import { restoredRevisionSchema, revisionDetailSchema, revisionListSchema } from './revisions.schema.ts'

// Revisions of routes and places (ADR 111): the list, one with its difference to the one
// before, and a restore as a new save. Members of the item's category; another tenant's: 404.

const tags = ['revisions']
const routeParams = z.object({ uuid: z.string() })
const routeRevisionParams = z.object({ uuid: z.string(), revisionId: z.string() })
const placeParams = z.object({ id: z.string() })
const placeRevisionParams = z.object({ id: z.string(), revisionId: z.string() })
const restoreResponses = { 200: jsonContent(dataOf(restoredRevisionSchema), 'Saved as it was in that revision (a new revision)'), ...tooManyRequests('RATE_LIMIT_RESTORES per user'), ...errorResponses }

function restoredMessage(locale: Locale, restored: { revisionId: number | null; skipped: string[]; missingImages: number }) {
  if (restored.revisionId === null) return translate(locale, { key: 'revisions.nothing_to_restore' })
  const saved =
    restored.skipped.length > 0
      ? translate(locale, { key: 'revisions.restored_skipped', values: { stops: restored.skipped.join(', ') } })
      : translate(locale, { key: 'revisions.restored' })
  return restored.missingImages > 0 ? `${saved} ${translate(locale, { key: 'revisions.images_gone' })}` : saved
}

export const revisionsApi = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/routes/{uuid}/revisions',
      tags,
      summary: 'A route’s revisions, newest first (who, when, what changed in a line)',
      middleware: requireAuth,
      request: { params: routeParams },
      responses: { 200: jsonContent(revisionListSchema, 'Revisions; `meta.revisions_days` is REVISIONS_DAYS'), ...errorResponses },
    }),
    async (c) => {
      const { services } = c.var
      const data = await services.revisions.listForRoute(c.var.user!, c.req.valid('param').uuid)
      return c.json({ data, meta: { revisions_days: services.config.REVISIONS_DAYS, kept_at_least: KEPT_AT_LEAST } }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/routes/{uuid}/revisions/{revisionId}',
      tags,
      summary: 'One revision of a route with its difference to the revision before (texts word by word, stops as a list)',
      middleware: requireAuth,
      request: { params: routeRevisionParams },
      responses: { 200: jsonContent(dataOf(revisionDetailSchema), 'The revision and its difference'), ...errorResponses },
    }),
    async (c) => {
      const { uuid, revisionId } = c.req.valid('param')
      return c.json({ data: await c.var.services.revisions.getForRoute(c.var.user!, uuid, parseId(revisionId)) }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/routes/{uuid}/revisions/{revisionId}/restore',
      tags,
      summary: 'Saves the route as it was in that revision (texts, stops, path, status, colour, notice, accessibility); images stay as they are',
      middleware: requireAuth,
      request: { params: routeRevisionParams },
      responses: restoreResponses,
    }),
    async (c) => {
      const { uuid, revisionId } = c.req.valid('param')
      const restored = await c.var.services.revisions.restoreRoute(c.var.user!, uuid, parseId(revisionId), requestLocale(c))
      const message = restoredMessage(callerLocale(c), restored)
      return c.json({ data: { message, revision_id: restored.revisionId, skipped_stops: restored.skipped, missing_images: restored.missingImages } }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/places/{id}/revisions',
      tags,
      summary: 'A place’s revisions, newest first',
      middleware: requireAuth,
      request: { params: placeParams },
      responses: { 200: jsonContent(revisionListSchema, 'Revisions; `meta.revisions_days` is REVISIONS_DAYS'), ...errorResponses },
    }),
    async (c) => {
      const { services } = c.var
      const data = await services.revisions.listForPlace(c.var.user!, parseId(c.req.valid('param').id))
      return c.json({ data, meta: { revisions_days: services.config.REVISIONS_DAYS, kept_at_least: KEPT_AT_LEAST } }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/places/{id}/revisions/{revisionId}',
      tags,
      summary: 'One revision of a place with its difference to the revision before',
      middleware: requireAuth,
      request: { params: placeRevisionParams },
      responses: { 200: jsonContent(dataOf(revisionDetailSchema), 'The revision and its difference'), ...errorResponses },
    }),
    async (c) => {
      const { id, revisionId } = c.req.valid('param')
      return c.json({ data: await c.var.services.revisions.getForPlace(c.var.user!, parseId(id), parseId(revisionId)) }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/places/{id}/revisions/{revisionId}/restore',
      tags,
      summary: 'Saves the place as it was in that revision (name, position)',
      middleware: requireAuth,
      request: { params: placeRevisionParams },
      responses: restoreResponses,
    }),
    async (c) => {
      const { id, revisionId } = c.req.valid('param')
      const restored = await c.var.services.revisions.restorePlace(c.var.user!, parseId(id), parseId(revisionId))
      const message = restoredMessage(callerLocale(c), restored)
      return c.json({ data: { message, revision_id: restored.revisionId, skipped_stops: restored.skipped, missing_images: restored.missingImages } }, 200)
    },
  )
