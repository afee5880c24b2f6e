import { createRoute, z } from '@hono/zod-openapi'
import { dataOf, errorResponses, jsonBody, jsonContent, messageData, tooManyRequests, trashedData } from '#app/api/openapi-helpers.ts'
import { requireAuth } from '#app/api/middleware.server.ts'
import { parseId, callerLocale } from '#app/api/params.ts'
import { createRouter } from '#app/api/router.server.ts'
import { translate } from '#app/i18n/i18n.server.ts'
import { localeOfUser } from '#app/modules/auth/public-user.ts'
import { notModified, sendKeptAnswer } from '#app/platform/page-cache/answer-cache.server.ts'
import {
  createPlaceSchema,
  createSecretSchema,
  invitationSchema,
  invitePlaceUserSchema,
  nearbyPlaceSchema,
  nearbyQuerySchema,
  placeSchema,
  placeUserSchema,
  secretSchema,
  updatePlaceSchema,
  placeTextsSchema,
  placeTextsViewSchema,
} from './places.schema.ts'

const idParams = z.object({ id: z.string() })
const userParams = z.object({ id: z.string(), userId: z.string() })
const invitationParams = z.object({ id: z.string(), invitationId: z.string() })
const tags = ['places']
const auth = { middleware: requireAuth }
const done = (c: Parameters<typeof callerLocale>[0], key: string) => ({ data: { message: translate(callerLocale(c), { key }) } })

