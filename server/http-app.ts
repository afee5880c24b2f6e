import fs from 'node:fs'
import path from 'node:path'
import { finished } from 'node:stream'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router'
import { createApi } from '#app/api-routes.server.ts'
import { BUILD_INFO_PATH } from '#app/platform/app-version/app-version.ts'
import { clientIp, fromAnotherSite } from '#app/api/middleware.server.ts'
import '#app/load-context.ts'
import { isPageView, uncounted } from '#app/modules/stats/page-view.ts'
import { tokenFromRequest } from '#app/platform/http/session-cookie.server.ts'
import { requestLogging } from '#app/platform/observability/logger-http.server.ts'
import { holdRequestContext, withRequestId } from '#app/platform/observability/logger.server.ts'
import type { Services } from '#app/services.server.ts'
import { negotiateLocale } from '#app/platform/locale/locale-negotiation.server.ts'
import { contentChoiceCookie } from '#app/platform/locale/content-wish.ts'
import type { PageCache } from '#app/platform/page-cache/page-cache.server.ts'
import { categorySlugFromHost } from '#app/platform/http/host.server.ts'
import { addressingOf } from '#app/modules/addresses/route-address.ts'
import { discoveryRoutes } from '#app/modules/discovery/discovery.http.server.ts'
import { IMMUTABLE, S3Storage } from '#app/platform/storage/s3-storage.server.ts'
import { uploadContentType } from '#app/platform/storage/upload-keys.ts'
import { withPageErrors } from '#app/utils/page-errors.ts'
import { builtFiles } from './built-files.ts'
import { compression } from './compression.ts'
import { createFastPath } from './fast-path.ts'
import { countScan, scanTargetOf } from './plaque-scan.ts'
import { refusalPage, unknownCategoryPage } from './refusal-page.ts'
import { securityHeaders } from './security-headers.ts'

export interface HttpAppOptions {
  /** The render cache (shared with server/fast-path.ts): the services' own unless a test brings one. */
  pageCache?: PageCache
  services: Services
  /** The React Router server build, or a loader for it (Vite in development). */
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: 'development' | 'production'
  /** Folder of the built browser assets (production only; Vite serves them in development). */
  clientDir?: string
}

