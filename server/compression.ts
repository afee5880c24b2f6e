import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import zlib from 'node:zlib'
import { createMiddleware } from 'hono/factory'
import { encodedEtag, etagMatches, isCompressible, MIN_COMPRESS_BYTES, negotiateEncoding, varyOnEncoding, type Encoding } from '#app/utils/http-encoding.ts'

/**
 * HTTP compression. Text answers (HTML, JSON, JS, CSS, SVG, XML…) go out in
 * brotli or gzip, whichever the client accepts (brotli first); already compressed formats (PNG,
 * JPEG, WebP, fonts in woff2…) go as they are. Built files are compressed at build time
 * (vite.config.ts writes .br/.gz beside them, server/built-files.ts serves them) and the render
 * cache keeps its pages compressed (app/platform/page-cache): this middleware compresses only what
 * nobody compressed before it. Negotiation, ETags and Vary: app/utils/http-encoding.ts.
 */

/** A compressor for an answer made at request time: fast settings (a build or a cache takes the slow, small ones). */
function compressor(encoding: Encoding, sizeHint: number) {
  if (encoding === 'br') {
    return zlib.createBrotliCompress({
      // Each chunk goes out when it is written: a streamed page shows its first part at once.
      flush: zlib.constants.BROTLI_OPERATION_FLUSH,
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        ...(sizeHint > 0 ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
      },
    })
  }
  return zlib.createGzip({ level: 6, flush: zlib.constants.Z_SYNC_FLUSH })
}

/** The body compressed as it streams. */
function compressBody(body: ReadableStream<Uint8Array>, encoding: Encoding, sizeHint = 0): ReadableStream<Uint8Array> {
  const source = Readable.fromWeb(body as NodeReadableStream<Uint8Array>)
  const z = compressor(encoding, sizeHint)
  source.on('error', (error) => z.destroy(error))
  return Readable.toWeb(source.pipe(z)) as ReadableStream<Uint8Array>
}

/** Reads a body until it ends or passes `limit` bytes; answers the same body, whole, and whether it ended below the limit. */
async function peek(body: ReadableStream<Uint8Array>, limit: number): Promise<{ body: ReadableStream<Uint8Array>; small: boolean }> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) {
      return { body: new Blob(chunks as BlobPart[]).stream(), small: size < limit }
    }
    chunks.push(value)
    size += value.byteLength
    if (size >= limit) break
  }
  return {
    small: false,
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk)
      },
      async pull(controller) {
        const { done, value } = await reader.read()
        if (done) controller.close()
        else controller.enqueue(value)
      },
      cancel: (reason) => reader.cancel(reason),
    }),
  }
}

/**
 * Compresses the answers nobody compressed before (pages rendered now, API JSON, SVG images),
 * and answers 304 to a conditional request for an encoded representation.
 */
export function compression() {
  return createMiddleware(async (c, next) => {
    await next()
    const res = c.res
    if (!isCompressible(res.headers.get('content-type'))) return
    varyOnEncoding(res.headers)
    if (res.headers.has('content-encoding') || !res.body || c.req.method === 'HEAD') return
    if (res.status < 200 || res.status === 204 || res.status === 206 || res.status === 304) return
    if (/\bno-transform\b/i.test(res.headers.get('cache-control') ?? '')) return
    const length = Number(res.headers.get('content-length') ?? NaN)
    if (length < MIN_COMPRESS_BYTES) return
    const encoding = negotiateEncoding(c.req.header('accept-encoding'))
    if (!encoding) return
    // A body of unknown length (c.json, c.text): read up to the threshold to learn whether it is small.
    const { body, small } = Number.isFinite(length) ? { body: res.body, small: false } : await peek(res.body, MIN_COMPRESS_BYTES)
    if (small) {
      c.res = undefined
      c.res = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers })
      return
    }

    const headers = new Headers(res.headers)
    const etag = headers.get('etag')
    if (etag) {
      const encoded = encodedEtag(etag, encoding)
      headers.set('ETag', encoded)
      if (res.status === 200 && etagMatches(c.req.header('if-none-match'), encoded)) {
        await body.cancel()
        headers.delete('content-length')
        headers.delete('content-type')
        c.res = undefined
        c.res = new Response(null, { status: 304, headers })
        return
      }
    }
    headers.delete('content-length')
    headers.set('Content-Encoding', encoding)
    // Replacing c.res merges the old headers back in: cleared first (Hono keeps none of them then).
    c.res = undefined
    c.res = new Response(compressBody(body, encoding, Number.isFinite(length) ? length : 0), { status: res.status, statusText: res.statusText, headers })
  })
}
