import { createMiddleware } from 'hono/factory'
import type { ApiEnv } from '#app/api/env.ts'
import { clientIp } from '#app/api/middleware.server.ts'

/**
 * RATE_LIMIT_UPLOADS on every image upload endpoint, per user and client address, counted
 * before the body is read: image decoding is the costliest thing a signed-in user can ask for.
 * Goes after requireAuth.
 */
export const limitUploads = createMiddleware<ApiEnv>(async (c, next) => {
  const { services, user } = c.var
  const client = clientIp(c, services.config.TRUST_PROXY)
  await services.rateLimiter.enforceClient(`uploads:${user?.id ?? 'anonymous'}`, client, services.config.RATE_LIMIT_UPLOADS)
  await next()
})
