import { createRoute, z } from '@hono/zod-openapi'
import { dataOf, errorResponses, jsonBody, jsonContent, messageData, tooManyRequests } from '#app/api/openapi-helpers.ts'
import { callerLocale, parseId, requestLocale } from '#app/api/params.ts'
import { requireAuth } from '#app/api/middleware.server.ts'
import { createRouter } from '#app/api/router.server.ts'
import { translate } from '#app/i18n/i18n.server.ts'
import { localeOfUser } from '#app/modules/auth/public-user.ts'
import {
  categoryInvitationSchema,
  categoryMemberSchema,
  categoryNodeSchema,
  changeRoleSchema,
  createCategorySchema,
  inviteMemberSchema,
  updateCategorySchema,
} from './categories.schema.ts'

const idParams = z.object({ id: z.string() })
const memberParams = z.object({ id: z.string(), userId: z.string() })
const invitationParams = z.object({ id: z.string(), invitationId: z.string() })
const tags = ['place categories']
const auth = { middleware: requireAuth }
const done = (c: Parameters<typeof callerLocale>[0], key: string) => ({ data: { message: translate(callerLocale(c), { key }) } })

export const categoriesApi = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      ...auth,
      request: { query: z.object({ include_routes: z.enum(['true', 'false']).optional(), locale: z.string().optional() }) },
      responses: { 200: jsonContent(dataOf(z.array(categoryNodeSchema)), 'The caller’s categories as a tree'), ...errorResponses },
    }),
    async (c) => {
      const { include_routes } = c.req.valid('query')
      const tree = await c.var.services.categories.tree(c.var.user!, { includeRoutes: include_routes === 'true', locale: requestLocale(c) })
      return c.json({ data: tree }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/',
      tags,
      ...auth,
      request: jsonBody(createCategorySchema),
      responses: { 201: jsonContent(dataOf(categoryNodeSchema), 'Created; the caller is its owner'), ...errorResponses },
    }),
    async (c) => c.json({ data: await c.var.services.categories.create(c.var.user!, c.req.valid('json')) }, 201),
  )
  .openapi(
    createRoute({ method: 'get', path: '/{id}', tags, ...auth, request: { params: idParams }, responses: { 200: jsonContent(dataOf(categoryNodeSchema), 'The category'), ...errorResponses } }),
    async (c) => c.json({ data: await c.var.services.categories.get(c.var.user!, parseId(c.req.valid('param').id)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      tags,
      ...auth,
      request: { params: idParams, ...jsonBody(updateCategorySchema) },
      responses: { 200: jsonContent(dataOf(categoryNodeSchema), 'Updated (owners only)'), ...errorResponses },
    }),
    async (c) => {
      const id = parseId(c.req.valid('param').id)
      return c.json({ data: await c.var.services.categories.update(c.var.user!, id, c.req.valid('json')) }, 200)
    },
  )
  .openapi(
    createRoute({ method: 'delete', path: '/{id}', tags, ...auth, request: { params: idParams }, responses: { 200: jsonContent(messageData, 'Deleted with all it holds (owners only)'), ...errorResponses } }),
    async (c) => {
      await c.var.services.categories.delete(c.var.user!, parseId(c.req.valid('param').id))
      return c.json(done(c, 'categories.deleted'), 200)
    },
  )
  .openapi(
    createRoute({ method: 'get', path: '/{id}/members', tags, ...auth, request: { params: idParams }, responses: { 200: jsonContent(dataOf(z.array(categoryMemberSchema)), 'Members and their roles'), ...errorResponses } }),
    async (c) => c.json({ data: await c.var.services.categories.members(c.var.user!, parseId(c.req.valid('param').id)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}/members/{userId}',
      tags,
      ...auth,
      request: { params: memberParams, ...jsonBody(changeRoleSchema) },
      responses: { 200: jsonContent(messageData, 'Role changed (owners only; a category keeps an owner)'), ...errorResponses },
    }),
    async (c) => {
      const { id, userId } = c.req.valid('param')
      await c.var.services.categories.changeRole(c.var.user!, parseId(id), parseId(userId), c.req.valid('json').role)
      return c.json(done(c, 'categories.role_changed'), 200)
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}/members/{userId}',
      tags,
      ...auth,
      request: { params: memberParams },
      responses: { 200: jsonContent(messageData, 'Removed by an owner, or left'), ...errorResponses },
    }),
    async (c) => {
      const { id, userId } = c.req.valid('param')
      await c.var.services.categories.removeMember(c.var.user!, parseId(id), parseId(userId))
      return c.json(done(c, 'categories.member_removed'), 200)
    },
  )
  .openapi(
    createRoute({ method: 'get', path: '/{id}/invitations', tags, ...auth, request: { params: idParams }, responses: { 200: jsonContent(dataOf(z.array(categoryInvitationSchema)), 'Pending invitations (owners only)'), ...errorResponses } }),
    async (c) => c.json({ data: await c.var.services.categories.pendingInvitations(c.var.user!, parseId(c.req.valid('param').id)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/invitations',
      tags,
      ...auth,
      request: { params: idParams, ...jsonBody(inviteMemberSchema) },
      responses: { 201: jsonContent(dataOf(categoryInvitationSchema), 'Invitation e-mailed (owners only)'), ...errorResponses, ...tooManyRequests('RATE_LIMIT_INVITATIONS per inviting user') },
    }),
    async (c) => {
      const id = parseId(c.req.valid('param').id)
      const invitation = await c.var.services.categories.invite(c.var.user!, id, c.req.valid('json'), localeOfUser(c.var.user!))
      return c.json({ data: invitation }, 201)
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/{id}/invitations/{invitationId}',
      tags,
      ...auth,
      request: { params: invitationParams },
      responses: { 200: jsonContent(messageData, 'Invitation withdrawn (owners only)'), ...errorResponses },
    }),
    async (c) => {
      const { id, invitationId } = c.req.valid('param')
      await c.var.services.categories.revokeInvitation(c.var.user!, parseId(id), parseId(invitationId))
      return c.json(done(c, 'categories.invitation_revoked'), 200)
    },
  )
