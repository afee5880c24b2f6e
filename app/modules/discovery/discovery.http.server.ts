import { Hono } from 'hono'
import type { Config } from '#app/config/config.server.ts'
import { categorySlugFromHost } from '#app/platform/http/host.server.ts'
import { categoryOrigin, type Addressing } from '#app/modules/addresses/route-address.ts'
import type { SitemapService } from './sitemap.service.server.ts'

const XML = 'application/xml; charset=utf-8'
// Crawlers come back daily at most; an hour keeps a burst of them off the database.
const CACHE = 'public, max-age=3600'
/** robots.txt's own headers (the lean path, server/fast-path.ts, sends the same). */
export const ROBOTS_HEADERS = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': CACHE }

/**
 * robots.txt and the sitemaps (ADR 120), outside the API: crawlers look for them at the root of
 * each host. A category's host (subdomain routing) names and serves its own sitemap.
 */
export function discoveryRoutes(deps: { sitemaps: SitemapService; config: Config; addressing: Addressing }) {
  const app = new Hono()
  const hostCategory = (host: string | undefined) => categorySlugFromHost(host, deps.config)

  app.get('/robots.txt', (c) => {
    const category = hostCategory(c.req.header('host'))
    const origin = category ? categoryOrigin(deps.addressing, category) : new URL(deps.addressing.baseUrl).origin
    return c.body(deps.sitemaps.robots(origin), 200, ROBOTS_HEADERS)
  })

  app.get('/sitemap.xml', async (c) => {
    const category = hostCategory(c.req.header('host'))
    const xml = category ? await deps.sitemaps.category(category) : await deps.sitemaps.index()
    return xml ? c.body(xml, 200, { 'Content-Type': XML, 'Cache-Control': CACHE }) : c.text('Not found', 404)
  })

  // A category's sitemap on the base host, when its pages live there (no subdomain routing).
  app.get('/sitemaps/:file{[a-z0-9-]+\\.xml}', async (c) => {
    if (deps.addressing.subdomains) return c.text('Not found', 404)
    const xml = await deps.sitemaps.category(c.req.param('file').slice(0, -'.xml'.length))
    return xml ? c.body(xml, 200, { 'Content-Type': XML, 'Cache-Control': CACHE }) : c.text('Not found', 404)
  })
  return app
}
