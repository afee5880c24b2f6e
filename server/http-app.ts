import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router'
import { createApi } from '#app/api/api.server.ts'
import { clientIp } from '#app/api/middleware.server.ts'
import '#app/load-context.ts'
import { tokenFromRequest } from '#app/modules/auth/session-cookie.server.ts'
import type { Services } from '#app/services.server.ts'
import { negotiateLocale } from '#app/modules/i18n/locale-negotiation.server.ts'
import { categorySlugFromHost } from '#app/modules/subdomains/host.server.ts'
import { SubdomainService } from '#app/modules/subdomains/subdomains.service.server.ts'
import { securityHeaders } from './security-headers.ts'

export interface HttpAppOptions {
  services: Services
  /** The React Router server build, or a loader for it (Vite in development). */
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: 'development' | 'production'
  /** Folder of the built browser assets (production only; Vite serves them in development). */
  clientDir?: string
}

/** The whole HTTP surface: /api to Hono, built assets, and every other path to React Router. */
export function createHttpApp({ services, build, mode, clientDir }: HttpAppOptions) {
  const app = new Hono()
  const handleRequest = createRequestHandler(build, mode)
  const subdomains = new SubdomainService(services.db)

  app.use('*', securityHeaders(services.config))
  app.route('/api', createApi(services))

  // Uploaded images: random, never-reused names, so they can be cached for good.
  const uploadsDir = path.relative(process.cwd(), path.resolve(services.config.DATA_DIR, 'uploads')) || '.'
  app.use('/uploads/*', async (c, next) => {
    await next()
    c.res.headers.set('X-Content-Type-Options', 'nosniff')
    if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
  })
  app.use('/uploads/*', serveStatic({ root: uploadsDir, rewriteRequestPath: (p) => p.replace(/^\/uploads/, '') }))
  app.all('/uploads/*', (c) => c.text('Not found', 404))

  if (clientDir) {
    app.use('/assets/*', async (c, next) => {
      await next()
      // File names carry a content hash: safe to cache for a year.
      if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
    })
    app.use('*', serveStatic({ root: clientDir }))
  }

  app.all('*', async (c) => {
    const request = c.req.raw
    const categorySlug = categorySlugFromHost(request.headers.get('host'), services.config)
    if (categorySlug) {
      // Before React Router, so the public pages need not know about subdomains beyond the slug.
      const decision = await subdomains.resolveLandingRedirect(categorySlug, new URL(request.url).pathname)
      if (decision.kind === 'unknown-category') return c.html(UNKNOWN_CATEGORY_HTML, 404)
      if (decision.kind === 'redirect' && isDocumentRead(request)) return c.redirect(decision.location, 302)
    }
    const token = tokenFromRequest(request.headers) ?? null
    const user = token ? await services.auth.userForSession(token) : null
    const { redirect, setCookie } = negotiateLocale(request, user, services.config)
    if (redirect) {
      const headers = new Headers({ Location: redirect })
      if (setCookie) headers.append('Set-Cookie', setCookie)
      return new Response(null, { status: 302, headers })
    }
    const context: AppLoadContext = {
      services,
      user,
      token: user ? token : null,
      clientIp: clientIp(c, services.config.TRUST_PROXY),
      categorySlug,
    }
    const response = await handleRequest(request, context)
    if (!setCookie) return response
    const headers = new Headers(response.headers)
    headers.append('Set-Cookie', setCookie)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  })
  return app
}

const UNKNOWN_CATEGORY_HTML = '<!doctype html><html><head><meta charset="utf-8"><title>Not found</title></head><body><h1>404</h1><p>Not found</p></body></html>'

/** A page load (GET/HEAD), not a form post or a React Router data request. */
function isDocumentRead(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  return !new URL(request.url).pathname.endsWith('.data')
}