// Every path is full: the router is mounted at the API root. /places/nearby comes before
// /places/{id}, which would otherwise take "nearby" for an id.
export const placesApi = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/place-categories/{id}/fetch-places',
      summary: 'The category’s places',
      tags,
      ...auth,
      request: { params: idParams },
      responses: { 200: jsonContent(dataOf(z.array(placeSchema)), 'The category’s places with users, invitations and secrets'), ...notModified, ...errorResponses },
    }),
    async (c) => sendKeptAnswer(c, await c.var.services.places.listAnswerForCategory(c.var.user!, parseId(c.req.valid('param').id))),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/places/nearby',
      summary: 'Places near a position',
      tags,
      ...auth,
      request: { query: nearbyQuerySchema },
      responses: { 200: jsonContent(dataOf(z.array(nearbyPlaceSchema)), 'Places under 20 m, nearest first, with their distance in metres'), ...errorResponses },
    }),
    async (c) => {
      const { place_category_id, lat, lng } = c.req.valid('query')
      return c.json({ data: await c.var.services.places.nearby(c.var.user!, place_category_id, { lat, lng }) }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/places',
      summary: 'Create a place',
      tags,
      ...auth,
      request: jsonBody(createPlaceSchema),
      responses: { 201: jsonContent(dataOf(placeSchema), 'Created'), ...errorResponses },
    }),
    async (c) => c.json({ data: await c.var.services.places.create(c.var.user!, c.req.valid('json')) }, 201),
  )
  .openapi(
    createRoute({ method: 'get', path: '/places/{id}', summary: 'One place', tags, ...auth, request: { params: idParams }, responses: { 200: jsonContent(dataOf(placeSchema), 'The place'), ...errorResponses } }),
    async (c) => c.json({ data: await c.var.services.places.get(c.var.user!, parseId(c.req.valid('param').id)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/places/{id}',
      summary: 'Update a place',
      tags,
      ...auth,
      request: { params: idParams, ...jsonBody(updatePlaceSchema) },
      responses: { 200: jsonContent(dataOf(placeSchema), 'Updated'), ...errorResponses },
    }),
    async (c) => {
      const id = parseId(c.req.valid('param').id)
      return c.json({ data: await c.var.services.places.update(c.var.user!, id, c.req.valid('json')) }, 200)
    },
  )
  .openapi(
    createRoute({ method: 'get', path: '/places/{id}/texts', summary: 'A place’s texts per content language', tags, ...auth, request: { params: idParams }, responses: { 200: jsonContent(dataOf(placeTextsViewSchema), 'Its name and description per language (ADR 043)'), ...errorResponses } }),
    async (c) => c.json({ data: await c.var.services.places.texts(c.var.user!, parseId(c.req.valid('param').id)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/places/{id}/texts',
      summary: 'Write a place’s texts in some of its category’s content languages',
      tags,
      ...auth,
      request: { params: idParams, ...jsonBody(placeTextsSchema) },
      responses: { 200: jsonContent(dataOf(placeTextsViewSchema), 'Saved; languages not sent are kept (ADR 043)'), ...errorResponses },
    }),
    async (c) => c.json({ data: await c.var.services.places.setTexts(c.var.user!, parseId(c.req.valid('param').id), c.req.valid('json')) }, 200),
  )
  .openapi(
    createRoute({ method: 'delete', path: '/places/{id}', summary: 'Move a place to the trash', tags, ...auth, request: { params: idParams }, responses: { 200: jsonContent(trashedData, 'Moved to its category’s trash for TRASH_DAYS (ADR 110)'), ...errorResponses } }),
    async (c) => {
      const trashId = await c.var.services.trash.trashPlace(c.var.user!, parseId(c.req.valid('param').id))
      return c.json({ data: { ...done(c, 'places.deleted').data, trash_id: trashId } }, 200)
    },
  )
  .openapi(
    createRoute({ method: 'get', path: '/places/{id}/users', summary: 'The place’s contributors', tags, ...auth, request: { params: idParams }, responses: { 200: jsonContent(dataOf(z.array(placeUserSchema)), 'The place’s users'), ...errorResponses } }),
    async (c) => c.json({ data: await c.var.services.places.users(c.var.user!, parseId(c.req.valid('param').id)) }, 200),
  )
  .openapi(
    createRoute({ method: 'delete', path: '/places/{id}/users/{userId}', summary: 'Remove a contributor from the place', tags, ...auth, request: { params: userParams }, responses: { 200: jsonContent(messageData, 'No longer one of the place’s users'), ...errorResponses } }),
    async (c) => {
      const { id, userId } = c.req.valid('param')
      await c.var.services.places.removeUser(c.var.user!, parseId(id), parseId(userId))
      return c.json(done(c, 'places.user_removed'), 200)
    },
  )
  .openapi(
    createRoute({ method: 'get', path: '/places/{id}/invitations', summary: 'The place’s pending invitations', tags, ...auth, request: { params: idParams }, responses: { 200: jsonContent(dataOf(z.array(invitationSchema)), 'Pending invitations'), ...errorResponses } }),
    async (c) => c.json({ data: await c.var.services.places.pendingInvitations(c.var.user!, parseId(c.req.valid('param').id)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/places/{id}/invitations',
      summary: 'Invite someone to the place by e-mail',
      tags,
      ...auth,
      request: { params: idParams, ...jsonBody(invitePlaceUserSchema) },
      responses: { 201: jsonContent(dataOf(invitationSchema), 'Invitation e-mailed'), ...errorResponses, ...tooManyRequests('RATE_LIMIT_INVITATIONS per inviting user') },
    }),
    async (c) => {
      const id = parseId(c.req.valid('param').id)
      const invitation = await c.var.services.places.invite(c.var.user!, id, c.req.valid('json').email, localeOfUser(c.var.user!))
      return c.json({ data: invitation }, 201)
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/places/{id}/invitations/{invitationId}',
      summary: 'Withdraw an invitation to the place',
      tags,
      ...auth,
      request: { params: invitationParams },
      responses: { 200: jsonContent(messageData, 'Invitation withdrawn'), ...errorResponses },
    }),
    async (c) => {
      const { id, invitationId } = c.req.valid('param')
      await c.var.services.places.revokeInvitation(c.var.user!, parseId(id), parseId(invitationId))
      return c.json(done(c, 'places.invitation_revoked'), 200)
    },
  )
  .openapi(
    createRoute({ method: 'get', path: '/places/{id}/secrets', summary: 'The place’s secrets', tags, ...auth, request: { params: idParams }, responses: { 200: jsonContent(dataOf(z.array(secretSchema)), 'Secrets, newest first'), ...errorResponses } }),
    async (c) => c.json({ data: await c.var.services.places.secrets(c.var.user!, parseId(c.req.valid('param').id)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/places/{id}/secrets',
      summary: 'Add a secret to the place',
      description:
        'A story, written in one of the category’s content languages (`locale`, a BCP 47 tag stored canonical; left out, the category’s fallback). A tag the category does not offer is refused with 422 `validation.content_locale_not_offered` (ADR 044).',
      tags,
      ...auth,
      request: { params: idParams, ...jsonBody(createSecretSchema) },
      responses: { 201: jsonContent(dataOf(secretSchema), 'Added, and counted as a contribution'), ...errorResponses },
    }),
    async (c) => {
      const id = parseId(c.req.valid('param').id)
      return c.json({ data: await c.var.services.places.createSecret(c.var.user!, id, c.req.valid('json')) }, 201)
    },
  )
  .openapi(
    createRoute({ method: 'delete', path: '/secrets/{id}', summary: 'Delete a secret', tags, ...auth, request: { params: idParams }, responses: { 200: jsonContent(messageData, 'Deleted by its author or a category member'), ...errorResponses } }),
    async (c) => {
      await c.var.services.places.deleteSecret(c.var.user!, parseId(c.req.valid('param').id))
      return c.json(done(c, 'places.secret_deleted'), 200)
    },
  )
