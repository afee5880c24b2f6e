import fs from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { appErrorEnvelope } from '#app/api/envelope.server.ts'
import { clientIp } from '#app/api/middleware.server.ts'
import { callerLocale, requestLocale } from '#app/api/params.ts'
import { readCookie } from '#app/platform/http/cookies.ts'
import { SESSION_COOKIE } from '#app/platform/http/session-cookie.server.ts'
import { negotiateLocale } from '#app/platform/locale/locale-negotiation.server.ts'
import { contentChoiceCookie } from '#app/platform/locale/content-wish.ts'
import { requestIdFrom } from '#app/platform/observability/logger-http.server.ts'
import { logRequest, scrubText, withRequestId } from '#app/platform/observability/logger.server.ts'
import type { PageCache } from '#app/platform/page-cache/page-cache.server.ts'
import { isPageView } from '#app/modules/stats/page-view.ts'
import { eventBatchSchema, eventSchema, isEventBatch } from '#app/modules/stats/stats.schema.ts'
import { categorySlugFromHost } from '#app/platform/http/host.server.ts'
import { addressingOf } from '#app/modules/addresses/route-address.ts'
import { ROBOTS_HEADERS } from '#app/modules/discovery/discovery.http.server.ts'
import type { Services } from '#app/services.server.ts'
import { CORS, openDataHeadersOf, openDataLimitKey } from '#app/modules/transfer/open-data.api.server.ts'
import { keptAnswerParts } from '#app/platform/page-cache/answer-cache.server.ts'
import { isCanonicalTag } from '#app/i18n/content-locales.ts'
import { AppError } from '#app/utils/errors.ts'
import { acceptedWeight, encodedEtag, etagMatches, isCompressible, MIN_COMPRESS_BYTES, negotiateEncoding, type Encoding } from '#app/utils/http-encoding.ts'
import { indexBuiltFiles } from './built-files.ts'
import { countScan, plaqueScanOf, scanTargetOf } from './plaque-scan.ts'
import { createNonce, isEmbedRequest, isServiceWorkerScript, securityHeaderValues, type AnswerKind } from './security-headers.ts'

/**
 * The lean request path (ADR 033): the answers that need no framework are written to
 * Node's response directly, before Hono and React Router see the request — the built files from
 * memory, the liveness probe, visitors' pages kept by the render cache, and the visitor events
 * that public pages post (POST /api/events, the busiest write). Each goes out with
 * the same status, headers and bytes as through the framework (server/fast-path.test.ts compares
 * both): request id and its log line, security headers with a fresh CSP nonce, ETag per encoding
 * and Vary, 304s; a kept landing page counts its view. Anything else, or anything unusual about
 * the request (a session, a subdomain, a redirect to make, an encoding only the compression
 * middleware gives), returns false and goes the framework's way.
 */

/** The open data's two addresses (app/modules/transfer/open-data.api.server.ts); a slug in plain letters. */
const OPEN_DATA_PATH = /^\/api\/public\/categories\/([a-z0-9-]+)(\/geojson)?$/

/** Built files up to this size are held in memory (all of today's build: ~5 MB with the .br/.gz copies). */
const IN_MEMORY_MAX_BYTES = 2 * 1024 * 1024

const IMMUTABLE_ASSETS = 'public, max-age=31536000, immutable'

interface StaticVariant {
  body: Buffer
  /** Headers of a 200 (without the request id); a 304 takes `notModified`. */
  ok: Record<string, string>
  notModified: Record<string, string>
  etag: string
}

interface StaticFile {
  compressible: boolean
  identity: StaticVariant
  br?: StaticVariant
  gzip?: StaticVariant
}

export interface FastPathOptions {
  services: Services
  pageCache: PageCache
  clientDir?: string
  /** The view counter of a kept landing page (server/http-app.ts's, shared with the framework path). */
  countView: (services: Pick<Services, 'stats' | 'logger'>, walk: { id: number; categoryId: number }, ip: string, userAgent: string, requestId?: string) => void
}

