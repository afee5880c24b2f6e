import { createRoute, z } from '@hono/zod-openapi'
import { sql } from 'kysely'
import { dataOf, errorSchema, jsonContent } from '#app/api/openapi-helpers.ts'
import { createRouter } from '#app/api/router.server.ts'
import { callerLocale } from '#app/api/params.ts'
import { translate } from '#app/i18n/i18n.server.ts'

// Probes for a load balancer or an orchestrator: liveness never touches the database (a slow
// database must not get the process restarted), readiness does.

const tags = ['health']

export const healthApi = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/health',
      tags,
      summary: 'Liveness: the process answers (no database access)',
      responses: { 200: jsonContent(dataOf(z.object({ status: z.literal('ok') })), 'The process is alive') },
    }),
    (c) => c.json({ data: { status: 'ok' as const } }, 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/ready',
      tags,
      summary: 'Readiness: the database answers a trivial query',
      responses: {
        200: jsonContent(dataOf(z.object({ status: z.literal('ready') })), 'Ready to serve'),
        503: jsonContent(errorSchema, 'The database is unreachable'),
      },
    }),
    async (c) => {
      try {
        await sql`select 1`.execute(c.var.services.db)
      } catch (error) {
        c.var.services.logger.warn('readiness check failed', { error: error instanceof Error ? error.message : String(error) })
        return c.json({ message: translate(callerLocale(c), { key: 'errors.not_ready' }) }, 503)
      }
      return c.json({ data: { status: 'ready' as const } }, 200)
    },
  )
