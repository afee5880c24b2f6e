import { launchBrowser } from '../tests/e2e/browser.ts'
import { corridorTiles, planPack } from '../app/visitor/tile-plan.ts'
import type { TrailData } from '../app/visitor/trail-data.ts'
import { int, load, ms, type Row } from './measure.ts'

/**
 * A visitor page under load (50 connections) right after the landing page's own run, in the same
 * run: issue 13 asks the map page and the category home for ≥ 0.5 × the landing page's
 * throughput and a p99 ≤ 50 ms.
 */
export async function pageThroughput(opts: { id: string; label: string; url: string; seconds: number; landingRps: number; plainNodeRps: number }): Promise<Row> {
  const connections = 50
  await load({ url: opts.url, connections, seconds: 2 })
  const run = await load({ url: opts.url, connections, seconds: opts.seconds })
  const ratio = run.requestsPerSecond / opts.landingRps
  const failures = run.errors + run.non2xx
  return {
    id: opts.id,
    what: `${opts.label} throughput (50 conn, ${opts.seconds} s)`,
    figure: `${int(run.requestsPerSecond)} req/s = ${ratio.toFixed(2)} × /r (${int(opts.landingRps)}), ${(run.requestsPerSecond / opts.plainNodeRps).toFixed(2)} × plain Node (${int(opts.plainNodeRps)}); p99 ${ms(run.p99)}; ${failures} errors`,
    budget: '≥ 0.5 × /r; p99 ≤ 50 ms; 0 errors',
    pass: ratio >= 0.5 && run.p99 <= 50 && failures === 0,
    values: { rps: run.requestsPerSecond, landingRps: opts.landingRps, plainNodeRps: opts.plainNodeRps, ratio, p50: run.p50, p99: run.p99, errors: failures, requests: run.total },
  }
}

/**
 * "Save this walk for offline" on the demo's longest route, in Chromium (phone), against the
 * bench's local tile server: the pack's bytes as stored, its files and tiles, and what the same
 * tiles weigh at an average map tile of `typicalTileBytes` (the local tiles are plain squares).
 */
export async function offlinePack(opts: { url: string; typicalTileBytes: number }): Promise<Row> {
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, deviceScaleFactor: 2, userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131 Mobile Safari/537.36' })
    const page = await context.newPage()
    await page.goto(opts.url)
    await page.waitForSelector('html[data-enhanced="true"]', { state: 'attached' })
    await page.click('[data-offline-save]')
    await page.waitForSelector('[data-offline-download]:not([hidden])', { timeout: 60_000 })
    const estimate = (await page.textContent('[data-offline-status]')) ?? ''
    await page.click('[data-offline-download]')
    await page.waitForSelector('[data-offline-saved="true"]', { state: 'attached', timeout: 120_000 })
    const trail = JSON.parse((await page.getAttribute('[data-trail]', 'data-trail'))!) as TrailData
    const pack = await page.evaluate(async () => {
      const [saved] = JSON.parse(localStorage.getItem('trailguide:saved-walks') ?? '[]') as { uuid: string; bytes: number; zooms: number[] }[]
      const cache = await caches.open(`trailguide-walk:${saved.uuid}`)
      const keys = await cache.keys()
      const own = keys.filter((k) => new URL(k.url).origin === location.origin)
      let fileBytes = 0
      for (const key of own) fileBytes += (await (await cache.match(key))!.blob()).size
      return { bytes: saved.bytes, zooms: saved.zooms, files: own.length, fileBytes, tiles: keys.length - own.length }
    })
    await context.close()
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`
    // The same walk with real map tiles: what the planner keeps within the budget at that tile size.
    const paths = (trail.paths.length ? trail.paths : [trail.places.map((p): [number, number] => [p.lat, p.lng])]).map((path) => path.map(([lat, lng]) => ({ lat, lng })))
    const byZoom = corridorTiles(paths, { zooms: trail.offline.zooms, corridorM: trail.offline.corridorM, zoomOffset: 1 })
    const plan = planPack(byZoom, opts.typicalTileBytes, trail.offline.budgetBytes, pack.fileBytes)
    const typical = pack.fileBytes + plan.tileBytes
    return {
      id: 'offline-pack',
      what: "Offline pack, the demo's longest route",
      figure: `${mb(pack.bytes)} stored with the bench's tiles: ${pack.files} files + ${pack.tiles} tiles (zoom ${pack.zooms[0]}–${pack.zooms.at(-1)}, retina); with ${int(opts.typicalTileBytes / 1024)} KB tiles: ${mb(typical)}, ${plan.tiles.length} tiles, zoom ${plan.zooms[0]}–${plan.zooms.at(-1)}`,
      budget: '≤ 5 MB (the planner drops zoom levels to fit)',
      pass: null,
      values: { bytes: pack.bytes, files: pack.files, tiles: pack.tiles, zooms: pack.zooms.join(','), typicalBytes: typical, typicalTiles: plan.tiles.length, typicalZooms: plan.zooms.join(','), estimate },
    }
  } finally {
    await browser.close()
  }
}

