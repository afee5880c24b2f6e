import fs from 'node:fs'
import path from 'node:path'
import { load, median, ms, int, sequential, type Row } from './measure.ts'
import { startPlainNode } from './plain-node.ts'

/**
 * The route landing page under load (50 connections, 10 s) against a plain Node server sending
 * the same bytes (issue 16: the machine's limit) and a static file of the same size served by
 * the same server, in the same run: the ratio to plain Node is what the budget checks.
 */
export async function landingThroughput(opts: { pageUrl: string; dataDir: string; baseUrl: string; seconds: number; countViews: () => Promise<number> }): Promise<Row> {
  const html = await (await fetch(opts.pageUrl)).text()
  const plain = await startPlainNode(Buffer.from(html), 'text/html; charset=utf-8')
  // The static twin: the page's own bytes as a file under /uploads (served from disk, no
  // database), under a key of the shape the app writes (the only ones /uploads serves).
  const key = 'avatars/0/avatar-000000000000000000000000.webp'
  const uploads = path.join(opts.dataDir, 'uploads')
  fs.mkdirSync(path.dirname(path.join(uploads, key)), { recursive: true })
  fs.writeFileSync(path.join(uploads, key), html)
  const staticUrl = `${opts.baseUrl}/uploads/${key}`
  const connections = 50
  // Warm both (JIT, caches), then measure the static file first and the page right after.
  await load({ url: plain.url, connections, seconds: 2 })
  await load({ url: staticUrl, connections, seconds: 2 })
  await load({ url: opts.pageUrl, connections, seconds: 2 })
  const plainRun = await load({ url: plain.url, connections, seconds: opts.seconds })
  plain.stop()
  const staticRun = await load({ url: staticUrl, connections, seconds: opts.seconds })
  const viewsBefore = await opts.countViews()
  const page = await load({ url: opts.pageUrl, connections, seconds: opts.seconds })
  // Every page served is a view: counted beside the answer, so give the last ones a moment.
  await new Promise((resolve) => setTimeout(resolve, 500))
  const views = (await opts.countViews()) - viewsBefore
  const ratio = page.requestsPerSecond / plainRun.requestsPerSecond
  const staticRatio = page.requestsPerSecond / staticRun.requestsPerSecond
  const failures = page.errors + page.non2xx
  return {
    id: 'landing-throughput',
    what: 'Landing /r/{category}/{slug} throughput (50 conn, 10 s)',
    figure: `${int(page.requestsPerSecond)} req/s = ${ratio.toFixed(2)} × plain Node (${int(plainRun.requestsPerSecond)}), ${staticRatio.toFixed(2)} × static (${int(staticRun.requestsPerSecond)}); p99 ${ms(page.p99)} (static ${ms(staticRun.p99)}); ${failures} errors; ${int(views)} views counted`,
    budget: '≥ 0.2 × plain Node; p99 ≤ 20 ms; 0 errors; every view counted',
    // Views: each answered page counted (a few more when answers were in flight at the end).
    pass: ratio >= 0.2 && page.p99 <= 20 && failures === 0 && staticRun.errors + staticRun.non2xx === 0 && views >= page.total,
    values: {
      pageRps: page.requestsPerSecond,
      plainNodeRps: plainRun.requestsPerSecond,
      staticRps: staticRun.requestsPerSecond,
      ratio,
      staticRatio,
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

/** `/api/health` (no database) against a plain Node server sending the same JSON, in the same run. */
export async function healthThroughput(opts: { baseUrl: string; seconds: number }): Promise<Row> {
  const url = `${opts.baseUrl}/api/health`
  const body = Buffer.from(await (await fetch(url)).arrayBuffer())
  const plain = await startPlainNode(body, 'application/json')
  const connections = 50
  await load({ url: plain.url, connections, seconds: 2 })
  await load({ url, connections, seconds: 2 })
  const plainRun = await load({ url: plain.url, connections, seconds: opts.seconds })
  plain.stop()
  const run = await load({ url, connections, seconds: opts.seconds })
  const ratio = run.requestsPerSecond / plainRun.requestsPerSecond
  const failures = run.errors + run.non2xx
  return {
    id: 'health-throughput',
    what: '/api/health throughput (50 conn)',
    figure: `${int(run.requestsPerSecond)} req/s = ${ratio.toFixed(2)} × plain Node (${int(plainRun.requestsPerSecond)}); p99 ${ms(run.p99)}; ${failures} errors`,
    budget: '≥ 0.3 × plain Node; 0 errors',
    pass: ratio >= 0.3 && failures === 0,
    values: { rps: run.requestsPerSecond, plainNodeRps: plainRun.requestsPerSecond, ratio, p99: run.p99, errors: failures },
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
