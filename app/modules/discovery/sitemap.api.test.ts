import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { addressingOf } from '#app/modules/addresses/route-address.ts'
import { owner } from '#app/modules/transfer/transfer.test-fixtures.ts'
import { useTestApi, type TestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { discoveryRoutes } from './discovery.http.server.ts'

// robots.txt and the sitemaps (ADR 120): valid against the sitemaps.org schemas, no draft.

const schemas = path.resolve('tests/fixtures/sitemaps')

/** xmllint's verdict on a document against one of the sitemaps.org schemas (throws with its message when invalid). */
function validate(xml: string, schema: 'sitemap' | 'siteindex') {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sitemap-')), 'doc.xml')
  fs.writeFileSync(file, xml)
  try {
    return execFileSync('xmllint', ['--noout', '--schema', path.join(schemas, `${schema}.xsd`), file], { encoding: 'utf8', stdio: 'pipe' })
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true })
  }
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'))

async function world(t: TestApi) {
  const m = await owner(t)
  const place = async (name: string, lat: number) => (await t.call('POST', '/places', { token: m.token, body: { place_category_id: m.category.id, name, lat, lng: 6.6 } })).json.data.id as number
  const a = await place('Square', 46.5)
  const b = await place('Bridge', 46.51)
  const route = async (name: string, changes: Record<string, unknown>) => {
    const uuid = (await t.call('POST', '/routes/store', { token: m.token, body: { name, place_category_id: m.category.id } })).json.data.uuid as string
    const res = await t.call('PUT', '/routes/update', { token: m.token, body: { uuid, places: [{ id: a }, { id: b }], ...changes } })
    expect(res.status).toBe(200)
    return res.json.data as { slug: string; updated_at: string }
  }
  const open = await route('Old town & river', { status: 'published' })
  await route('Unfinished walk', {})
  await route('Hidden walk', { status: 'published', isIndexed: false })
  return { ...m, open }
}

describe.each(testDialects)('sitemaps on %s', (dialect) => {
  const { t } = useTestApi(dialect)
  const routes = () => discoveryRoutes({ sitemaps: t.services.sitemaps, config: t.config, addressing: addressingOf(t.config) })

  it('lists every language of the home, landing and map pages of published routes, valid, without drafts', async () => {
    const w = await world(t)
    const index = await routes().request('/sitemap.xml')
    expect([index.status, index.headers.get('content-type')]).toEqual([200, 'application/xml; charset=utf-8'])
    const indexXml = await index.text()
    validate(indexXml, 'siteindex')
    const categorySitemap = `http://localhost:3000/sitemaps/${w.category.slug}.xml`
    expect(locs(indexXml)).toContain(categorySitemap)

    const res = await routes().request(new URL(categorySitemap).pathname)
    expect(res.status).toBe(200)
    const xml = await res.text()
    validate(xml, 'sitemap')
    const c = w.category.slug
    expect(locs(xml)).toEqual([
      ...['', '/fr', '/de', '/it'].map((p) => `http://localhost:3000${p}/c/${c}`),
      ...['r', 'm'].flatMap((page) => ['', '/fr', '/de', '/it'].map((p) => `http://localhost:3000${p}/${page}/${c}/${w.open.slug}`)),
    ])
    expect(xml).not.toMatch(/unfinished|hidden/)
    // The route's own last change, the same in both dialects' text.
    expect(xml).toContain(`<lastmod>${w.open.updated_at}</lastmod>`)
  })

  it('lists the other content languages of a category with ?lang= (ADR 043), valid', async () => {
    const w = await world(t)
    await t.services.db.updateTable('place_categories').set({ content_locales: 'en,fr,de,it,es' }).where('id', '=', w.category.id).execute()
    const xml = await (await routes().request(`/sitemaps/${w.category.slug}.xml`)).text()
    validate(xml, 'sitemap')
    expect(locs(xml)).toContain(`http://localhost:3000/c/${w.category.slug}?lang=es`)
    expect(locs(xml)).toContain(`http://localhost:3000/m/${w.category.slug}/${w.open.slug}?lang=es`)
  })

  it('answers 404 where nothing is published, and a draft published later appears', async () => {
    const m = await owner(t)
    expect(locs(await (await routes().request('/sitemap.xml')).text())).not.toContain(`http://localhost:3000/sitemaps/${m.category.slug}.xml`)
    expect((await routes().request(`/sitemaps/${m.category.slug}.xml`)).status).toBe(404)
    expect((await routes().request('/sitemaps/no-such-category.xml')).status).toBe(404)
    const uuid = (await t.call('POST', '/routes/store', { token: m.token, body: { name: 'Later', place_category_id: m.category.id } })).json.data.uuid
    await t.call('PUT', '/routes/update', { token: m.token, body: { uuid, status: 'published' } })
    expect(locs(await (await routes().request(`/sitemaps/${m.category.slug}.xml`)).text())).toContain(`http://localhost:3000/r/${m.category.slug}/later`)
  })

  it('names the sitemap of its host in robots.txt', async () => {
    const res = await routes().request('/robots.txt')
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await res.text()).toBe('User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: http://localhost:3000/sitemap.xml\n')
  })
})

describe.each(testDialects)('sitemaps with subdomain routing on %s', (dialect) => {
  const { t } = useTestApi(dialect, { BASE_URL: 'https://trails.example.org', SUBDOMAIN_ROUTING: 'true' })
  const routes = () => discoveryRoutes({ sitemaps: t.services.sitemaps, config: t.config, addressing: addressingOf(t.config) })

  it('serves each category its own sitemap on its host, indexed on the base host', async () => {
    // Nothing published yet: no index (the protocol wants at least one entry).
    expect((await routes().request('/sitemap.xml', { headers: { host: 'trails.example.org' } })).status).toBe(404)
    const w = await world(t)
    const host = `${w.category.slug}.trails.example.org`
    const indexXml = await (await routes().request('/sitemap.xml', { headers: { host: 'trails.example.org' } })).text()
    validate(indexXml, 'siteindex')
    expect(locs(indexXml)).toEqual([`https://${host}/sitemap.xml`])
    const res = await routes().request('/sitemap.xml', { headers: { host } })
    const xml = await res.text()
    validate(xml, 'sitemap')
    expect(locs(xml)).toEqual([
      ...['/', '/fr', '/de', '/it'].map((p) => `https://${host}${p}`),
      ...['r', 'm'].flatMap((page) => ['', '/fr', '/de', '/it'].map((p) => `https://${host}${p}/${page}/${w.open.slug}`)),
    ])
    expect(await (await routes().request('/robots.txt', { headers: { host } })).text()).toContain(`Sitemap: https://${host}/sitemap.xml`)
    // The per-category files of the base host exist only without subdomains.
    expect((await routes().request(`/sitemaps/${w.category.slug}.xml`, { headers: { host: 'trails.example.org' } })).status).toBe(404)
    expect((await routes().request('/sitemap.xml', { headers: { host: 'nothing-here.trails.example.org' } })).status).toBe(404)
  })
})
