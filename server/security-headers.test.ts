import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { isEmbedRequest, pagePolicy, securityHeaders, sourceOf, STRICT_POLICY } from './security-headers.ts'

const base = {
  BASE_URL: 'http://localhost:3000',
  NODE_ENV: 'production' as 'production' | 'development' | 'test',
  TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
  ANALYTICS_HOST: 'https://stats.example.org',
  SENTRY_DSN: 'https://public@o1.ingest.sentry.example/42',
}

function appFor(overrides: Partial<typeof base> = {}) {
  const app = new Hono()
  app.use('*', securityHeaders({ ...base, ...overrides }))
  // The page echoes the nonce it was given, as the React Router render does.
  app.get('/page', (c) => c.html(`<script nonce="${c.get('cspNonce')}">1</script>`))
  app.get('/m/tour', (c) => c.html('<p>map</p>'))
  app.get('/fr/m/tour', (c) => c.html('<p>carte</p>'))
  app.get('/r/tour', (c) => c.html('<p>landing</p>'))
  app.get('/api/thing', (c) => c.json({ data: 1 }))
  app.get('/assets/service-worker-Ab1_c.js', (c) => c.body('self.x = 1', 200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'public, max-age=31536000, immutable' }))
  app.get('/assets/trail-page.client-Ab1_c.js', (c) => c.body('x', 200, { 'Content-Type': 'text/javascript' }))
  app.get('/kept', () => new Response(null, { status: 304, headers: { ETag: '"v1"' } }))
  app.get('/moved', () => Response.redirect('http://localhost/elsewhere', 302))
  app.get('/fails', () => {
    throw new Error('boom')
  })
  app.onError((_error, c) => c.text('error', 500))
  return app
}

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1]

