import { randomFillSync } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import type { Config } from '#app/config/config.server.ts'
import { readPageQuery } from '#app/utils/page-query.ts'

declare module 'hono' {
  interface ContextVariableMap {
    /** This request's Content-Security-Policy nonce (production): React Router renders it on every inline script. */
    cspNonce: string | undefined
  }
}

type PolicyConfig = Pick<Config, 'BASE_URL' | 'NODE_ENV' | 'TILE_URL' | 'ANALYTICS_HOST' | 'SENTRY_DSN'> & Partial<Pick<Config, 'S3_PUBLIC_URL'>>

const hsts = 'max-age=31536000; includeSubDomains'

/** JSON, images, scripts and everything else that is not a page: nothing may run or be framed. */
export const STRICT_POLICY = "default-src 'none'; frame-ancestors 'none'"

/** The visitors' service worker (app/visitor/service-worker.ts, built with a hashed name). */
export const isServiceWorkerScript = (pathname: string) => /^\/assets\/service-worker-[\w-]+\.js$/.test(pathname)

/**
 * The service worker's own policy (a worker runs under the policy its script came with): it
 * fetches only this origin's pages and files and the configured map tiles; nothing else.
 */
function serviceWorkerPolicy(config: PolicyConfig): string {
  return ["default-src 'none'", ['connect-src', "'self'", sourceOf(config.TILE_URL)].filter(Boolean).join(' '), "frame-ancestors 'none'"].join('; ')
}

// Nonces come from a pool of random bytes filled 256 nonces at a time: one call into the CSPRNG
// costs about as much for 4 KB as for 16 bytes, and every kept page needs a nonce (issue 28's
// profile: 4 % of a kept page's time). Each nonce is used once and never again (Node's
// randomUUID buffers the same way).
const NONCE_BYTES = 16
const noncePool = Buffer.alloc(NONCE_BYTES * 256)
let nonceOffset = noncePool.length

/** A fresh, unguessable nonce (128 bits) for one response. */
export function createNonce(): string {
  if (nonceOffset === noncePool.length) {
    randomFillSync(noncePool)
    nonceOffset = 0
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES)
  nonceOffset += NONCE_BYTES
  return nonce
}

/**
 * `/m/{slug}?embed=1` (optionally under a language prefix) is the share-map embed that other
 * sites put in an iframe, and `/embed/{category}` the list of a category's routes:
 * the only addresses that may be framed.
 */
export function isEmbedRequest(url: URL): boolean {
  if (/^\/(?:[a-z]{2}\/)?embed\/[^/]+\/?$/.test(url.pathname)) return true
  return readPageQuery(url.searchParams).embed && /^\/(?:[a-z]{2}\/)?m\/./.test(url.pathname)
}

/** `https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org` (null when unparsable). */
export function sourceOf(template: string | undefined): string | null {
  if (!template) return null
  try {
    const url = new URL(template.replace(/\{s\}/g, 'subdomain-placeholder'))
    return `${url.protocol}//${url.host.replace('subdomain-placeholder', '*')}`
  } catch {
    return null
  }
}

/**
 * The page policy. Scripts: our own origin (the entry and every lazy chunk are same-origin files,
 * so 'strict-dynamic' would add nothing but would switch 'self' off) plus this response's nonce
 * for the inline scripts (colour mode, React Router's context and route modules, React's
 * streaming). Styles keep 'unsafe-inline': server-rendered `style` attributes (React, Leaflet's
 * panes and markers, recharts) cannot carry a nonce, and a style cannot run code.
 */
