import { OpenAPIHono } from '@hono/zod-openapi'
import { AppError } from '#app/utils/errors.ts'
import { issuesToFieldErrors } from '#app/utils/validation.ts'
import type { ApiEnv } from './env.ts'

/**
 * Every API router comes from here, so every validation failure has the same 422 shape
 * (Hono does not hand a parent's defaultHook to sub-routers).
 */
export function createRouter() {
  return new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        const fieldErrors = issuesToFieldErrors(result.error.issues, 'data' in result ? result.data : undefined)
        const first = Object.values(fieldErrors)[0]?.[0] ?? { key: 'validation.invalid' }
        throw new AppError(422, first, fieldErrors)
      }
    },
  })
}