describe('securityHeaders', () => {
  it.each(['/page', '/moved', '/fails', '/missing', '/api/thing'])('sets nosniff, referrer policy, DENY framing on %s', async (path) => {
    const res = await appFor().request(path)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  it('gives pages a policy whose nonce is fresh per request and is the one rendered', async () => {
    const app = appFor()
    const [a, b] = await Promise.all([app.request('/page'), app.request('/page')])
    const [nonceA, nonceB] = [nonceOf(a.headers.get('content-security-policy')), nonceOf(b.headers.get('content-security-policy'))]
    expect(nonceA).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(nonceA).not.toBe(nonceB)
    expect(await a.text()).toBe(`<script nonce="${nonceA}">1</script>`)
    expect(await b.text()).toBe(`<script nonce="${nonceB}">1</script>`)
  })

  it('names the tile, analytics and error reporting hosts in the page policy', async () => {
    const csp = (await appFor().request('/page')).headers.get('content-security-policy')!
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))
    expect(directives['default-src']).toEqual(["'self'"])
    expect(directives['script-src']).toEqual(["'self'", `'nonce-${nonceOf(csp)}'`])
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"])
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://*.tile.example.org'])
    // Tiles too: a walk saved for offline reads them with fetch.
    expect(directives['connect-src']).toEqual(["'self'", 'https://*.tile.example.org', 'https://stats.example.org', 'https://o1.ingest.sentry.example'])
    expect(directives['object-src']).toEqual(["'none'"])
    expect(directives['base-uri']).toEqual(["'self'"])
    expect(directives['form-action']).toEqual(["'self'"])
    expect(directives['frame-ancestors']).toEqual(["'none'"])
    // Sentry's replay compresses in a worker started from a blob: URL.
    expect(directives['worker-src']).toEqual(["'self'", 'blob:'])
  })

  it('sends no policy with a 304, so the browser keeps the one of its copy (and its nonce)', async () => {
    const res = await appFor().request('/kept')
    expect(res.status).toBe(304)
    expect(res.headers.get('content-security-policy')).toBeNull()
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('serves the visitors\' service worker for the whole site, revalidated, under a policy of its own', async () => {
    const res = await appFor().request('/assets/service-worker-Ab1_c.js')
    expect(res.headers.get('service-worker-allowed')).toBe('/')
    expect(res.headers.get('cache-control')).toBe('no-cache')
    // It fetches the site's pages and the tiles, nothing else, and runs nothing inline.
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; connect-src 'self' https://*.tile.example.org; frame-ancestors 'none'")
    const other = await appFor().request('/assets/trail-page.client-Ab1_c.js')
    expect(other.headers.get('service-worker-allowed')).toBeNull()
    expect(other.headers.get('content-security-policy')).toBe(STRICT_POLICY)
  })

  it('answers JSON and other non-pages with the strict policy', async () => {
    const app = appFor()
    expect((await app.request('/api/thing')).headers.get('content-security-policy')).toBe(STRICT_POLICY)
    expect((await app.request('/moved')).headers.get('content-security-policy')).toBe(STRICT_POLICY)
  })

  it('lets only the share-map embed (/m/…?embed=1) be framed, by any site', async () => {
    const app = appFor()
    for (const path of ['/m/tour?embed=1', '/fr/m/tour?embed=1']) {
      const res = await app.request(path)
      expect(res.headers.get('x-frame-options')).toBeNull()
      expect(res.headers.get('content-security-policy')).toContain('frame-ancestors *')
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self' 'nonce-")
    }
    for (const path of ['/m/tour', '/m/tour?embed=0', '/r/tour?embed=1', '/page?embed=1', '/api/thing?embed=1']) {
      const res = await app.request(path)
      expect(res.headers.get('x-frame-options'), path).toBe('DENY')
      expect(res.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'")
    }
  })

  it('keeps development working: Vite needs inline scripts, eval and its HMR websocket; no nonce then', async () => {
    const res = await appFor({ NODE_ENV: 'development' }).request('/page')
    const csp = res.headers.get('content-security-policy')!
    expect(csp).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval'")
    expect(csp).toContain('ws:')
    expect(csp).not.toContain('nonce-')
    expect(await res.text()).toBe('<script nonce="undefined">1</script>')
  })

  it('sends HSTS only when BASE_URL is https', async () => {
    expect((await appFor().request('/page')).headers.get('strict-transport-security')).toBeNull()
    expect((await appFor({ BASE_URL: 'https://example.org' }).request('/page')).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })

  it('keeps the response itself (status, body, Location)', async () => {
    const res = await appFor().request('/moved')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('http://localhost/elsewhere')
  })
})

describe('policy parts', () => {
  it('recognises the embed address only under /m with embed=1', () => {
    expect(isEmbedRequest(new URL('http://x/m/a?embed=1'))).toBe(true)
    expect(isEmbedRequest(new URL('http://x/de/m/a?place=3&embed=1'))).toBe(true)
    expect(isEmbedRequest(new URL('http://x/m/?embed=1'))).toBe(false)
    expect(isEmbedRequest(new URL('http://x/dashboard?embed=1'))).toBe(false)
    expect(isEmbedRequest(new URL('http://x/fr/r/a?embed=1'))).toBe(false)
  })

  it('lets the embeddable route list /embed/{category} be framed (any language), and nothing under it', () => {
    expect(isEmbedRequest(new URL('http://x/embed/lausanne'))).toBe(true)
    expect(isEmbedRequest(new URL('http://x/fr/embed/lausanne'))).toBe(true)
    expect(isEmbedRequest(new URL('http://x/embed/lausanne/other'))).toBe(false)
    expect(isEmbedRequest(new URL('http://x/embedded/lausanne'))).toBe(false)
  })

  it('turns a tile template into a source', () => {
    expect(sourceOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe('https://tile.openstreetmap.org')
    expect(sourceOf('http://127.0.0.1:8080/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080')
    expect(sourceOf('https://{s}.tiles.example/{z}/{x}/{y}.png')).toBe('https://*.tiles.example')
    expect(sourceOf('not a url')).toBeNull()
    expect(sourceOf(undefined)).toBeNull()
  })

  it('leaves out absent hosts', () => {
    const csp = pagePolicy({ ...base, ANALYTICS_HOST: undefined, SENTRY_DSN: undefined }, { nonce: 'n', embed: false })
    expect(csp).toContain("connect-src 'self' https://*.tile.example.org;")
    // Without error reporting, no worker but our own (the script policy applies).
    expect(csp).not.toContain('worker-src')
  })
})
