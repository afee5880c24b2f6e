import { xmlEscape } from '#app/modules/geo/gpx-write.ts'

// The sitemaps.org 0.9 formats (https://www.sitemaps.org/protocol.html): a <urlset> of pages and
// a <sitemapindex> of sitemaps, each entry with its address and its last change.

export interface SitemapEntry {
  loc: string
  /** W3C datetime (ISO 8601). */
  lastmod: string
}

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9'

const entry = (tag: 'url' | 'sitemap', e: SitemapEntry) => `<${tag}><loc>${xmlEscape(e.loc)}</loc><lastmod>${xmlEscape(e.lastmod)}</lastmod></${tag}>`

/** A sitemap's pages. At most 50,000 entries (the protocol's limit): callers list one category each. */
export function urlsetXml(entries: SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${entries.map((e) => entry('url', e)).join('\n')}\n</urlset>\n`
}

export function sitemapIndexXml(entries: SitemapEntry[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${entries.map((e) => entry('sitemap', e)).join('\n')}\n</sitemapindex>\n`
}

/** The later of two ISO 8601 instants (both UTC, as the app writes them). */
export const later = (a: string, b: string) => (a > b ? a : b)
