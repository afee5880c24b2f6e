import { createRoute } from '@hono/zod-openapi'
import { requireAuth } from '#app/api/middleware.server.ts'
import { dataOf, errorResponses, errorSchema, jsonBody, jsonContent, tooManyRequests } from '#app/api/openapi-helpers.ts'
import { requestLocale } from '#app/api/params.ts'
import { createRouter } from '#app/api/router.server.ts'
import {
  aiStatusSchema,
  createdRouteSchema,
  createRouteSchema,
  draftedRouteSchema,
  draftedTextsViewSchema,
  translatedTextsViewSchema,
  translateTextsSchema,
  draftRouteSchema,
  draftTextsSchema,
} from './ai.schema.ts'
import { AiUnavailableError } from './text-drafting.server.ts'
import { AppError } from '#app/utils/errors.ts'

// The AI assistant (/ai screen): drafts answer, they are not saved; create-route saves a draft route.

const tags = ['ai']
const auth = { middleware: requireAuth }

const providerErrors = {
  502: jsonContent(errorSchema, 'The AI provider failed, did not answer in time or gave no usable answer'),
  503: jsonContent(errorSchema, 'Text drafting is not configured (AI_BASE_URL)'),
}

/** A provider failure as the API's error envelope, in the caller's language. */
async function orProviderError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (error instanceof AiUnavailableError) throw new AppError(error.status, { key: error.key })
    throw error
  }
}

export const aiApi = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/ai/status',
      tags,
      ...auth,
      summary: 'Whether text drafting is configured, and with which model',
      responses: { 200: jsonContent(dataOf(aiStatusSchema), 'What the assistant can do'), 401: errorResponses[401] },
    }),
    (c) => c.json({ data: c.var.services.ai.status() }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/ai/draft-route',
      tags,
      ...auth,
      summary: 'Chooses and orders places of a category for a walk of about target_minutes (nearest neighbour, then 2-opt). Writes nothing.',
      request: jsonBody(draftRouteSchema),
      responses: { 200: jsonContent(dataOf(draftedRouteSchema), 'The drafted route'), ...errorResponses },
    }),
    async (c) => c.json({ data: await c.var.services.ai.draftRoute(c.var.user!, c.req.valid('json')) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/ai/create-route',
      tags,
      ...auth,
      summary: 'Saves a drafted route as a new draft route through the places in the given order',
      request: jsonBody(createRouteSchema),
      responses: { 201: jsonContent(dataOf(createdRouteSchema), 'The new draft route'), ...errorResponses },
    }),
    async (c) => c.json({ data: await c.var.services.ai.createRoute(c.var.user!, c.req.valid('json'), requestLocale(c)) }, 201),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/ai/draft-texts',
      tags,
      ...auth,
      summary: 'Drafts a route’s landing texts in fr, en, de and it through the configured AI provider. Writes nothing: save with PUT /routes/update.',
      request: jsonBody(draftTextsSchema),
      responses: {
        200: jsonContent(dataOf(draftedTextsViewSchema), 'The drafted texts, to review'),
        ...errorResponses,
        ...tooManyRequests('RATE_LIMIT_AI per user'),
        ...providerErrors,
      },
    }),
    async (c) => c.json({ data: await orProviderError(c.var.services.ai.draftTexts(c.var.user!, c.req.valid('json'))) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/ai/translate-texts',
      tags,
      ...auth,
      summary: 'Drafts a route’s texts in one of its category’s content languages from the fallback language (ADR 043). Writes nothing: reviewed in the landing editor, saved with PUT /routes/update.',
      request: jsonBody(translateTextsSchema),
      responses: {
        200: jsonContent(dataOf(translatedTextsViewSchema), 'The drafted translation, to review'),
        ...errorResponses,
        ...tooManyRequests('RATE_LIMIT_AI per user'),
        ...providerErrors,
      },
    }),
    async (c) => c.json({ data: await orProviderError(c.var.services.ai.translateTexts(c.var.user!, c.req.valid('json'))) }, 200),
  )
