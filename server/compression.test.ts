import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { Hono } from 'hono'
import { afterAll, describe, expect, it } from 'vitest'
import { negotiateEncoding } from '#app/utils/http-encoding.ts'
import { precompressDir } from '../scripts/precompress.ts'
import { builtFiles } from './built-files.ts'
import { compression } from './compression.ts'

const json = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Place number ${i}` })) })

function decode(body: Buffer, encoding: string | null): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString()
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString()
  return body.toString()
}

async function fetchBody(app: Hono, url: string, headers: Record<string, string> = {}) {
  const res = await app.request(url, { headers })
  const raw = Buffer.from(await res.arrayBuffer())
  return { res, raw, text: decode(raw, res.headers.get('content-encoding')) }
}

describe('Accept-Encoding negotiation', () => {
  it('prefers brotli, honours q-values and refusals, and falls back to none', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br')
    expect(negotiateEncoding('gzip')).toBe('gzip')
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip')
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip')
    expect(negotiateEncoding('*')).toBe('br')
    expect(negotiateEncoding('*;q=0')).toBeNull()
    expect(negotiateEncoding('identity')).toBeNull()
    expect(negotiateEncoding('deflate')).toBeNull()
    expect(negotiateEncoding(null)).toBeNull()
  })
})

describe('compression of answers made at request time', () => {
  const app = new Hono()
  app.use('*', compression())
  app.get('/list', (c) => c.body(json, 200, { 'Content-Type': 'application/json', ETag: '"abc"' }))
  app.get('/small', (c) => c.json({ ok: true }))
  app.get('/png', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }))
  app.get('/page', (c) => {
    // A streamed page: no Content-Length, several chunks.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode(`<p>Paragraph ${i} of a streamed page.</p>`.repeat(20)))
        controller.close()
      },
    })
    return c.body(stream, 200, { 'Content-Type': 'text/html; charset=utf-8' })
  })

  it('sends JSON in brotli or gzip as accepted, identical once decoded, with its own ETag and Vary', async () => {
    const plain = await fetchBody(app, '/list')
    expect(plain.res.headers.get('content-encoding')).toBeNull()
    expect(plain.res.headers.get('vary')).toBe('Accept-Encoding')
    expect(plain.res.headers.get('etag')).toBe('"abc"')

    const br = await fetchBody(app, '/list', { 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.res.headers.get('content-encoding')).toBe('br')
    expect(br.res.headers.get('vary')).toBe('Accept-Encoding')
    expect(br.res.headers.get('etag')).toBe('"abc-br"')
    expect(br.res.headers.get('content-length')).toBeNull()
    expect(br.text).toBe(json)
    expect(br.raw.length).toBeLessThan(json.length / 4)

    const gz = await fetchBody(app, '/list', { 'Accept-Encoding': 'gzip' })
    expect(gz.res.headers.get('content-encoding')).toBe('gzip')
    expect(gz.res.headers.get('etag')).toBe('"abc-gz"')
    expect(gz.text).toBe(json)
  })

  it('answers 304 to the ETag of the encoded representation it sent', async () => {
    const res = await app.request('/list', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': '"abc-br"' } })
    expect(res.status).toBe(304)
    expect(res.headers.get('etag')).toBe('"abc-br"')
    // Another encoding's ETag is another representation.
    expect((await app.request('/list', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': '"abc-gz"' } })).status).toBe(200)
  })

  it('compresses a streamed page, and leaves small answers and images as they are', async () => {
    const page = await fetchBody(app, '/page', { 'Accept-Encoding': 'br' })
    expect(page.res.headers.get('content-encoding')).toBe('br')
    expect(page.text).toContain('<p>Paragraph 19 of a streamed page.</p>')
    const small = await app.request('/small', { headers: { 'Accept-Encoding': 'br' } })
    expect(small.headers.get('content-encoding')).toBeNull()
    const png = await app.request('/png', { headers: { 'Accept-Encoding': 'br' } })
    expect(png.headers.get('content-encoding')).toBeNull()
    expect(png.headers.get('vary')).toBeNull()
  })
})

describe('built files', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trailguide-built-'))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
  const script = `export function hello(){return ${JSON.stringify('hello '.repeat(2000))}}\n`

  it('are precompressed at build time and served by Accept-Encoding with an ETag per encoding', async () => {
    fs.mkdirSync(path.join(dir, 'assets'))
    fs.writeFileSync(path.join(dir, 'assets/app-1234.js'), script)
    fs.writeFileSync(path.join(dir, 'icon.png'), Buffer.alloc(4096))
    await precompressDir(dir)
    expect(fs.existsSync(path.join(dir, 'assets/app-1234.js.br'))).toBe(true)
    expect(fs.existsSync(path.join(dir, 'assets/app-1234.js.gz'))).toBe(true)
    // Images are compressed already.
    expect(fs.existsSync(path.join(dir, 'icon.png.br'))).toBe(false)

    const app = new Hono()
    app.use('*', compression())
    app.use('*', builtFiles(dir))
    app.all('*', (c) => c.text('page', 404))

    const br = await fetchBody(app, '/assets/app-1234.js', { 'Accept-Encoding': 'gzip, br' })
    expect(br.res.headers.get('content-encoding')).toBe('br')
    // The file written at build time, as it is: not compressed again.
    expect(br.raw.equals(fs.readFileSync(path.join(dir, 'assets/app-1234.js.br')))).toBe(true)
    expect(Number(br.res.headers.get('content-length'))).toBe(br.raw.length)
    expect(br.text).toBe(script)
    expect(br.res.headers.get('vary')).toBe('Accept-Encoding')
    expect(br.res.headers.get('content-type')).toMatch(/javascript/)

    const gz = await fetchBody(app, '/assets/app-1234.js', { 'Accept-Encoding': 'gzip' })
    expect(gz.res.headers.get('content-encoding')).toBe('gzip')
    expect(gz.text).toBe(script)
    const plain = await fetchBody(app, '/assets/app-1234.js')
    expect(plain.res.headers.get('content-encoding')).toBeNull()
    expect(plain.text).toBe(script)

    const etags = [br, gz, plain].map((r) => r.res.headers.get('etag'))
    expect(new Set(etags).size).toBe(3)
    const again = await app.request('/assets/app-1234.js', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': etags[0]! } })
    expect(again.status).toBe(304)

    const png = await app.request('/icon.png', { headers: { 'Accept-Encoding': 'br' } })
    expect(png.headers.get('content-encoding')).toBeNull()
    expect(png.headers.get('vary')).toBeNull()
    expect((await app.request('/assets/app-1234.js.br')).status).toBe(404)
    expect((await app.request('/missing.js')).status).toBe(404)
  })
})
