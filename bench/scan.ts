import { launchBrowser } from '../tests/e2e/browser.ts'
import { median, ms, type Row } from './measure.ts'

/**
 * A plaque scan on a throttled phone (issue 28 item 4): Chromium with a phone's viewport, slow 4G
 * (Lighthouse's: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up) and a 4× slower CPU, each
 * time in a fresh context (cold: nothing cached, no service worker), from the navigation's start
 * to the map usable (the route's numbered markers drawn, as the page's own frame sees it). The
 * scan `/q/{code}` against the map page it leads to opened directly, in turns, median of `runs` each.
 */
export async function scanToMap(opts: { baseUrl: string; code: string; runs: number }): Promise<Row> {
  const scanUrl = `${opts.baseUrl}/q/${opts.code}`
  const browser = await launchBrowser()
  const phoneAgent = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
  const times: Record<'scan' | 'map', number[]> = { scan: [], map: [] }
  let finalPath = ''
  try {
    const usable = async (url: string): Promise<{ ms: number; path: string }> => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, userAgent: phoneAgent, serviceWorkers: 'block', locale: 'en-GB' })
      try {
        const page = await context.newPage()
        const cdp = await context.newCDPSession(page)
        await cdp.send('Network.enable')
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 })
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
        // The moment the first marker is drawn, noted by the page itself at each frame: Playwright's
        // waitForFunction would first inject its own script (~160 ms of a 4× slower CPU, competing
        // with the page), which no visitor's phone runs. The note is read over CDP, outside the page.
        // (A string: tsx would wrap a function's inner names in a helper the page does not have.)
        await page.addInitScript(`(() => {
          const watch = () => document.querySelector('[data-testid="numbered-marker"]') ? (window.__markerAt = performance.now()) : requestAnimationFrame(watch)
          requestAnimationFrame(watch)
        })()`)
        await page.goto(url, { waitUntil: 'commit' })
        const deadline = Date.now() + 30_000
        let at: number | undefined
        while (at === undefined) {
          if (Date.now() > deadline) throw new Error(`no marker drawn on ${url} within 30 s`)
          await new Promise((resolve) => setTimeout(resolve, 50))
          const read = await cdp.send('Runtime.evaluate', { expression: 'window.__markerAt', returnByValue: true })
          at = read.result.value as number | undefined
        }
        // The scan's address replaced by the map page's (the page's script does it before drawing).
        return { ms: at, path: new URL(page.url()).pathname + new URL(page.url()).search }
      } finally {
        await context.close()
      }
    }
    // A first untimed visit of each (the server's render cache then holds the page): the scan
    // tells which map page it leads to (the address its page puts in the history).
    const mapUrl = `${opts.baseUrl}${(await usable(scanUrl)).path}`
    await usable(mapUrl)
    for (let i = 0; i < opts.runs; i++) {
      times.map.push((await usable(mapUrl)).ms)
      const scan = await usable(scanUrl)
      times.scan.push(scan.ms)
      finalPath = scan.path
    }
  } finally {
    await browser.close()
  }
  const scan = median(times.scan)
  const map = median(times.map)
  return {
    id: 'scan-to-map',
    what: 'QR scan → map usable, cold, slow 4G and 4× CPU (Chromium, median)',
    figure: `${ms(scan)} (the map page opened directly: ${ms(map)}); the scan ends on ${finalPath}`,
    budget: '≤ 1.1 s',
    pass: scan <= 1100,
    values: { scanMs: scan, mapMs: map, runs: opts.runs, scanRuns: times.scan.map(Math.round).join(','), mapRuns: times.map.map(Math.round).join(',') },
  }
}
