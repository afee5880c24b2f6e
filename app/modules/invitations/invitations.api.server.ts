import { createRoute, z } from '@hono/zod-openapi'
import { dataOf, errorResponses, jsonContent } from '#app/api/openapi-helpers.ts'
import { requireAuth } from '#app/api/middleware.server.ts'
import { createRouter } from '#app/api/router.server.ts'

export const invitationsApi = createRouter().openapi(
  createRoute({
    method: 'post',
    path: '/{token}/accept',
    summary: 'Accept an invitation',
    tags: ['invitations'],
    middleware: [requireAuth] as const,
    request: { params: z.object({ token: z.string().min(1).max(200) }) },
    responses: {
      200: jsonContent(dataOf(z.object({ kind: z.string(), category_id: z.number(), place_id: z.number().nullable() })), 'Joined the category or the place'),
      ...errorResponses,
    },
  }),
  async (c) => c.json({ data: await c.var.services.invitations.accept(c.req.valid('param').token, c.var.user!) }, 200),
)