/** The whole HTTP surface: /api to Hono, built assets, and every other path to React Router. */
export function createHttpApp({ services, build, mode, clientDir, pageCache = services.pageCache }: HttpAppOptions) {
  const app = new Hono()
  // Every loader's and action's AppError becomes its page's status and error page (ADR 080).
  const handleRequest = createRequestHandler(typeof build === 'function' ? async () => withPageErrors(await build()) : withPageErrors(build), mode)
  const { subdomains } = services

  // First: the request id and the request's log line cover everything after it.
  app.use('*', requestLogging(services.logger))
  // Compresses what nobody compressed before it (built files and kept pages come compressed).
  app.use('*', compression())
  app.use('*', securityHeaders(services.config))
  // No address holds a NUL character, and PostgreSQL cannot compare one (a page's loader would
  // answer 500): refused up front. The API refuses it itself, in its JSON envelope.
  app.use('*', async (c, next) => {
    if (/%00/.test(c.req.url) && !/^\/api(\/|$)/.test(c.req.path)) return c.text('Bad request', 400)
    await next()
  })
  app.route('/api', createApi(services))
  // robots.txt and the sitemaps, per host (ADR 120).
  app.route('/', discoveryRoutes({ sitemaps: services.sitemaps, config: services.config, addressing: addressingOf(services.config) }))

  // The served build's id, polled by the app to learn of a new deployment (docs/spec.md §7; app/platform/app-version).
  app.get(BUILD_INFO_PATH, async (c) => {
    const served = typeof build === 'function' ? await build() : build
    return c.json({ id: served.assets.version }, 200, { 'Cache-Control': 'no-store' })
  })

  // Uploaded images: random, never-reused names, so they can be cached for good.
  if (services.storage instanceof S3Storage) s3Uploads(app, services.storage, services.logger)
  else localUploads(app, services.config.DATA_DIR)

  if (clientDir) {
    app.use('/assets/*', async (c, next) => {
      await next()
      // File names carry a content hash: safe to cache for a year.
      if (c.res.ok) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
    })
    // Listed once at start, with the .br/.gz copies the build wrote: a page costs no disk lookup.
    app.use('*', builtFiles(clientDir))
  }

  app.all('*', async (c) => {
    const request = c.req.raw
    // The app's page forms (sign-out, the sign-in link's account switch, likes, manager actions)
    // are only ever posted from its own pages: a write from another site is refused here, before
    // any action, with the API's rule of origins (BASE_URL and category subdomains). Quietly:
    // React Router's own check would log each as an error, and anyone can send them.
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method)) {
      if (fromAnotherSite(request, services.config)) return refusalPage(request, 403)
      // An own Origin sent with another Host (a forged or misrouted request) fails React
      // Router's own check, which logs an error each time: refused here, once, at info.
      if (originDiffersFromRequest(request)) {
        services.logger.info('page write refused: Origin and Host differ', { method: request.method, path: new URL(request.url).pathname })
        return refusalPage(request, 403)
      }
    }
    const categorySlug = categorySlugFromHost(request.headers.get('host'), services.config)
    if (categorySlug) {
      // Before React Router, so the public pages need not know about subdomains beyond the slug.
      const decision = await subdomains.resolve(categorySlug, new URL(request.url))
      if (decision.kind === 'unknown-category') return unknownCategoryPage(request)
      // An old category slug (ADR 011): permanent, and a write keeps its method.
      if (decision.kind === 'moved') return c.redirect(decision.location, request.method === 'GET' || request.method === 'HEAD' ? 301 : 308)
      if (decision.kind === 'redirect' && isDocumentRead(request)) return c.redirect(decision.location, 302)
    }
    const token = tokenFromRequest(request.headers) ?? null
    const user = token ? await services.auth.userForSession(token) : null
    const { redirect, setCookie: localeCookie } = negotiateLocale(request, user, services.config)
    // The content language a visitor chose with the switcher (?lang=) is kept for their next pages (ADR 043).
    const cookies = [localeCookie, redirect ? undefined : contentChoiceCookie(request, services.config)].filter((c): c is string => c !== undefined)
    // A visitor's plaque scan: answered with the map page it leads to, in the visitor's language
    // at once, not after a redirect to the /q page's language or to the map page (ADR 071).
    const scanned = redirect ? new URL(redirect, request.url).pathname : new URL(request.url).pathname
    const scan = user === null && request.method === 'GET' && !categorySlug ? await scanTargetOf(services, scanned) : null
    if (redirect && !scan) {
      const headers = new Headers({ Location: redirect })
      for (const cookie of cookies) headers.append('Set-Cookie', cookie)
      return new Response(null, { status: 302, headers })
    }
    const context: AppLoadContext = {
      services,
      user,
      token: user ? token : null,
      clientIp: clientIp(c, services.config.TRUST_PROXY),
      categorySlug,
      cspNonce: c.get('cspNonce'),
    }
    const page = scan ? new Request(new URL(scan.path, request.url), { headers: request.headers }) : request
    if (scan) countScan(services, scan.target, context.clientIp, request.headers.get('user-agent') ?? '')
    // Render cache of visitors' public pages (those whose loader sends a cache tag).
    const cacheKey = pageCache.keyOf(page, user !== null)
    const kept = cacheKey ? await pageCache.lookup(cacheKey) : null
    // Counted beside the answer, not before it: the visitor waits for nothing (failures are logged).
    if (kept?.tag.view && isPageView(request.headers.get('sec-fetch-mode'))) countView(services, { id: kept.tag.view.id, categoryId: kept.tag.categoryId }, context.clientIp, request.headers.get('user-agent') ?? '')
    const acceptEncoding = request.headers.get('accept-encoding')
    const response = kept
      ? pageCache.answer(kept, context.cspNonce, request.headers.get('if-none-match'), acceptEncoding)
      : await pageCache.store(cacheKey, await handleRequest(page, context), context.pageCacheTag, context.cspNonce, acceptEncoding)
    if (cookies.length === 0) return response
    const headers = new Headers(response.headers)
    for (const cookie of cookies) headers.append('Set-Cookie', cookie)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  })
  return app
}

/**
 * The server's request handler: the lean path first (server/fast-path.ts: built files, liveness,
 * kept pages, straight to Node's response), then the Hono app for everything else (ADR 033).
 */
export function createRequestListener(options: HttpAppOptions & { wrap?: (fetch: Hono['fetch']) => Hono['fetch'] }) {
  const pageCache = options.pageCache ?? options.services.pageCache
  const app = createHttpApp({ ...options, pageCache })
  const honoListener = getRequestListener(options.wrap ? options.wrap(app.fetch) : app.fetch)
  // The framework's answer keeps the request context on until its last byte (a page streams
  // after its handler returned); the lean path's answers need none (ADR 048).
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    // finished: called at once for an answer already over (a client that went away).
    finished(res, holdRequestContext())
    return honoListener(req, res)
  }
  const fastPath = createFastPath({ services: options.services, pageCache, clientDir: options.clientDir, countView })
  // Never half-answered: the fast path writes nothing before its last step, so a failure before
  // it (a database that cannot be read…) is the framework's to answer.
  const failed = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    options.services.logger.warn('fast path failed', { error: String(error) })
    if (!res.headersSent) void listener(req, res)
  }
  return (req: IncomingMessage, res: ServerResponse) => {
    let answered: boolean | Promise<boolean>
    try {
      answered = fastPath(req, res)
    } catch (error) {
      return failed(req, res, error)
    }
    if (answered === true) return
    if (answered === false) return void listener(req, res)
    answered.then(
      (done) => (done ? undefined : listener(req, res)),
      (error: unknown) => failed(req, res, error),
    )
  }
}