export function pagePolicy(config: PolicyConfig, options: { nonce: string; embed: boolean }): string {
  const dev = config.NODE_ENV === 'development'
  const tiles = sourceOf(config.TILE_URL)
  const connect = [sourceOf(config.ANALYTICS_HOST), sourceOf(config.SENTRY_DSN)]
  const directives: [string, ...(string | null | false)[]][] = [
    ['default-src', "'self'"],
    // Vite's development server injects its own inline scripts (no nonce) and evaluates modules;
    // a nonce would switch 'unsafe-inline' off, so development goes without one.
    dev ? ['script-src', "'self'", "'unsafe-inline'", "'unsafe-eval'"] : ['script-src', "'self'", `'nonce-${options.nonce}'`],
    ['style-src', "'self'", "'unsafe-inline'"],
    // Uploads on S3 behind a CDN (S3_PUBLIC_URL) are images from its origin (ADR 030).
    ['img-src', "'self'", 'data:', 'blob:', tiles, sourceOf(config.S3_PUBLIC_URL)],
    ['font-src', "'self'", 'data:'],
    // Recordings (ADR 122) are uploads too: from the CDN's origin with S3_PUBLIC_URL.
    ['media-src', "'self'", sourceOf(config.S3_PUBLIC_URL)],
    // Tiles too: saving a walk for offline reads them with fetch (app/visitor/offline-packs.client.ts).
    ['connect-src', "'self'", tiles, ...connect, dev && 'ws:', dev && 'wss:'],
    // Sentry's session replay compresses in a worker it starts from a blob: URL; without a
    // worker-src the script policy applies and the browser refuses it (an error on every page).
    // Our own workers stay same-origin ('self', the service worker).
    ...(config.SENTRY_DSN ? [['worker-src', "'self'", 'blob:'] as [string, string, string]] : []),
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', options.embed ? '*' : "'none'"],
  ]
  return directives.map(([name, ...values]) => [name, ...new Set(values.filter(Boolean))].join(' ')).join('; ')
}

/** The answer a set of security headers is for (see securityHeaderValues). */
export interface AnswerKind {
  html: boolean
  embed: boolean
  worker: boolean
  notModified: boolean
}

const NONCE_MARK = '\u0000nonce\u0000'

/**
 * The security headers' values for one kind of answer, with every policy string built once per
 * configuration: an answer only puts its nonce into the page policy (no URL parsing, no string
 * building per request; docs/performance.md). Null: the header is removed.
 */
export function securityHeaderValues(config: PolicyConfig) {
  const https = new URL(config.BASE_URL).protocol === 'https:'
  const [page, pageEnd] = pagePolicy(config, { nonce: NONCE_MARK, embed: false }).split(NONCE_MARK)
  const [embedPage, embedPageEnd] = pagePolicy(config, { nonce: NONCE_MARK, embed: true }).split(NONCE_MARK)
  // Development's page policy has no nonce: then there is no second part.
  const withNonce = (start: string, end: string | undefined, nonce: string) => (end === undefined ? start : `${start}${nonce}${end}`)
  const worker = serviceWorkerPolicy(config)
  return (kind: AnswerKind, nonce: string): Record<string, string | null> => ({
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': kind.embed ? null : 'DENY',
    // A 304 carries no policy: the browser keeps the one stored with its copy of the page, whose
    // nonces match it (a 304's headers replace the stored ones, so a fresh nonce would block them).
    'Content-Security-Policy': kind.notModified
      ? null
      : kind.worker
        ? worker
        : kind.html
          ? kind.embed
            ? withNonce(embedPage, embedPageEnd, nonce)
            : withNonce(page, pageEnd, nonce)
          : kind.embed
            ? "default-src 'none'; frame-ancestors *"
            : STRICT_POLICY,
    'Strict-Transport-Security': https ? hsts : null,
    // Registered for the whole site from /assets/; checked for updates at every visit.
    ...(kind.worker ? { 'Service-Worker-Allowed': '/', 'Cache-Control': 'no-cache' } : {}),
  })
}

/**
 * Security headers on every answer: nosniff, referrer policy, HSTS when served over HTTPS, and a
 * Content-Security-Policy. Pages get the page policy with a per-request nonce (set on the context
 * as `cspNonce` before the page renders); every other answer the strict one. Framing is refused
 * everywhere (CSP and X-Frame-Options for older browsers) except the share-map embed page.
 */
export function securityHeaders(config: PolicyConfig) {
  const valuesFor = securityHeaderValues(config)
  return createMiddleware(async (c, next) => {
    const nonce = createNonce()
    // Development's policy has no nonce (see pagePolicy): nothing to render then.
    if (config.NODE_ENV !== 'development') c.set('cspNonce', nonce)
    await next()
    const url = new URL(c.req.url)
    const headers = valuesFor(
      {
        embed: isEmbedRequest(url),
        worker: isServiceWorkerScript(url.pathname) && c.res.ok,
        html: (c.res.headers.get('content-type') ?? '').startsWith('text/html'),
        notModified: c.res.status === 304,
      },
      nonce,
    )
    const apply = (target: Headers) => {
      for (const [name, value] of Object.entries(headers)) {
        if (value === null) target.delete(name)
        else target.set(name, value)
      }
    }
    try {
      apply(c.res.headers)
    } catch {
      // Some responses (Response.redirect, fetched ones) have immutable headers: copy them once.
      const res = new Response(c.res.body, c.res)
      apply(res.headers)
      c.res = res
    }
  })
}
