import type { DB } from '#app/db/db.server.ts'
import { locales } from '#app/i18n/config.ts'
import { nearestUiLocale } from '#app/i18n/content-locales.ts'
import type { AddressService } from '#app/modules/addresses/addresses.service.server.ts'
import { categoryHomeAddress, categoryOrigin, routeAddress, type Addressing } from '#app/modules/addresses/route-address.ts'
import { later, sitemapIndexXml, urlsetXml, type SitemapEntry } from './sitemap-xml.ts'
import { SitemapRepo, type SitemapRoute } from './sitemap.repo.server.ts'

/**
 * The sitemaps (ADR 120). A category's sitemap lists its public home and, for every published
 * route not marked "not indexed", the landing and map pages, each in every language, with the
 * date of the last change. The base host's /sitemap.xml is an index of the categories'
 * sitemaps: on each category's host with subdomain routing, else /sitemaps/{category}.xml. A
 * category without a listed route has no sitemap (the protocol wants at least one entry), and
 * an index without a category is not served either.
 */
export class SitemapService {
  private readonly repo: SitemapRepo

  constructor(private readonly deps: { db: DB; addressing: Addressing; addresses: AddressService }) {
    this.repo = new SitemapRepo(deps.db)
  }

  /** The category's sitemap (by its slug, current or old), or null when it has none. */
  async category(slug: string): Promise<string | null> {
    const found = await this.deps.addresses.findCategory(slug.toLowerCase())
    if (!found) return null
    const routes = await this.repo.routes(found.id)
    if (routes.length === 0) return null
    return urlsetXml(this.entriesOf(found.slug, routes))
  }

  /** The base host's index of the category sitemaps, or null when nothing is published. */
  async index(): Promise<string | null> {
    const byCategory = groupByCategory(await this.repo.routes(null))
    if (byCategory.size === 0) return null
    const { addressing } = this.deps
    const entries = [...byCategory].map(([slug, routes]) => ({
      loc: addressing.subdomains ? `${categoryOrigin(addressing, slug)}/sitemap.xml` : `${new URL(addressing.baseUrl).origin}/sitemaps/${encodeURIComponent(slug)}.xml`,
      lastmod: routes.map((r) => later(r.updatedAt, r.categoryUpdatedAt)).reduce(later),
    }))
    return sitemapIndexXml(entries)
  }

  /** robots.txt of a host: everything but the API may be crawled; its sitemap is named. */
  robots(origin: string): string {
    return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`
  }

  private entriesOf(category: string, routes: SitemapRoute[]): SitemapEntry[] {
    const { addressing } = this.deps
    const homeChanged = routes.map((r) => later(r.updatedAt, r.categoryUpdatedAt)).reduce(later)
    // Every page in the four interface languages, and in each other content language with ?lang= (ADR 043).
    const others = (routes[0]?.contentLocales ?? []).filter((tag) => !(locales as readonly string[]).includes(tag))
    const variants = [...locales.map((locale) => ({ locale, search: '' })), ...others.map((tag) => ({ locale: nearestUiLocale(tag), search: `?lang=${encodeURIComponent(tag)}` }))]
    const entries: SitemapEntry[] = variants.map((v) => ({ loc: categoryHomeAddress(addressing, category, v).url, lastmod: homeChanged }))
    for (const route of routes) {
      const ref = { category, slug: route.slug }
      for (const page of ['landing', 'map'] as const) {
        for (const v of variants) entries.push({ loc: routeAddress(addressing, page, ref, v).url, lastmod: route.updatedAt })
      }
    }
    return entries
  }
}

function groupByCategory(routes: SitemapRoute[]): Map<string, SitemapRoute[]> {
  const groups = new Map<string, SitemapRoute[]>()
  for (const route of routes) groups.set(route.categorySlug, [...(groups.get(route.categorySlug) ?? []), route])
  return groups
}
