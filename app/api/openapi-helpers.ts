import { z } from '@hono/zod-openapi'

// Small builders for route definitions, so each module's API file reads as a list of endpoints.

export const errorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
})

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
})

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
})

export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema })

/** The error answers every authenticated endpoint may give. */
export const errorResponses = {
  401: jsonContent(errorSchema, 'Unauthenticated.'),
  403: jsonContent(errorSchema, 'Forbidden: an owner is needed'),
  404: jsonContent(errorSchema, 'Not found, or another tenant’s'),
  422: jsonContent(errorSchema, 'Invalid input'),
}

/** A per-user or per-client limit (RATE_LIMIT_…) answered 429 with Retry-After. */
export const tooManyRequests = (limit: string) => ({ 429: jsonContent(errorSchema, `Over ${limit}; see Retry-After`) })

export const messageData = dataOf(z.object({ message: z.string() }))

/** A delete that moved something to the trash: `trash_id` restores it (ADR 110). */
export const trashedData = dataOf(z.object({ message: z.string(), trash_id: z.number().int() }))
