import http from 'node:http'
import { kb, type Row } from './measure.ts'

/** The bytes on the wire for one Accept-Encoding (no decoding: Node's fetch would undo it). */
function wire(url: string, acceptEncoding: string, headers: Record<string, string> = {}): Promise<{ bytes: number; encoding: string | null; vary: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { ...headers, 'Accept-Encoding': acceptEncoding, 'Accept-Language': 'en' } }, (res) => {
      let bytes = 0
      res.on('data', (chunk: Buffer) => (bytes += chunk.length))
      res.on('end', () => {
        if ((res.statusCode ?? 0) >= 400) reject(new Error(`${url}: ${res.statusCode}`))
        else resolve({ bytes, encoding: (res.headers['content-encoding'] as string | undefined) ?? null, vary: String(res.headers.vary ?? '') })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

/** The largest script a page loads (its main chunk), from the page's HTML. */
export async function largestScript(pageUrl: string): Promise<string> {
  const html = await (await fetch(pageUrl, { headers: { 'Accept-Language': 'en' } })).text()
  const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => new URL(m[1], pageUrl).href))]
  const sized = await Promise.all(scripts.map(async (url) => ({ url, bytes: (await wire(url, 'identity')).bytes })))
  const largest = sized.sort((a, b) => b.bytes - a.bytes)[0]
  if (!largest) throw new Error(`${pageUrl}: no script`)
  return largest.url
}

/**
 * HTTP compression: each answer fetched as identity, brotli and gzip, with
 * the bytes on the wire and the ratio. Pages come from the render cache (gzip spliced from the
 * kept parts even when brotli is offered, see app/platform/page-cache); built files from the
 * .br/.gz written at build time; the JSON list compressed as it streams.
 */
export async function compressedSizes(targets: { id: string; label: string; url: string; headers?: Record<string, string> }[]): Promise<Row[]> {
  const rows: Row[] = []
  for (const { id, label, url, headers } of targets) {
    // Twice first: the page cache keeps the page on the first request.
    await wire(url, 'br, gzip', headers)
    const identity = await wire(url, 'identity', headers)
    const offered = await wire(url, 'br, gzip', headers)
    const br = await wire(url, 'br', headers)
    const gzip = await wire(url, 'gzip', headers)
    const ratio = (n: number) => `${(identity.bytes / n).toFixed(1)}×`
    rows.push({
      id: `compression-${id}`,
      what: `Compressed size, ${label}`,
      figure: `${kb(identity.bytes)} raw → br ${kb(br.bytes)} (${ratio(br.bytes)}), gzip ${kb(gzip.bytes)} (${ratio(gzip.bytes)}); a browser (br, gzip) gets ${offered.encoding} ${kb(offered.bytes)}`,
      budget: 'br and gzip ≤ 1/3 of raw; Vary: Accept-Encoding',
      pass: br.encoding === 'br' && gzip.encoding === 'gzip' && br.bytes * 3 <= identity.bytes && gzip.bytes * 3 <= identity.bytes && /accept-encoding/i.test(offered.vary),
      values: { rawBytes: identity.bytes, brBytes: br.bytes, gzipBytes: gzip.bytes, browserBytes: offered.bytes, browserEncoding: offered.encoding ?? 'identity' },
    })
  }
  return rows
}