/** DATA_DIR/uploads, served from the disk. */
function localUploads(app: Hono, dataDir: string) {
  const uploadsDir = path.relative(process.cwd(), path.resolve(dataDir, 'uploads')) || '.'
  // Made up front: serveStatic prints a (non-JSON) warning at start for a missing folder.
  fs.mkdirSync(uploadsDir, { recursive: true })
  app.use('/uploads/*', async (c, next) => {
    const contentType = uploadContentType(decodedKey(c.req.path) ?? '')
    if (contentType === null) return c.text('Not found', 404)
    await next()
    c.res.headers.set('X-Content-Type-Options', 'nosniff')
    if (!c.res.ok) return
    for (const [name, value] of Object.entries(uploadHeaders(contentType))) c.res.headers.set(name, value)
    c.res.headers.set('Cache-Control', IMMUTABLE)
    // Ranges are answered (serveStatic reads Range): said as the S3 answers say it, for players that ask.
    c.res.headers.set('Accept-Ranges', 'bytes')
  })
  app.use('/uploads/*', serveStatic({ root: uploadsDir, rewriteRequestPath: (p) => p.replace(/^\/uploads/, '') }))
  app.all('/uploads/*', (c) => c.text('Not found', 404))
}

/**
 * Uploads in an S3 bucket (ADR 030). With S3_PUBLIC_URL the pages link there and /uploads/{key}
 * (addresses kept in cached pages, saved walks, other sites) redirects to it; without it the
 * object is streamed from the bucket with the local files' headers, so the bucket stays private
 * and images stay same-origin for the CSP, the service worker and the offline packs.
 */
function s3Uploads(app: Hono, storage: S3Storage, logger: Services['logger']) {
  app.on(['GET', 'HEAD'], '/uploads/*', async (c) => {
    const key = decodedKey(c.req.path)
    const contentType = uploadContentType(key ?? '')
    if (key === null || contentType === null) return c.text('Not found', 404)
    if (storage.publicUrl) {
      // Not "immutable": the public address is a setting, and may change.
      return c.body(null, 301, { Location: storage.url(key), 'Cache-Control': 'public, max-age=86400' })
    }
    try {
      const answer = await storage.answer(key, {
        method: c.req.method === 'HEAD' ? 'HEAD' : 'GET',
        range: c.req.header('range'),
        ifNoneMatch: c.req.header('if-none-match'),
        ifModifiedSince: c.req.header('if-modified-since'),
        signal: c.req.raw.signal,
      })
      if (answer.status === 404) return c.text('Not found', 404)
      // The type the app decides for its key, never the one stored with the object (ADR 030).
      const headers = answer.status === 200 || answer.status === 206 ? { ...answer.headers, ...uploadHeaders(contentType) } : answer.headers
      return new Response(c.req.method === 'HEAD' ? null : answer.body, { status: answer.status, headers })
    } catch (error) {
      // A visitor who went away is not the bucket's failure.
      if (!c.req.raw.signal.aborted) logger.warn('upload not read from the bucket', { key, error: String(error) })
      return c.text('Service unavailable', 503, { 'Retry-After': '5', 'Cache-Control': 'no-store' })
    }
  })
  app.all('/uploads/*', (c) => c.text('Not found', 404))
}

/** React Router's condition for refusing an action: an Origin whose origin is not the request URL's (built from Host). */
function originDiffersFromRequest(request: Request): boolean {
  const origin = request.headers.get('origin')
  if (origin === null) return false
  try {
    return new URL(origin).origin !== new URL(request.url).origin
  } catch {
    return true
  }
}

/** What every upload is answered with, from the disk or the bucket: a type of the app's choosing, shown inline, never sniffed. */
const uploadHeaders = (contentType: string) => ({ 'Content-Type': contentType, 'Content-Disposition': 'inline', 'X-Content-Type-Options': 'nosniff' })

/** The storage key of an /uploads/… address, or null when it cannot be one (as serveStatic refuses it). */
function decodedKey(pathname: string): string | null {
  if (pathname.includes('%')) return null
  return pathname.replace(/^\/uploads\//, '') || null
}

/**
 * A kept landing page served again is a view too (the loader counts the rendered ones). In one
 * go in the common case; otherwise counted beside the answer, as part of the request
 * `requestId` (the lean path's, which answers outside the request context).
 */
export function countView(services: Pick<Services, 'stats' | 'logger'>, walk: { id: number; categoryId: number }, ip: string, userAgent: string, requestId?: string): void {
  const notCounted = uncounted(services.logger, 'landing view not recorded')
  try {
    if (services.stats.countViewNow(walk, { ip, userAgent })) return
  } catch (error) {
    return notCounted(error)
  }
  const later = () => void services.stats.ingestView(walk, { ip, userAgent }).catch(notCounted)
  if (requestId === undefined) later()
  else withRequestId(requestId, later)
}

/** A page load (GET/HEAD), not a form post or a React Router data request. */
function isDocumentRead(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false
  return !new URL(request.url).pathname.endsWith('.data')
}