/** A request handler that answers what it can and returns false for the rest (which it has not touched). */
export function createFastPath({ services, pageCache, clientDir, countView }: FastPathOptions) {
  const { config, logger } = services
  const security = securityHeaderValues(config)
  // Outside development only: development has no nonce and no built files.
  const production = config.NODE_ENV !== 'development'
  const files = production && clientDir ? staticFiles(clientDir, security) : new Map<string, StaticFile>()
  const health = Buffer.from(JSON.stringify({ data: { status: 'ok' } }))
  const accepted = Buffer.from(JSON.stringify({ data: { accepted: true } }))
  const jsonHeaders = { 'content-type': 'application/json', vary: 'Accept-Encoding', ...present(security({ html: false, embed: false, worker: false, notModified: false }, '')) }
  const healthHeaders = {
    'content-type': 'application/json',
    vary: 'Accept-Encoding',
    ...present(security({ html: false, embed: false, worker: false, notModified: false }, '')),
    'content-length': String(health.length),
  }
  // The base host's robots.txt (ADR 120), made once; a category's host goes the framework's way.
  const robots = Buffer.from(services.sitemaps.robots(new URL(addressingOf(config).baseUrl).origin))
  const robotsHeaders = {
    ...lowerCased(ROBOTS_HEADERS),
    vary: 'Accept-Encoding',
    ...present(security({ html: false, embed: false, worker: false, notModified: false }, '')),
    'content-length': String(robots.length),
  }

  const acceptedHeaders = { ...jsonHeaders, 'content-length': String(accepted.length) }

  /**
   * Writes the answer and its log line (as server/http-app.ts's requestLogging does). `headers`
   * gets the request id in place: writeHead reads the object at once and keeps nothing of it, so
   * the answers made once (a built file's, the health check's) are not copied for every request
   * (a copy cost ~20 % of a health check's time under load, issue 28). `loggedPath`: the path as
   * logged, masked by the caller where a visitor wrote it (scrubText).
   */
  const send = (req: IncomingMessage, res: ServerResponse, requestId: string, started: number, status: number, headers: Record<string, string | string[]>, body: Buffer | null, loggedPath: string) => {
    headers['x-request-id'] = requestId
    res.writeHead(status, headers)
    res.end(req.method === 'HEAD' ? undefined : (body ?? undefined))
    logRequest(logger, { method: req.method ?? 'GET', path: loggedPath, status, duration_ms: Math.round((performance.now() - started) * 10) / 10 }, requestId)
  }

  return function fastPath(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean> {
    const url = req.url ?? ''
    const method = req.method
    if (method === 'POST' && url === '/api/events') return visitorEvents(req, res)
    // Origin-form addresses only ("/path?query"), and none with a NUL (the framework refuses those).
    if ((method !== 'GET' && method !== 'HEAD') || url.charCodeAt(0) !== 47 || url.charCodeAt(1) === 47 || url.includes('%00')) return false
    const started = performance.now()
    const query = url.indexOf('?')
    const path = query === -1 ? url : url.slice(0, query)

    const file = files.get(path)
    if (file) {
      const acceptEncoding = req.headers['accept-encoding']
      const wanted = file.compressible ? negotiateEncoding(acceptEncoding) : null
      const variant = (wanted && file[wanted]) || file.identity
      // An encoding the build did not write: the compression middleware makes it.
      if (wanted && !file[wanted] && file.identity.body.length >= MIN_COMPRESS_BYTES) return false
      const requestId = requestIdFrom(req.headers['x-request-id'] as string | undefined)
      // The path is a built file's own name (the map's key): nothing of a visitor's to mask.
      if (etagMatches(req.headers['if-none-match'], variant.etag)) send(req, res, requestId, started, 304, variant.notModified, null, path)
      else send(req, res, requestId, started, 200, variant.ok, variant.body, path)
      return true
    }
    if (path === '/api/health' && method === 'GET') {
      send(req, res, requestIdFrom(req.headers['x-request-id'] as string | undefined), started, 200, healthHeaders, health, '/api/health')
      return true
    }
    if (path === '/robots.txt' && !categorySlugFromHost(req.headers.host, config)) {
      send(req, res, requestIdFrom(req.headers['x-request-id'] as string | undefined), started, 200, robotsHeaders, robots, '/robots.txt')
      return true
    }
    const openData = method === 'GET' ? OPEN_DATA_PATH.exec(path) : null
    if (openData) return openDataAnswer(req, res, started, path, openData[1], openData[2] !== undefined, query === -1 ? '' : url.slice(query + 1))
    if (method === 'GET' && production) return keptPage(req, res, started)
    return false
  }

  /**
   * Open data (`GET /api/public/categories/{slug}` and its `/geojson`), as the open data API
   * answers it (app/modules/transfer/open-data.api.server.ts): the same limit, kept answer and
   * headers, for the ordinary case only — no session, no body, a plain slug, no query but a
   * canonical `locale`. A refusal (404, 422, 429) is the framework's, in the API's envelope; a
   * client over its limit is then counted twice, which changes nothing for it.
   */
  async function openDataAnswer(req: IncomingMessage, res: ServerResponse, started: number, path: string, slug: string, geojson: boolean, search: string): Promise<boolean> {
    const headers = req.headers
    if (headers.authorization || readCookie(headers.cookie, SESSION_COOKIE) !== undefined) return false
    if (headers['content-type'] !== undefined || headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false
    if (slug.length > 200) return false
    const asked = search === '' ? undefined : geojson ? null : (/^locale=([A-Za-z0-9-]+)$/.exec(search)?.[1] ?? null)
    if (asked === null || (asked !== undefined && !isCanonicalTag(asked))) return false
    const header = (name: string) => headerOf(req, name) ?? undefined
    const ip = clientIp({ req: { header }, env: { incoming: req } }, config.TRUST_PROXY)
    const { allowed } = await services.visitorLimits.hit(openDataLimitKey(ip), config.RATE_LIMIT_OPEN_DATA)
    if (!allowed) return false
    const answer = geojson
      ? await services.openData.geojson(slug)
      : await services.openData.category(slug, requestLocale({ req: { query: (name) => (name === 'locale' ? asked : undefined), header } }))
    if (!answer) return false
    const parts = keptAnswerParts(answer, openDataHeadersOf(geojson ? 'application/geo+json' : 'application/json'), headers['accept-encoding'], headers['if-none-match'])
    const out: Record<string, string> = lowerCased(CORS)
    for (const [name, value] of parts.headers) out[name.toLowerCase()] = value
    Object.assign(out, present(security({ html: false, embed: false, worker: false, notModified: parts.status === 304 }, '')))
    const body = parts.body && Buffer.from(parts.body.buffer, parts.body.byteOffset, parts.body.byteLength)
    if (body) out['content-length'] = String(body.length)
    send(req, res, requestIdFrom(headers['x-request-id'] as string | undefined), started, parts.status, out, body, scrubText(path))
    return true
  }

  /**
   * A public page's visitor events, as `POST /api/events` answers them (app/modules/stats): the
   * same checks, limits and writes through `StatsService`, without the framework's request and
   * response objects. Only the ordinary case is taken — no session, a declared JSON (or beacon
   * text) body within MAX_BODY_BYTES that parses and validates. Anything else, once the body is
   * read, goes to the framework with that body (`rawBody`, which @hono/node-server reads), so a
   * refusal is worded by the API itself.
   */
  async function visitorEvents(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const headers = req.headers
    const type = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
    const length = Number(headers['content-length'])
    if (type !== 'application/json' && type !== 'text/plain') return false
    if (!(length > 0 && length <= config.MAX_BODY_BYTES)) return false
    // A member's page (drafts) or a bearer caller: the framework resolves the session.
    if (headers.authorization || readCookie(headers.cookie, SESSION_COOKIE) !== undefined) return false
    const started = performance.now()
    const body = await readBody(req)
    // The client went away mid-body: nobody to answer.
    if (!body) return true
    ;(req as IncomingMessage & { rawBody?: Buffer }).rawBody = body
    let input: unknown
    try {
      input = JSON.parse(body.toString('utf8'))
    } catch {
      return false
    }
    const batch = isEventBatch(input)
    const parsed = batch ? eventBatchSchema.safeParse(input) : eventSchema.safeParse(input)
    if (!parsed.success) return false
    const requestId = requestIdFrom(headers['x-request-id'] as string | undefined)
    const header = (name: string) => headerOf(req, name) ?? undefined
    const visitor = { ip: clientIp({ req: { header }, env: { incoming: req } }, config.TRUST_PROXY), userAgent: headers['user-agent'] ?? '' }
    // Outside the request context (ADR 048): nothing logged here needs it, the request line takes the id.
    const events = 'events' in parsed.data ? parsed.data.events : [parsed.data]
    try {
      // In one go when the routes and the day's salt are known (most events), else with the reads it takes.
      if (!services.stats.ingestNow(events, visitor)) await services.stats.ingestBatch(events, visitor)
    } catch (error) {
      // Any other failure: the framework answers it (and reports it) with the same body.
      if (!(error instanceof AppError)) throw error
      const locale = callerLocale({ req: { query: () => undefined, header }, var: { user: null } })
      const refusal = appErrorEnvelope(error, locale)
      const json = Buffer.from(JSON.stringify(refusal.body))
      send(req, res, requestId, started, refusal.status, { ...jsonHeaders, ...lowerCased(refusal.headers), 'content-length': String(json.length) }, json, '/api/events')
      return true
    }
    send(req, res, requestId, started, 202, acceptedHeaders, accepted, '/api/events')
    return true
  }

  /**
   * A kept landing, map or category page (the render cache's), in one go when its content
   * versions are known in memory (most visits): no promise on the way and no request context
   * (ADR 048). A plaque's scan, or versions to read, wait as needed.
   */
  function keptPage(req: IncomingMessage, res: ServerResponse, started: number): boolean | Promise<boolean> {
    const headers = req.headers
    // A member (members may see drafts), a category subdomain: the framework's way.
    if (headers.authorization || readCookie(headers.cookie, SESSION_COOKIE) !== undefined) return false
    if (categorySlugFromHost(headers.host, config)) return false
    const acceptEncoding = headers['accept-encoding'] ?? null
    // A client that takes brotli but not gzip: the compression middleware answers it.
    if (acceptedWeight(acceptEncoding, 'gzip') <= 0 && negotiateEncoding(acceptEncoding) !== null) return false
    let request: PageRequest
    let parsed: URL
    try {
      request = { url: `http://${headers.host ?? 'localhost'}${req.url}`, method: 'GET', headers: { get: (name) => headerOf(req, name) } }
      parsed = new URL(request.url)
    } catch {
      return false
    }
    const { redirect, setCookie } = negotiateLocale(request, null, config, parsed)
    // The switcher's choice (?lang=) kept for the visitor's next pages (ADR 043).
    const cookies = [setCookie, redirect ? undefined : contentChoiceCookie(request, config, parsed)].filter((c): c is string => c !== undefined)
    const pathname = redirect ? new URL(redirect, request.url).pathname : parsed.pathname
    const page = { req, res, started, request, parsed, acceptEncoding, cookies }
    // A locale redirect to make is the framework's, unless it leads to a plaque's scan.
    const answer = (scan: PlaqueScan) => (redirect && !scan ? false : keptAnswer(page, scan))
    // A plaque's scan: the kept map page it leads to, in the visitor's language at once
    // (server/plaque-scan.ts); otherwise the /q page's way.
    if (plaqueScanOf(pathname)) return scanTargetOf(services, pathname).then(answer)
    return answer(null)
  }

  /** The kept page of `page` (or of the scan's map page), answered; false when none is kept. */
  function keptAnswer(page: KeptPageRequest, scan: PlaqueScan): boolean | Promise<boolean> {
    const { req, request } = page
    const scanned = scan ? new URL(scan.path, request.url) : null
    const key = scanned ? pageCache.keyOf({ ...request, url: scanned.href }, false, scanned) : pageCache.keyOf(request, false, page.parsed)
    if (!key) return false
    const requestId = requestIdFrom(req.headers['x-request-id'] as string | undefined)
    const kept = pageCache.lookupNow(key)
    if (kept === undefined) return pageCache.lookup(key).then((entry) => sendKept(page, scan, requestId, entry))
    return sendKept(page, scan, requestId, kept)
  }

  function sendKept({ req, res, started, parsed, acceptEncoding, cookies }: KeptPageRequest, scan: PlaqueScan, requestId: string, kept: KeptEntry | null): boolean {
    if (!kept) return false
    const headers = req.headers
    const ip = clientIp({ req: { header: (name) => headerOf(req, name) ?? undefined }, env: { incoming: req } }, config.TRUST_PROXY)
    // Counted beside the answer, as on the framework path.
    if (kept.tag.view && isPageView(headerOf(req, 'sec-fetch-mode'))) countView(services, { id: kept.tag.view.id, categoryId: kept.tag.categoryId }, ip, headers['user-agent'] ?? '', requestId)
    if (scan) withRequestId(requestId, () => countScan(services, scan.target, ip, headers['user-agent'] ?? ''))
    const nonce = createNonce()
    const answer = pageCache.answerParts(kept, nonce, headerOf(req, 'if-none-match'), acceptEncoding)
    const out: Record<string, string | string[]> = {}
    for (const [name, value] of answer.headers) out[name] = value
    const kind: AnswerKind = {
      html: (out['content-type'] as string | undefined)?.startsWith('text/html') ?? false,
      embed: isEmbedRequest(parsed),
      worker: false,
      notModified: answer.status === 304,
    }
    Object.assign(out, present(security(kind, nonce)))
    if (answer.body) out['content-length'] = String(answer.body.length)
    if (cookies.length > 0) out['set-cookie'] = cookies
    send(req, res, requestId, started, answer.status, out, answer.body, loggedPathOf(parsed.pathname))
    return true
  }
}

/**
 * A kept page's path as logged (scrubText), remembered: the same few paths come back at every
 * visit, and masking one cost ~2 % of a kept page's answer (issue 28). Only kept pages' paths
 * (and their plaques' addresses) reach it; bounded all the same, in number and in length (a
 * page whose address takes any suffix must not let a visitor fill the heap with long ones).
 */
const loggedPaths = new Map<string, string>()
const REMEMBERED_PATH_MAX = 200
function loggedPathOf(pathname: string): string {
  if (pathname.length > REMEMBERED_PATH_MAX) return scrubText(pathname)
  let logged = loggedPaths.get(pathname)
  if (logged === undefined) {
    if (loggedPaths.size >= 4_000) loggedPaths.clear()
    logged = scrubText(pathname)
    loggedPaths.set(pathname, logged)
  }
  return logged
}

type PageRequest = { url: string; method: string; headers: { get(name: string): string | null } }
type KeptEntry = NonNullable<ReturnType<PageCache['lookupNow']>>
/** The map page a plaque's scan is answered with, or null (not a scan, or the /q page's). */
type PlaqueScan = Awaited<ReturnType<typeof scanTargetOf>>

/** What the lean path knows of a page request before its kept answer is looked up. */
interface KeptPageRequest {
  req: IncomingMessage
  res: ServerResponse
  started: number
  request: PageRequest
  parsed: URL
  acceptEncoding: string | null
  cookies: string[]
}

/** The whole request body, or null when the client went away before its end. */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', () => resolve(null))
    req.on('aborted', () => resolve(null))
  })
}

