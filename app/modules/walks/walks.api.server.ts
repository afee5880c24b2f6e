import { createRoute, z } from '@hono/zod-openapi'
import { dataOf, errorResponses, jsonBody, jsonContent, trashedData } from '#app/api/openapi-helpers.ts'
import { parseId, requestLocale, callerLocale } from '#app/api/params.ts'
import { requireAuth } from '#app/api/middleware.server.ts'
import { createRouter } from '#app/api/router.server.ts'
import { translate } from '#app/i18n/i18n.server.ts'
import { categorySlugFromHost } from '#app/platform/http/host.server.ts'
import { notFound } from '#app/utils/errors.ts'
import { notModified, sendKeptAnswer } from '#app/platform/page-cache/answer-cache.server.ts'
import { routeImagesApi } from './route-images.api.server.ts'
import { routeQrCodesApi } from './route-qr-codes.api.server.ts'
import { publicRouteSchema, routeSchema, routeSummarySchema } from './walk-responses.schema.ts'
import { assignNearbySchema, detachNearbySchema, routeBySlugSchema, storeWalkSchema, updateWalkSchema, uuidBodySchema } from './walks.schema.ts'

// docs/spec.md §7: the routes endpoints. Manager endpoints need a session and a membership of
// the route's category; POST /routes/slug serves the public pages.

const tags = ['routes']
const auth = { middleware: requireAuth }
const route = (description: string) => ({ 200: jsonContent(dataOf(routeSchema), description), ...errorResponses })
const uuidParams = z.object({ uuid: z.string() })

export const walksApi = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/routes/store',
      summary: 'Create a route',
      tags,
      ...auth,
      request: jsonBody(storeWalkSchema),
      responses: { 201: jsonContent(dataOf(routeSchema), 'A new draft route with its slug and QR codes'), ...errorResponses },
    }),
    async (c) => c.json({ data: await c.var.services.walks.store(c.var.user!, c.req.valid('json'), requestLocale(c)) }, 201),
  )
  .openapi(
    createRoute({ method: 'put', path: '/routes/update', summary: 'Update a route', tags, ...auth, request: jsonBody(updateWalkSchema), responses: route('The saved route (all of it, or nothing)') }),
    async (c) => c.json({ data: await c.var.services.walks.update(c.var.user!, c.req.valid('json'), requestLocale(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/routes/delete',
      summary: 'Delete a route',
      tags,
      ...auth,
      request: jsonBody(uuidBodySchema),
      responses: { 200: jsonContent(trashedData, 'Moved to its category’s trash for TRASH_DAYS (ADR 110)'), ...errorResponses },
    }),
    async (c) => {
      const trashId = await c.var.services.trash.trashRoute(c.var.user!, c.req.valid('json').uuid)
      return c.json({ data: { message: translate(callerLocale(c), { key: 'walks.deleted' }), trash_id: trashId } }, 200)
    },
  )
  .openapi(
    createRoute({ method: 'post', path: '/routes/assign-nearby-route', summary: 'Link a nearby route to a route', tags, ...auth, request: jsonBody(assignNearbySchema), responses: route('The route with its nearby routes') }),
    async (c) => c.json({ data: await c.var.services.walks.assignNearby(c.var.user!, c.req.valid('json'), requestLocale(c)) }, 200),
  )
  .openapi(
    createRoute({ method: 'delete', path: '/routes/detach-nearby-route', summary: 'Unlink a nearby route from a route', tags, ...auth, request: jsonBody(detachNearbySchema), responses: route('The route without that nearby route') }),
    async (c) => c.json({ data: await c.var.services.walks.detachNearby(c.var.user!, c.req.valid('json'), requestLocale(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/routes/slug',
      summary: 'A published route by its address',
      tags,
      description:
        'No session needed. Guests and non-members get published routes only; members of the category also drafts. ' +
        'Slugs are unique per category only, so the category is named by `place_category_slug`, else by the host’s ' +
        'subdomain (subdomain routing); a current or old slug of the category or of the route answers the route (ADR ' +
        '011). Without a category, only a category-less address printed before addresses named their category is ' +
        'answered, never whichever route has the slug now.',
      request: jsonBody(routeBySlugSchema),
      responses: {
        200: jsonContent(dataOf(publicRouteSchema), 'A published route (members of its category also get drafts)'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const input = c.req.valid('json')
      const { services } = c.var
      const category = input.place_category_slug ?? categorySlugFromHost(c.req.header('host'), services.config)
      const address = { category: category?.toLowerCase() ?? null, slug: input.routeSlug.toLowerCase() }
      const found = await services.walks.publicRoute(address, { locale: requestLocale(c), viewer: c.var.user })
      if (!found) throw notFound()
      return c.json({ data: found }, 200)
    },
  )
  .openapi(
    createRoute({ method: 'get', path: '/routes/{uuid}/get-route', summary: 'One route, in full', tags, ...auth, request: { params: uuidParams }, responses: route('The full route') }),
    async (c) => c.json({ data: await c.var.services.walks.get(c.var.user!, c.req.valid('param').uuid, requestLocale(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/place-categories/{id}/fetch-routes',
      summary: 'The category’s routes',
      tags,
      ...auth,
      request: { params: z.object({ id: z.string() }) },
      responses: { 200: jsonContent(dataOf(z.array(routeSummarySchema)), 'The category’s routes as summaries'), ...notModified, ...errorResponses },
    }),
    async (c) => {
      const categoryId = parseId(c.req.valid('param').id)
      return sendKeptAnswer(c, await c.var.services.walks.listAnswerForCategory(c.var.user!, categoryId, requestLocale(c)))
    },
  )
  .route('/', routeImagesApi)
  .route('/', routeQrCodesApi)
