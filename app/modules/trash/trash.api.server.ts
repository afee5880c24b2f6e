import { createRoute, z } from '@hono/zod-openapi'
import { requireAuth } from '#app/api/middleware.server.ts'
import { dataOf, errorResponses, errorSchema, jsonContent } from '#app/api/openapi-helpers.ts'
import { callerLocale, parseId } from '#app/api/params.ts'
import { createRouter } from '#app/api/router.server.ts'
import { translate } from '#app/i18n/i18n.server.ts'
import { restoredSchema, trashListQuery, trashListSchema } from './trash.schema.ts'

const tags = ['trash']
const entryParams = z.object({ id: z.string() })
const categoryParams = z.object({ id: z.string() })

export const trashApi = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/trash',
      tags,
      summary: 'The trash of the caller’s categories (or of one), newest first; each entry says when the purge deletes it',
      middleware: requireAuth,
      request: { query: trashListQuery },
      responses: { 200: jsonContent(trashListSchema, 'Entries; `meta.trash_days` is TRASH_DAYS'), ...errorResponses },
    }),
    async (c) => {
      const { place_category_id } = c.req.valid('query')
      const { services } = c.var
      const data = await services.trash.list(c.var.user!, place_category_id === undefined ? undefined : parseId(place_category_id))
      return c.json({ data, meta: { trash_days: services.config.TRASH_DAYS } }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/trash/{id}/restore',
      tags,
      summary: 'Restores an entry exactly as it was (a category: owners only); says the new address when its own was taken meanwhile',
      middleware: requireAuth,
      request: { params: entryParams },
      responses: {
        200: jsonContent(dataOf(restoredSchema), 'Restored'),
        409: jsonContent(errorSchema, 'Its category is in the trash: restore that first'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const restored = await c.var.services.trash.restore(c.var.user!, parseId(c.req.valid('param').id))
      const locale = callerLocale(c)
      const message = restored.new_slug ? translate(locale, { key: 'trash.restored_new_slug', values: { slug: restored.new_slug } }) : translate(locale, { key: 'trash.restored' })
      return c.json({ data: { message, ...restored } }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/trash/{id}',
      tags,
      summary: 'Deletes an entry for good, with its files (a category: owners only)',
      middleware: requireAuth,
      request: { params: entryParams },
      responses: { 200: jsonContent(dataOf(z.object({ message: z.string() })), 'Deleted for good'), ...errorResponses },
    }),
    async (c) => {
      await c.var.services.trash.deleteForGood(c.var.user!, parseId(c.req.valid('param').id))
      return c.json({ data: { message: translate(callerLocale(c), { key: 'trash.deleted_for_good' }) } }, 200)
    },
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/place-categories/{id}/trash',
      tags,
      summary: 'Empties the category’s trash: everything in it is deleted for good (owners only)',
      middleware: requireAuth,
      request: { params: categoryParams },
      responses: { 200: jsonContent(dataOf(z.object({ message: z.string(), count: z.number().int() })), 'Emptied'), ...errorResponses },
    }),
    async (c) => {
      const count = await c.var.services.trash.empty(c.var.user!, parseId(c.req.valid('param').id))
      return c.json({ data: { message: translate(callerLocale(c), { key: 'trash.emptied', values: { count } }), count } }, 200)
    },
  )
