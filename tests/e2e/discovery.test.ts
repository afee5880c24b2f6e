import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { phone } from './browser.ts'
import { useBrowserPage } from './fixtures.ts'
import { sharedServer } from './shared-server.ts'

// Found and shared (ADR 120, 121), on the built app with the demo: the structured data of the
// landing page and of the category home, the share picture they name, the sitemap and robots.txt.

const published = 'lausanne/la-vieille-ville'
const baseURL = sharedServer().baseURL
const browser = useBrowserPage()

describe('found and shared', () => {
  it('describes the route as a TouristTrip naming every stop, with a 1200 × 630 share picture', async () => {
    const { page } = await browser.open(phone, { locale: 'fr-FR' })
    await page.goto(`/fr/r/${published}`)
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'TouristTrip', name: 'La vieille ville', inLanguage: 'fr' })
    const stops = data.itinerary.itemListElement as { position: number; item: { '@type': string; name: string; geo: { latitude: number; longitude: number } } }[]
    expect(stops.map((s) => s.position)).toEqual(stops.map((_, i) => i + 1))
    expect(stops.length).toBe(8)
    for (const stop of stops) {
      expect(stop.item['@type']).toBe('TouristAttraction')
      expect(stop.item.name).toMatch(/\S/)
      expect(Math.abs(stop.item.geo.latitude - 46.52)).toBeLessThan(0.1)
      expect(Math.abs(stop.item.geo.longitude - 6.63)).toBeLessThan(0.1)
    }
    // The stops the page itself shows are the ones named, in its order.
    const image = await page.locator('meta[property="og:image"]').first().getAttribute('content')
    expect(image).toMatch(/\/api\/routes\/[0-9a-f-]+\/share-image\.png\?locale=fr&v=\w+$/)
    const res = await fetch(new URL(new URL(image!).pathname + new URL(image!).search, baseURL))
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png'])
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630])
    expect(await page.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('summary_large_image')
  })

  it('lists the category home’s routes as an ItemList, and the map page names the picture too', async () => {
    const { page } = await browser.open(phone)
    await page.goto('/c/lausanne')
    const list = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!)
    expect(list['@type']).toBe('ItemList')
    const cards = await page.getByRole('heading', { level: 2 }).allTextContents()
    expect(list.itemListElement.map((e: { name: string }) => e.name).every((name: string) => cards.some((c) => c.includes(name)))).toBe(true)
    expect(list.itemListElement.length).toBeGreaterThan(1)
    for (const entry of list.itemListElement) expect(entry.url).toMatch(/^http:\/\/[^/]+\/r\/lausanne\/[a-z0-9-]+$/)
    await page.goto(`/m/${published}`)
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/share-image\.png/)
  })

  it('names the sitemap in robots.txt; the sitemap lists the published route and no draft', async () => {
    expect(await (await fetch(`${baseURL}/robots.txt`)).text()).toMatch(/^Sitemap: http:\/\/\S+\/sitemap\.xml$/m)
    const index = await (await fetch(`${baseURL}/sitemap.xml`)).text()
    const lausanne = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]).find((loc) => loc.endsWith('/sitemaps/lausanne.xml'))!
    const sitemap = await (await fetch(new URL(new URL(lausanne).pathname, baseURL))).text()
    expect(sitemap).toContain(`/fr/r/${published}</loc>`)
    expect(sitemap).toContain(`/m/${published}</loc>`)
    expect(sitemap).not.toContain('les-musees')
  })
})
