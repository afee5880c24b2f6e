import { createRoute } from '@hono/zod-openapi'
import { requireAuth } from '#app/api/middleware.server.ts'
import { dataOf, errorResponses, jsonBody, jsonContent } from '#app/api/openapi-helpers.ts'
import { createRouter } from '#app/api/router.server.ts'
import { subscriptionSchema } from './monthly-report.schema.ts'

const tags = ['monthly report']
const answer = jsonContent(dataOf(subscriptionSchema), 'Whether the signed-in user receives the monthly report by e-mail')
const errors = { 401: errorResponses[401], 422: errorResponses[422] }

// User-scoped: the signed-in user's own setting (the user menu). The mail's one-click link is
// a page (/monthly-report/unsubscribe/{token}), which works without signing in.
export const monthlyReportApi = createRouter()
  .openapi(
    createRoute({ method: 'get', path: '/monthly-report/subscription', summary: 'Whether the user receives the monthly report', tags, middleware: [requireAuth] as const, responses: { 200: answer, ...errors } }),
    async (c) => c.json({ data: await c.var.services.monthlyReports.subscription(c.var.user!) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/monthly-report/subscription',
      tags,
      summary: 'Turns the monthly report by e-mail on or off for the signed-in user',
      middleware: [requireAuth] as const,
      request: jsonBody(subscriptionSchema),
      responses: { 200: answer, ...errors },
    }),
    async (c) => c.json({ data: await c.var.services.monthlyReports.setSubscription(c.var.user!, c.req.valid('json').subscribed) }, 200),
  )
