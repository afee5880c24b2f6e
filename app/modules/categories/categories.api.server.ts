import { createRoute, z } from '@hono/zod-openapi'
import { dataOf, errorResponses, jsonBody, jsonContent, messageData, tooManyRequests, trashedData } from '#app/api/openapi-helpers.ts'
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
      summary: 'The user’s categories, as a tree',
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
      summary: 'Create a category',
      tags,
      ...auth,
      request: jsonBody(createCategorySchema),
      responses: { 201: jsonContent(dataOf(categoryNodeSchema), 'Created; the caller is its owner'), ...errorResponses },
    }),
    async (c) => c.json({ data: await c.var.services.categories.create(c.var.user!, c.req.valid('json')) }, 201),
  )
  .openapi(
    createRoute({ method: 'get', path: '/{id}', summary: 'One category', tags, ...auth, request: { params: idParams }, responses: { 200: jsonContent(dataOf(categoryNodeSchema), 'The category'), ...errorResponses } }),
    async (c) => c.json({ data: await c.var.services.categories.get(c.var.user!, parseId(c.req.valid('param').id)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}',
      summary: 'Update a category',
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
    createRoute({ method: 'delete', path: '/{id}', summary: 'Move a category and everything in it to the trash', tags, ...auth, request: { params: idParams }, responses: { 200: jsonContent(trashedData, 'Moved with all it holds to its trash for TRASH_DAYS (owners only, ADR 110)'), ...errorResponses } }),
    async (c) => {
      const trashId = await c.var.services.trash.trashCategory(c.var.user!, parseId(c.req.valid('param').id))
      return c.json({ data: { ...done(c, 'categories.deleted').data, trash_id: trashId } }, 200)
    },
  )
  .openapi(
    createRoute({ method: 'get', path: '/{id}/members', summary: 'The category’s members and their roles', tags, ...auth, request: { params: idParams }, responses: { 200: jsonContent(dataOf(z.array(categoryMemberSchema)), 'Members and their roles'), ...errorResponses } }),
    async (c) => c.json({ data: await c.var.services.categories.members(c.var.user!, parseId(c.req.valid('param').id)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/{id}/members/{userId}',
      summary: 'Change a member’s role',
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
      summary: 'Remove a member from the category',
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
    createRoute({ method: 'get', path: '/{id}/invitations', summary: 'The category’s pending invitations', tags, ...auth, request: { params: idParams }, responses: { 200: jsonContent(dataOf(z.array(categoryInvitationSchema)), 'Pending invitations (owners only)'), ...errorResponses } }),
    async (c) => c.json({ data: await c.var.services.categories.pendingInvitations(c.var.user!, parseId(c.req.valid('param').id)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/{id}/invitations',
      summary: 'Invite someone to the category by e-mail',
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
      summary: 'Withdraw an invitation to the category',
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
