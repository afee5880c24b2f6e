import { createMiddleware } from 'hono/factory'
import { tokenFromRequest } from '#app/modules/auth/session-cookie.server.ts'
import { AppError, unauthenticated } from '#app/utils/errors.ts'
import type { ApiEnv } from './env.ts'

/** Resolves the caller from the Bearer header or the token cookie; anonymous is allowed here. */
export const resolveSession = createMiddleware<ApiEnv>(async (c, next) => {
  const token = tokenFromRequest(c.req.raw.headers) ?? null
  c.set('token', token)
  c.set('user', token ? await c.var.services.auth.userForSession(token) : null)
  await next()
})

/** 401 `Unauthenticated.` unless the request carries a live session. */
export const requireAuth = createMiddleware<ApiEnv>(async (c, next) => {
  if (!c.var.user) throw unauthenticated()
  await next()
})

// navigator.sendBeacon sends text/plain: only the public event endpoint reads such a body (as JSON).
const acceptsTextPlain = (c: { req: { method: string; path: string } }) => c.req.method === 'POST' && /^(\/api)?\/events$/.test(c.req.path)

/** A body must be JSON or a multipart upload: anything else is refused before parsing. */
export const requireKnownBodyType = createMiddleware<ApiEnv>(async (c, next) => {
  // A body without a Content-Type is not parsed (its fields count as missing: 422); a body that
  // declares another type is refused here. Whether an empty body "exists" differs between
  // clients (Node gives every DELETE a stream), so the declared type is what decides.
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (type && !['GET', 'HEAD'].includes(c.req.method) && c.req.header('content-length') !== '0') {
    const beacon = type === 'text/plain' && acceptsTextPlain(c)
    if (!/^application\/([\w.-]+\+)?json$/.test(type) && type !== 'multipart/form-data' && !beacon) {
      throw new AppError(415, { key: 'errors.unsupported_media_type' })
    }
  }
  await next()
})

/** The client's address for rate limits: the socket's, or the proxy's header when trusted. */
export function clientIp(c: { req: { header(name: string): string | undefined }; env: unknown }, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  return env?.incoming?.socket?.remoteAddress ?? 'local'
}