const lowerCased = (headers: Record<string, string> | undefined) => Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]))

/** A header as Hono reads it from Node (repeated lines joined). */
function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()]
  if (value === undefined) return null
  return Array.isArray(value) ? value.join(', ') : value
}

/** The headers with a value (null removes a header on the framework path). */
function present(values: Record<string, string | null>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(values)) if (value !== null) out[name.toLowerCase()] = value
  return out
}

/** The built files in memory with every header of their answers made once. */
function staticFiles(clientDir: string, security: ReturnType<typeof securityHeaderValues>): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  for (const [urlPath, built] of indexBuiltFiles(clientDir)) {
    // Pages need a nonce per answer; large files stay on disk (the framework streams them).
    if (built.type.startsWith('text/html') || built.variants.identity!.size > IN_MEMORY_MAX_BYTES) continue
    const compressible = isCompressible(built.type)
    const worker = isServiceWorkerScript(urlPath)
    const variantOf = (encoding: Encoding | null): StaticVariant | undefined => {
      const source = built.variants[encoding ?? 'identity']
      if (!source) return undefined
      const etag = encoding ? encodedEtag(built.etag, encoding) : built.etag
      const base: Record<string, string> = { 'content-type': built.type, 'last-modified': built.lastModified, etag }
      if (encoding) base['content-encoding'] = encoding
      if (compressible) base.vary = 'Accept-Encoding'
      const ok: Record<string, string> = { ...base }
      // Hashed names (see http-app.ts): a year; the service worker's own headers then override it.
      if (urlPath.startsWith('/assets/')) ok['cache-control'] = IMMUTABLE_ASSETS
      Object.assign(ok, present(security({ html: false, embed: false, worker, notModified: false }, '')))
      ok['content-length'] = String(source.size)
      const notModified = { ...base, ...present(security({ html: false, embed: false, worker: false, notModified: true }, '')) }
      return { body: fs.readFileSync(source.file), ok, notModified, etag }
    }
    files.set(urlPath, { compressible, identity: variantOf(null)!, br: variantOf('br'), gzip: variantOf('gzip') })
  }
  return files
}
