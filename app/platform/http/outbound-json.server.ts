import { AppError } from '#app/utils/errors.ts'

// The one client for the third parties the server asks for JSON (geocoder, directions, AI):
// a timeout over the whole exchange, a cap on the answer's size, and redirects followed only on
// the provider's own origin (ADR 060). A provider, or whoever answers in its name, cannot make
// the server read an internal address for it nor hold its memory with an endless answer.

/** Why: the exchange failed, or the answer came but is of no use (`malformed`, or `no_route`: the provider has none for the request). */
export type ProviderFailure = 'timeout' | 'unreachable' | 'redirect' | 'too_large' | 'http_status' | 'malformed' | 'no_route' | 'aborted' | 'busy'

/**
 * A third party gave no usable answer: 502 "provider unavailable", translated, in the error
 * envelope. `reason` and `details` are for the log, never the URL (Mapbox's holds the token).
 */
export class ProviderUnavailable extends AppError {
  constructor(
    readonly reason: ProviderFailure,
    readonly details: Record<string, string | number> = {},
  ) {
    super(502, { key: 'errors.provider_unavailable' })
    this.name = 'ProviderUnavailable'
  }
}

export interface OutboundRequest {
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  /** A JSON text for a POST. */
  body?: string
  /** For the whole exchange: connecting, redirects and reading the answer. */
  timeoutMs: number
  /** The largest answer read, in bytes (default 2 MiB); a longer one is a failure, not read further. */
  maxBytes?: number
  /** The caller's own cancel (the manager's request went away). */
  signal?: AbortSignal
}

export const DEFAULT_MAX_ANSWER_BYTES = 2 * 1024 * 1024
const MAX_REDIRECTS = 3

/** The provider's JSON answer (a 2xx). Every failure is a ProviderUnavailable. */
export async function requestJson(url: string, request: OutboundRequest): Promise<unknown> {
  const maxBytes = request.maxBytes ?? DEFAULT_MAX_ANSWER_BYTES
  const timeout = AbortSignal.timeout(request.timeoutMs)
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout
  try {
    let target = new URL(url)
    for (let hops = 0; ; hops++) {
      const response = await fetch(target, {
        method: request.method ?? 'GET',
        headers: { Accept: 'application/json', ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...request.headers },
        body: request.body,
        redirect: 'manual',
        signal,
      })
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel()
        const location = response.headers.get('location')
        const next = location === null ? null : new URL(location, target)
        // Only a GET is asked again, only on the same origin, a few times at most.
        if (next === null || next.origin !== target.origin || (request.method ?? 'GET') !== 'GET' || hops >= MAX_REDIRECTS) {
          throw new ProviderUnavailable('redirect', { status: response.status })
        }
        target = next
        continue
      }
      const text = await readCapped(response, maxBytes)
      if (!response.ok) throw new ProviderUnavailable('http_status', { status: response.status, ...providerCode(text) })
      try {
        return JSON.parse(text) as unknown
      } catch {
        throw new ProviderUnavailable('malformed', { status: response.status })
      }
    }
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw error
    if (timeout.aborted) throw new ProviderUnavailable('timeout', { timeout_ms: request.timeoutMs })
    if (request.signal?.aborted) throw new ProviderUnavailable('aborted')
    throw new ProviderUnavailable('unreachable', { error: error instanceof Error ? error.name : 'unknown' })
  }
}

/** The answer's text, read no further than `maxBytes` (a Content-Length above it is not read at all). */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel()
    throw new ProviderUnavailable('too_large', { max_bytes: maxBytes })
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw new ProviderUnavailable('too_large', { max_bytes: maxBytes })
    }
    chunks.push(value)
  }
  return new TextDecoder().decode(Buffer.concat(chunks))
}

/** A refusal's machine code (OSRM's `NoRoute`…), for the log: a short word, never the body. */
function providerCode(text: string): { code?: string } {
  try {
    const code = (JSON.parse(text) as { code?: unknown }).code
    return typeof code === 'string' && /^[\w.-]{1,40}$/.test(code) ? { code } : {}
  } catch {
    return {}
  }
}
