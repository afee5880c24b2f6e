import fs from 'node:fs'
import path from 'node:path'
import { load, median, ms, int, sequential, type Row } from './measure.ts'

/**
 * The route landing page under load (50 connections, 10 s) against a static file of the same
 * size served by the same server in the same run: the ratio is what the budget checks.
 */
export async function landingThroughput(opts: { pageUrl: string; dataDir: string; baseUrl: string; seconds: number; countViews: () => Promise<number> }): Promise<Row> {
  const html = await (await fetch(opts.pageUrl)).text()
  // The static twin: the page's own bytes as a file under /uploads (served from disk, no database).
  const uploads = path.join(opts.dataDir, 'uploads')
  fs.mkdirSync(uploads, { recursive: true })
  fs.writeFileSync(path.join(uploads, 'bench-static.html'), html)
  const staticUrl = `${opts.baseUrl}/uploads/bench-static.html`
  const connections = 50
  // Warm both (JIT, caches), then measure the static file first and the page right after.
  await load({ url: staticUrl, connections, seconds: 2 })
  await load({ url: opts.pageUrl, connections, seconds: 2 })
  const staticRun = await load({ url: staticUrl, connections, seconds: opts.seconds })
  const viewsBefore = await opts.countViews()
  const page = await load({ url: opts.pageUrl, connections, seconds: opts.seconds })
  // Every page served is a view: counted beside the answer, so give the last ones a moment.
  await new Promise((resolve) => setTimeout(resolve, 500))
  const views = (await opts.countViews()) - viewsBefore
  const ratio = page.requestsPerSecond / staticRun.requestsPerSecond
  const failures = page.errors + page.non2xx
  return {
    id: 'landing-throughput',
    what: 'Landing /r/{category}/{slug} throughput (50 conn, 10 s)',
    figure: `${int(page.requestsPerSecond)} req/s = ${ratio.toFixed(2)} × static (${int(staticRun.requestsPerSecond)}); p99 ${ms(page.p99)} (static ${ms(staticRun.p99)}); ${failures} errors; ${int(views)} views counted`,
    budget: '≥ 0.5 × static; p99 ≤ 50 ms; 0 errors; every view counted',
    // Views: each answered page counted (a few more when answers were in flight at the end).
    pass: ratio >= 0.5 && page.p99 <= 50 && failures === 0 && staticRun.errors + staticRun.non2xx === 0 && views >= page.total,
    values: {
      pageRps: page.requestsPerSecond,
      staticRps: staticRun.requestsPerSecond,
      ratio,
      p50: page.p50,
      p99: page.p99,
      staticP99: staticRun.p99,
      errors: failures,
      requests: page.total,
      viewsCounted: views,
      bytes: html.length,
    },
  }
}

/** First byte and full HTML of the page, and whether the content is in the HTML itself. */
export async function landingHtml(opts: { pageUrl: string; expectText: string[]; expectOneOf: string[] }): Promise<Row> {
  const firstByte: number[] = []
  const full: number[] = []
  let html = ''
  for (let i = 0; i < 23; i++) {
    const started = performance.now()
    const res = await fetch(opts.pageUrl)
    const reader = res.body!.getReader()
    const chunks: Uint8Array[] = []
    let first = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (!first) first = performance.now() - started
      if (done) break
      chunks.push(value)
    }
    if (i >= 3) {
      firstByte.push(first)
      full.push(performance.now() - started)
    }
    html = Buffer.concat(chunks).toString('utf8')
  }
  const missing = opts.expectText.filter((text) => !html.includes(text))
  if (!opts.expectOneOf.some((text) => html.includes(text))) missing.push('route name')
  // No framework runtime: the only script is the small enhancement one.
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0])
  const frameworkScripts = scripts.filter((s) => /type="module"|entry\.client|manifest/.test(s))
  const pass = missing.length === 0 && frameworkScripts.length === 0
  return {
    id: 'landing-html',
    what: 'Landing HTML (first byte → full HTML, median)',
    figure: `${ms(median(firstByte))} → ${ms(median(full))}; ${missing.length === 0 ? 'content in HTML' : `missing: ${missing.join(', ')}`}; ${frameworkScripts.length} framework scripts`,
    budget: 'content in HTML, no client render',
    pass,
    values: { firstByteMs: median(firstByte), fullMs: median(full), missing: missing.join(', '), frameworkScripts: frameworkScripts.length, htmlBytes: html.length },
  }
}

export { sequential }
