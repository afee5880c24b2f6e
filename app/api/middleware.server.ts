import { createMiddleware } from 'hono/factory'
import type { Config } from '#app/config/config.server.ts'
import { readCookie } from '#app/platform/http/cookies.ts'
import { SESSION_COOKIE, tokenFromRequest } from '#app/platform/http/session-cookie.server.ts'
import { categorySlugFromHost } from '#app/platform/http/host.server.ts'
import { AppError, unauthenticated } from '#app/utils/errors.ts'
import type { ApiEnv } from './env.ts'

/** Resolves the caller from the Bearer header or the token cookie; anonymous is allowed here. */
export const resolveSession = createMiddleware<ApiEnv>(async (c, next) => {
  const token = tokenFromRequest(c.req.raw.headers) ?? null
  c.set('token', token)
  c.set('user', token ? await c.var.services.auth.userForSession(token) : null)
  await next()
})

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * CSRF defence: a state-changing request authenticated by the session cookie must come from the
 * app's own origin (or a category subdomain of it). The browser sends Origin on such requests;
 * without it, Sec-Fetch-Site decides; with neither, the client is not a browser and cannot carry
 * a victim's cookie. Bearer-token calls are not at risk (a browser never adds that header itself).
 */
export const requireSameOrigin = createMiddleware<ApiEnv>(async (c, next) => {
  if (unsafeMethods.has(c.req.method) && crossSiteWrite(c.req.raw, c.var.services.config)) throw new AppError(403, { key: 'errors.cross_site' })
  await next()
})

/**
 * For the few GETs that write (the spec's `GET /qr-codes/{code}/detach-place`): a link or a
 * redirect on another site is a top-level GET, which carries the SameSite=Lax cookie. With the
 * cookie alone, the request must prove it is the app's own: an own Origin, or
 * `Sec-Fetch-Site: same-origin`; without either it is refused. Bearer callers keep the GET.
 */
export const requireSameOriginForGet = createMiddleware<ApiEnv>(async (c, next) => {
  if (carriesOnlyTheCookie(c.req.raw.headers)) {
    const origin = c.req.header('origin')
    const own = origin !== undefined ? isOwnOrigin(origin, c.var.services.config) : c.req.header('sec-fetch-site') === 'same-origin'
    if (!own) throw new AppError(403, { key: 'errors.cross_site' })
  }
  await next()
})

/**
 * Whether a write (any method but GET/HEAD) rides on the session cookie from another site.
 */
function crossSiteWrite(request: Request, config: Pick<Config, 'BASE_URL' | 'SUBDOMAIN_ROUTING'>): boolean {
  return carriesOnlyTheCookie(request.headers) && fromAnotherSite(request, config)
}

/** The browser says the request comes from another site: a foreign Origin, else Sec-Fetch-Site. */
export function fromAnotherSite(request: Request, config: Pick<Config, 'BASE_URL' | 'SUBDOMAIN_ROUTING'>): boolean {
  const origin = request.headers.get('origin')
  return origin !== null ? !isOwnOrigin(origin, config) : request.headers.get('sec-fetch-site') === 'cross-site'
}

function carriesOnlyTheCookie(headers: Headers): boolean {
  if (/^Bearer\s+\S+$/i.test(headers.get('authorization') ?? '')) return false
  return !!readCookie(headers.get('cookie'), SESSION_COOKIE)
}

/** BASE_URL's origin, or a category subdomain of it (same scheme and port) when subdomain routing is on. */
export function isOwnOrigin(origin: string, config: Pick<Config, 'BASE_URL' | 'SUBDOMAIN_ROUTING'>): boolean {
  let url: URL
  try {
    url = new URL(origin)
  } catch {
    return false // "null" (sandboxed frames, privacy redirects) or garbage
  }
  const base = new URL(config.BASE_URL)
  if (url.origin === base.origin) return true
  return url.protocol === base.protocol && url.port === base.port && categorySlugFromHost(url.host, config) !== null
}

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

const parseJsonOrText = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** True when a string anywhere in a parsed JSON value (keys included) holds a NUL character. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (depth > 64 || value === null || typeof value !== 'object') return false
  for (const [key, item] of Object.entries(value)) if (key.includes('\u0000') || containsNul(item, depth + 1)) return true
  return false
}

/**
 * NUL characters are refused in the path, the query and JSON bodies (400): no text of the app
 * holds one, and PostgreSQL cannot store or compare one (it would fail the query: a 500).
 */
export const refuseNulCharacters = createMiddleware<ApiEnv>(async (c, next) => {
  const url = c.req.url
  if (/%00/.test(url) || url.includes('\u0000')) throw new AppError(400, { key: 'errors.bad_request' })
  const type = (c.req.header('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (!['GET', 'HEAD'].includes(c.req.method)) {
    // Hono caches the read body: the route reads the same one. Unreadable JSON is left to the
    // route's validator, which answers it as such. text/plain: a beacon's JSON text (events).
    const body = /^application\/([\w.-]+\+)?json$/.test(type)
      ? await c.req.json().catch(() => undefined)
      : type === 'text/plain'
        ? await c.req.text().then(parseJsonOrText, () => undefined)
        : undefined
    if (containsNul(body)) throw new AppError(400, { key: 'errors.bad_request' })
  }
  await next()
})

/**
 * The client's address for rate limits: the socket's, or with `trustedProxies` (TRUST_PROXY)
 * the right-most X-Forwarded-For hop that no trusted proxy wrote. Each proxy appends the address
 * it received the request from, so everything left of that hop is the client's own text (a
 * client that writes "X-Forwarded-For: 1.2.3.4" must not pick its own rate-limit key). With
 * fewer hops than trusted proxies the request did not come through them: the socket's address.
 */
export function clientIp(c: { req: { header(name: string): string | undefined }; env: unknown }, trustedProxies: number): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
  const socket = env?.incoming?.socket?.remoteAddress ?? 'local'
  if (trustedProxies <= 0) return socket
  // Proxies may send the header more than once: Hono joins the lines with ", " like one list.
  const hops = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean)
  const hop = hops.length >= trustedProxies ? hops[hops.length - trustedProxies] : undefined
  return hop ? hop.slice(0, 64) : socket
}
