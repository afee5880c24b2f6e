import type { Context, Hono } from 'hono'
import { PatternRouter } from 'hono/router/pattern-router'
import { AppError } from '#app/utils/errors.ts'
import { errorResponse } from './envelope.server.ts'
import type { ApiEnv } from './env.ts'

/**
 * The answer for a request no API route takes (`api.all('*', …)`, registered last): the JSON
 * envelope, never the app's HTML error page (the server would otherwise hand the path to the
 * pages). 405 with `Allow` when the path exists under other methods, else 404.
 */
export function unmatchedRequest(api: Hono<ApiEnv>) {
  let methods: PatternRouter<string> | undefined
  return (c: Context<ApiEnv>) => {
    // Built at the first use: every route is registered by then.
    if (!methods) {
      methods = new PatternRouter<string>()
      for (const route of api.routes) if (route.method !== 'ALL') methods.add('ALL', route.path, route.method)
    }
    // Mounted at /api, the request's path carries the mount point that the routes' paths do not.
    const mount = c.req.routePath.replace(/\/?\*$/, '')
    const path = c.req.path.slice(mount.length) || '/'
    const allowed = [...new Set(methods.match('ALL', path)[0].map(([method]) => method))]
    if (allowed.includes('GET')) allowed.push('HEAD')
    // In the caller's language, as every API error (errorResponse's default).
    if (allowed.length === 0) return errorResponse(new AppError(404, { key: 'errors.not_found' }), c)
    return errorResponse(new AppError(405, { key: 'security.method_not_allowed' }, undefined, { Allow: allowed.join(', ') }), c)
  }
}
