import { createMiddleware } from 'hono/factory'
import type { Config } from '#app/config/config.server.ts'

// Headers every answer carries. Framing is refused everywhere for now; the share-map embed and a
// full Content-Security-Policy with script nonces come later (issue 8).
const always: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "frame-ancestors 'none'",
}
const hsts = 'max-age=31536000; includeSubDomains'

/** Sets the security headers on every response; HSTS only when the app is served over HTTPS. */
export function securityHeaders(config: Pick<Config, 'BASE_URL'>) {
  const headers = { ...always, ...(new URL(config.BASE_URL).protocol === 'https:' ? { 'Strict-Transport-Security': hsts } : {}) }
  return createMiddleware(async (c, next) => {
    await next()
    try {
      for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
    } catch {
      // Some responses (Response.redirect, fetched ones) have immutable headers: copy them once.
      const res = new Response(c.res.body, c.res)
      for (const [name, value] of Object.entries(headers)) res.headers.set(name, value)
      c.res = res
    }
  })
}
