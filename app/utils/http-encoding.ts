/**
 * Content negotiation of HTTP compression, shared by the server's compression
 * middleware (server/compression.ts), its built-file serving and the render cache. Each encoding
 * is its own representation: its own ETag (`"…-br"`, `"…-gz"`) and `Vary: Accept-Encoding` on
 * every answer that could have been compressed.
 */

import { memoized } from './memo.ts'

export type Encoding = 'br' | 'gzip'

const SUFFIX: Record<Encoding, string> = { br: '-br', gzip: '-gz' }

/** Below this, the headers cost more than compression saves. */
export const MIN_COMPRESS_BYTES = 1024

const COMPRESSIBLE = /^\s*(?:text\/|application\/(?:json|javascript|ecmascript|xml|manifest\+json|geo\+json|gpx\+xml|[\w.-]+\+(?:json|xml))|image\/(?:svg\+xml|x-icon|vnd\.microsoft\.icon))/i

export function isCompressible(contentType: string | null | undefined): boolean {
  // A server-sent event stream must reach the client event by event.
  return !!contentType && COMPRESSIBLE.test(contentType) && !/^\s*text\/event-stream/i.test(contentType)
}

/**
 * The encoding to answer with, from an Accept-Encoding header (RFC 9110 §12.5.3): brotli when
 * accepted, else gzip, else none. `q=0` refuses one; `*` accepts any not named.
 */
export function negotiateEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  const br = acceptedWeight(acceptEncoding, 'br')
  const gzip = acceptedWeight(acceptEncoding, 'gzip')
  if (br <= 0 && gzip <= 0) return null
  return br >= gzip ? 'br' : 'gzip'
}

/** The q-value an Accept-Encoding header gives an encoding (0: refused or not named). */
export function acceptedWeight(acceptEncoding: string | null | undefined, encoding: Encoding): number {
  if (!acceptEncoding) return 0
  const q = encodingWeights(acceptEncoding)
  return q.get(encoding) ?? q.get('*') ?? 0
}

// Every kept page's answer reads its client's header twice; clients send few distinct ones.
const encodingWeights = memoized((acceptEncoding: string): ReadonlyMap<string, number> => {
  const q = new Map<string, number>()
  for (const item of acceptEncoding.split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';')
    if (!name) continue
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const value = qParam ? Number(qParam.slice(2)) : 1
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(value) ? value : 0)
  }
  return q
}, 200)

/** The ETag of an encoded representation: the identity's with the encoding's suffix (weakness kept). */
export function encodedEtag(etag: string, encoding: Encoding): string {
  return etag.replace(/"$/, `${SUFFIX[encoding]}"`)
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 wants for it). */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = etag.replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim()
    return value === '*' || value.replace(/^W\//, '') === bare
  })
}

/** Adds Accept-Encoding to a Vary header once. */
export function varyOnEncoding(headers: Headers) {
  const vary = headers.get('vary')
  if (!vary) headers.set('Vary', 'Accept-Encoding')
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`)
}
