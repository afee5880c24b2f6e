import { createRoute, z } from '@hono/zod-openapi'
import { requireAuth } from '#app/api/middleware.server.ts'
import { errorResponses, jsonContent } from '#app/api/openapi-helpers.ts'
import { callerLocale, parseId } from '#app/api/params.ts'
import { createRouter } from '#app/api/router.server.ts'
import { activityListSchema, activityQuery } from './activity.schema.ts'

const tags = ['activity']
const categoryParams = z.object({ id: z.string() })

export const activityApi = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/place-categories/{id}/activity',
      tags,
      summary: 'The category’s activity log: who did what and when, newest first, 50 a page (owners and editors)',
      description:
        'Filters: `member` (a user id), `kind` (what the entries are about), `from` and `to` (calendar days in the trails’ time zone, both included). ' +
        'Each entry’s `summary` is written in the caller’s language. Entries are kept ACTIVITY_DAYS days; no visitor data.',
      middleware: requireAuth,
      request: { params: categoryParams, query: activityQuery },
      responses: { 200: jsonContent(activityListSchema, 'A page of entries; `meta.members` are the member filter’s choices'), ...errorResponses },
    }),
    async (c) => {
      const id = parseId(c.req.valid('param').id)
      return c.json(await c.var.services.activity.list(c.var.user!, id, c.req.valid('query'), callerLocale(c)), 200)
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/place-categories/{id}/activity/export',
      tags,
      summary: 'The category’s activity log as CSV, with the same filters (every matching entry; owners and editors)',
      description: 'Columns: the instant (UTC), the day and time in the trails’ time zone, the member, the kind, the action, the item and the sentence in the caller’s language. Cells a spreadsheet would run as a formula are defused.',
      middleware: requireAuth,
      request: { params: categoryParams, query: activityQuery },
      responses: { 200: { description: 'The file (attachment "activity-{id}.csv")', content: { 'text/csv': { schema: z.string() } } }, ...errorResponses },
    }),
    async (c) => {
      const id = parseId(c.req.valid('param').id)
      const { page: _page, ...filters } = c.req.valid('query')
      const file = await c.var.services.activity.csv(c.var.user!, id, filters, callerLocale(c))
      return c.body(file.body, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${file.filename}"`,
        'Cache-Control': 'private, no-cache',
      })
    },
  )
