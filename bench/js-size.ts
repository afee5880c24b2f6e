import zlib from 'node:zlib'
import { launchBrowser } from '../tests/e2e/browser.ts'
import { kb, type Row } from './measure.ts'

// Issue 13: the map page, Leaflet and the service worker included, ≤ 60 KB; the category home likewise.
const budgets: Record<string, number> = { landing: 30 * 1024, map: 60 * 1024, category: 60 * 1024, login: 150 * 1024 }

/**
 * Every script the page loads in Chromium (until the network is idle), summed gzipped: the body
 * of each is gzipped here (level 6, what servers use) whatever the server sent, so the figure
 * does not depend on the server's compression; the bytes on the wire are kept beside it.
 */
export async function jsShipped(pages: { key: 'landing' | 'map' | 'category' | 'login'; label: string; url: string }[]): Promise<Row[]> {
  const browser = await launchBrowser()
  const rows: Row[] = []
  try {
    for (const { key, label, url } of pages) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, extraHTTPHeaders: { 'Accept-Encoding': 'gzip, deflate, br' } })
      const page = await context.newPage()
      const scripts: Promise<{ url: string; raw: number; gzip: number; wire: number }>[] = []
      page.on('response', (response) => {
        if (response.request().resourceType() !== 'script') return
        scripts.push(
          (async () => {
            const body = await response.body()
            const sizes = await response.request().sizes()
            return { url: response.url(), raw: body.length, gzip: zlib.gzipSync(body, { level: 6 }).length, wire: sizes.responseBodySize }
          })(),
        )
      })
      const res = await page.goto(url, { waitUntil: 'networkidle' })
      if (!res?.ok()) throw new Error(`${url}: ${res?.status()}`)
      const loaded = await Promise.all(scripts)
      // The visitor pages' service worker is part of what the page brings (ADR 021): counted too.
      const worker = await page.locator('meta[name="trailguide:service-worker"]').getAttribute('content', { timeout: 1000 }).catch(() => null)
      if (worker) {
        const body = Buffer.from(await (await fetch(new URL(worker, url))).arrayBuffer())
        loaded.push({ url: new URL(worker, url).href, raw: body.length, gzip: zlib.gzipSync(body, { level: 6 }).length, wire: body.length })
      }
      await context.close()
      const gzip = loaded.reduce((sum, s) => sum + s.gzip, 0)
      const wire = loaded.reduce((sum, s) => sum + s.wire, 0)
      const raw = loaded.reduce((sum, s) => sum + s.raw, 0)
      rows.push({
        id: `js-${key}`,
        what: `JS shipped gz, ${label}`,
        figure: `${kb(gzip)} in ${loaded.length} scripts (${kb(raw)} raw, ${kb(wire)} on the wire)`,
        budget: `≤ ${kb(budgets[key])}`,
        pass: gzip <= budgets[key],
        values: { gzipBytes: gzip, rawBytes: raw, wireBytes: wire, scripts: loaded.length, urls: loaded.map((s) => new URL(s.url).pathname).join(' ') },
      })
    }
  } finally {
    await browser.close()
  }
  return rows
}
