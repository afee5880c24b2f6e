import { createRoute, z } from '@hono/zod-openapi'
import { dataOf, errorResponses, jsonBody, jsonContent } from '#app/api/openapi-helpers.ts'
import { requireAuth } from '#app/api/middleware.server.ts'
import { parseId } from '#app/api/params.ts'
import { createRouter } from '#app/api/router.server.ts'
import { placeEntranceViewSchema } from './accessibility-responses.schema.ts'
import { placeEntranceSchema } from './accessibility.schema.ts'

// A place's accessible-entrance note per language (ADR 027). A route's facts are
// saved with the route (PUT /routes/update `accessibility`) and answered in its view.

const idParams = z.object({ id: z.string() })
const tags = ['places']
const auth = { middleware: requireAuth }

export const accessibilityApi = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/places/{id}/accessible-entrance',
      summary: 'The place’s accessible entrance',
      tags,
      ...auth,
      request: { params: idParams },
      responses: { 200: jsonContent(dataOf(placeEntranceViewSchema), 'The place’s accessible-entrance notes'), ...errorResponses },
    }),
    async (c) => c.json({ data: await c.var.services.accessibility.placeEntrance(c.var.user!, parseId(c.req.valid('param').id)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/places/{id}/accessible-entrance',
      summary: 'Set the place’s accessible entrance',
      tags,
      ...auth,
      description: 'Sets the notes of the languages given; a blank or null note removes that language’s. Other languages are kept.',
      request: { params: idParams, ...jsonBody(placeEntranceSchema) },
      responses: { 200: jsonContent(dataOf(placeEntranceViewSchema), 'The place’s notes as saved'), ...errorResponses },
    }),
    async (c) => c.json({ data: await c.var.services.accessibility.setPlaceEntrance(c.var.user!, parseId(c.req.valid('param').id), c.req.valid('json')) }, 200),
  )
