import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { translate } from '#app/i18n/i18n.server.ts'
import { captureException } from '#app/platform/observability/error-reporting.server.ts'
import { AppError } from '#app/utils/errors.ts'
import type { Locale } from '#app/i18n/config.ts'
import type { ApiEnv } from './env.ts'
import { callerLocale } from './params.ts'

// What Hono's JSON validator says of a body that does not parse (translated as errors.malformed_json).
const HONO_MALFORMED_JSON = 'Malformed JSON in request body'

/**
 * The API's one error shape: { message, errors? }, in the caller's language (callerLocale, or
 * the `locale` given: the import's); never a stack trace.
 */
export function errorResponse(error: unknown, c: Context<ApiEnv>, locale: Locale = callerLocale(c)): Response {
  if (error instanceof AppError) {
    const { status, body, headers } = appErrorEnvelope(error, locale)
    return c.json(body, status, headers)
  }
  if (error instanceof HTTPException) {
    const status = error.status
    const message =
      translate(locale, { key: status === 413 ? 'errors.too_large' : error.message === HONO_MALFORMED_JSON ? 'errors.malformed_json' : 'errors.bad_request' })
    return c.json({ message }, status)
  }
  c.var.services?.logger.error('unhandled API error', {
    path: c.req.path,
    method: c.req.method,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  })
  captureException(error, c.req.raw)
  return c.json({ message: translate(locale, { key: 'errors.server' }) }, 500)
}

/** An AppError as the envelope's status, body and headers (also written by server/event-fast-path.ts). */
export function appErrorEnvelope(error: AppError, locale: Locale) {
  const errors = error.fieldErrors
    ? Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages.map((m) => translate(locale, m))]))
    : undefined
  return { status: error.status, body: { message: translate(locale, error.detail), ...(errors ? { errors } : {}) }, headers: error.headers }
}
