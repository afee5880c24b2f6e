import { createRoute, z } from '@hono/zod-openapi'
import { createMiddleware } from 'hono/factory'
import type { ApiEnv } from '#app/api/env.ts'
import { clientIp, fromAnotherSite, requireAuth } from '#app/api/middleware.server.ts'
import { dataOf, errorResponses, errorSchema, jsonContent, messageData, tooManyRequests } from '#app/api/openapi-helpers.ts'
import { callerLocale, parseId } from '#app/api/params.ts'
import { createRouter } from '#app/api/router.server.ts'
import { translate } from '#app/i18n/i18n.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { readReportForm } from './report-form.server.ts'
import { reportListQuery, reportListSchema, reportSchema, reportStatusSchema, submitReportJson, submitReportMultipart } from './reports.schema.ts'

const tags = ['visitor reports']

/**
 * A report comes from the app's own pages only (/m, /q, /report): a browser's write from another
 * site is refused, session cookie or not, like the page forms (server/http-app.ts). The API's
 * CSRF rule refuses only cookie-carrying writes; a report carries none, but another site must
 * not be able to post reports from its visitors' browsers (their addresses, our limits).
 */
const fromOwnSite = createMiddleware<ApiEnv>(async (c, next) => {
  if (fromAnotherSite(c.req.raw, c.var.services.config)) throw new AppError(403, { key: 'errors.cross_site' })
  await next()
})

const categoryParams = z.object({ id: z.string() })
const reportParams = z.object({ id: z.string(), reportId: z.string() })

export const reportsApi = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/public/reports',
      tags,
      summary: 'A visitor’s report of a problem on the trail (no sign-in; nothing personal is stored)',
      description:
        'Names a plaque (`qr_code`: its category and place follow), or a place (`place_id`, with its `route`), or the route alone ' +
        '(`route`: the route’s uuid). JSON, or multipart/form-data with an optional `photo` (the upload checks; re-encoded, metadata removed). ' +
        'Only from the app’s own pages (another site’s Origin: 403). The category’s owners get one mail per batch of new reports.',
      middleware: fromOwnSite,
      request: {
        body: {
          content: { 'application/json': { schema: submitReportJson }, 'multipart/form-data': { schema: submitReportMultipart } },
          required: true,
        },
      },
      responses: {
        202: jsonContent(messageData, 'Recorded; the thank-you in the caller’s language'),
        400: jsonContent(errorSchema, 'Unreadable body'),
        403: jsonContent(errorSchema, 'Sent from another site'),
        413: jsonContent(errorSchema, 'The photo is larger than 8 MB'),
        422: errorResponses[422],
        ...tooManyRequests('RATE_LIMIT_REPORTS per client network'),
      },
    }),
    async (c) => {
      const { services } = c.var
      const locale = callerLocale(c)
      await services.reports.submit(clientIp(c, services.config.TRUST_PROXY), locale, async () => {
        const form = await readReportForm(c.req.raw)
        if (form) return form
        // JSON (already read by the NUL check, which Hono keeps), or no body: every field missing.
        const json = c.req.header('content-type') ? await c.req.json().catch(() => undefined) : {}
        if (json === undefined) throw new AppError(400, { key: 'errors.malformed_json' })
        return { fields: json, photo: null }
      })
      return c.json({ data: { message: translate(locale, { key: 'reports.thanks' }) } }, 202)
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/place-categories/{id}/reports',
      tags,
      summary: 'The category’s visitor reports of one status (open by default), newest first, 25 a page',
      middleware: requireAuth,
      request: { params: categoryParams, query: reportListQuery },
      responses: { 200: jsonContent(reportListSchema, 'A page of reports; `meta.open` is the badge’s count'), ...errorResponses },
    }),
    async (c) => {
      const id = parseId(c.req.valid('param').id)
      const { status, page } = c.req.valid('query')
      return c.json(await c.var.services.reports.list(c.var.user!, id, { status, page, locale: callerLocale(c) }), 200)
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/place-categories/{id}/reports/{reportId}',
      tags,
      summary: 'Resolves (`resolved`) or reopens (`open`) a visitor report of the category',
      middleware: requireAuth,
      request: { params: reportParams, body: { content: { 'application/json': { schema: reportStatusSchema } }, required: true } },
      responses: { 200: jsonContent(dataOf(reportSchema), 'The report as it is now'), ...errorResponses },
    }),
    async (c) => {
      const params = c.req.valid('param')
      const [id, reportId] = [parseId(params.id), parseId(params.reportId)]
      const { status } = c.req.valid('json')
      return c.json({ data: await c.var.services.reports.setStatus(c.var.user!, id, reportId, status, callerLocale(c)) }, 200)
    },
  )
