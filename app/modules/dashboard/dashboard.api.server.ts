import { createRoute } from '@hono/zod-openapi'
import { requireAuth } from '#app/api/middleware.server.ts'
import { dataOf, errorResponses, jsonContent } from '#app/api/openapi-helpers.ts'
import { createRouter } from '#app/api/router.server.ts'
import { dashboardSchema } from './dashboard.schema.ts'

export const dashboardApi = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/dashboard',
    tags: ['dashboard'],
    summary: 'The caller’s categories as a tree, each with its routes, places, QR codes and last 30 days’ views and likes',
    middleware: requireAuth,
    responses: { 200: jsonContent(dataOf(dashboardSchema), 'Only the caller’s own categories'), 401: errorResponses[401] },
  }),
  async (c) => {
    const dashboard = await c.var.services.dashboard.summary(c.var.user!)
    return c.json({ data: dashboard }, 200)
  },
)
