import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ApiEnv } from '#app/api/env.ts'
import { clientIp, requireAuth } from '#app/api/middleware.server.ts'
import { dataOf, errorResponses, errorSchema, jsonContent } from '#app/api/openapi-helpers.ts'
import { parseId, requestLocale } from '#app/api/params.ts'
import { createRouter } from '#app/api/router.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { parseOrThrow } from '#app/utils/validation.ts'
import { heatmapQuerySchema, heatmapSchema } from './heatmap.schema.ts'
import { breakdownSchema, eventBatchSchema, eventSchema, eventsBodySchema, isEventBatch, maxEventsPerBatch, statisticSchema, toStatPeriod, yearQuerySchema } from './stats.schema.ts'

const tags = ['statistics']
const idParams = z.object({ id: z.string() })

/** navigator.sendBeacon posts a string as text/plain: such a body is read as JSON here. */
async function eventBody(c: Context<ApiEnv>, validJson: unknown): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (type !== 'text/plain') return validJson
  try {
    return JSON.parse(await c.req.text())
  } catch {
    throw new AppError(400, { key: 'errors.bad_request' })
  }
}

export const statsApi = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/events',
      tags,
      summary: `A public page’s visitor event, or up to ${maxEventsPerBatch} as {events: [...]}, all counted or none (no sign-in, no cookie; JSON or a sendBeacon text/plain body)`,
      request: {
        body: {
          content: {
            'application/json': { schema: eventsBodySchema },
            'text/plain': { schema: z.string().openapi({ description: 'The same JSON as text (navigator.sendBeacon)' }) },
          },
          required: false,
        },
      },
      responses: {
        202: jsonContent(dataOf(z.object({ accepted: z.literal(true) })), 'Counted'),
        400: jsonContent(errorSchema, 'Unreadable body'),
        404: errorResponses[404],
        422: errorResponses[422],
      },
    }),
    async (c) => {
      // Validated again in every case: a text/plain body and a body-less request skip the JSON
      // validator; each form with its own schema, so errors name the fields of the form sent.
      const body = await eventBody(c, c.req.valid('json'))
      const { services } = c.var
      const visitor = { ip: clientIp(c, services.config.TRUST_PROXY), userAgent: c.req.header('user-agent') ?? '' }
      if (isEventBatch(body)) await services.stats.ingestBatch(parseOrThrow(eventBatchSchema, body).events, visitor)
      else await services.stats.ingest(parseOrThrow(eventSchema, body), visitor)
      return c.json({ data: { accepted: true as const } }, 202)
    },
    // The documented body is a union; a refused one is answered with the errors of its own form
    // (a single event's fields, or `events.3.value`), not the union's unhelpful "invalid".
    // (A hook that returns nothing lets the request through, as the router's defaultHook does.)
    (result) => {
      if (result.success) return undefined as never
      const input = 'data' in result ? result.data : undefined
      parseOrThrow(isEventBatch(input) ? eventBatchSchema : eventSchema, input)
      throw new AppError(422, { key: 'validation.invalid' })
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/place-categories/{id}/fetch-statistic',
      summary: 'The category’s views and likes for a year',
      tags,
      middleware: requireAuth,
      request: { params: idParams, query: yearQuerySchema },
      responses: { 200: jsonContent(dataOf(statisticSchema), 'A category’s figures for a year, all years (`total`), or one month of a year (`&month=1..12`)'), ...errorResponses },
    }),
    async (c) => {
      const id = parseId(c.req.valid('param').id)
      const period = toStatPeriod(c.req.valid('query'))
      return c.json({ data: await c.var.services.stats.fetchStatistic(c.var.user!, id, period) }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/place-categories/{id}/statistics/breakdown',
      summary: 'The category’s statistics by route, day and source',
      tags,
      middleware: requireAuth,
      request: { params: idParams, query: yearQuerySchema },
      responses: { 200: jsonContent(dataOf(breakdownSchema), 'Totals per route and per place'), ...errorResponses },
    }),
    async (c) => {
      const id = parseId(c.req.valid('param').id)
      const period = toStatPeriod(c.req.valid('query'))
      return c.json({ data: await c.var.services.stats.breakdown(c.var.user!, id, period, requestLocale(c)) }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/place-categories/{id}/heatmap',
      tags,
      summary: 'Place visits and route views as weighted points at the places (from the day roll-ups)',
      middleware: requireAuth,
      request: { params: idParams, query: heatmapQuerySchema },
      responses: { 200: jsonContent(dataOf(heatmapSchema), 'Weighted points, heaviest first, and the period shown'), ...errorResponses },
    }),
    async (c) => {
      const id = parseId(c.req.valid('param').id)
      return c.json({ data: await c.var.services.stats.heatmap(c.var.user!, id, c.req.valid('query')) }, 200)
    },
  )
