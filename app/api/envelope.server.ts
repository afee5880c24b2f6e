import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { translate } from '#app/i18n/i18n.server.ts'
import { captureException } from '#app/modules/observability/error-reporting.server.ts'
import { AppError } from '#app/utils/errors.ts'
import type { ApiEnv } from './env.ts'

/** The API's one error shape: { message, errors? }; never a stack trace. */
export function errorResponse(error: unknown, c: Context<ApiEnv>): Response {
  if (error instanceof AppError) {
    const errors = error.fieldErrors
      ? Object.fromEntries(
          Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages.map((m) => translate('en', m))]),
        )
      : undefined
    return c.json({ message: translate('en', error.detail), ...(errors ? { errors } : {}) }, error.status, error.headers)
  }
  if (error instanceof HTTPException) {
    const status = error.status
    const message =
      status === 413 ? translate('en', { key: 'errors.too_large' }) : error.message || translate('en', { key: 'errors.bad_request' })
    return c.json({ message }, status)
  }
  c.var.services?.logger.error('unhandled API error', {
    path: c.req.path,
    method: c.req.method,
    error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
  })
  captureException(error, c.req.raw)
  return c.json({ message: translate('en', { key: 'errors.server' }) }, 500)
}
