// Sentry's public ingestion protocol (DSN + envelope), small enough for server and browser:
// the SDK packages could not be installed, and these few lines are all either side needs.

/** The spec's sample rates (section 8). */
export const sampleRates = { traces: 0.1, replaysSession: 0, replaysOnError: 0.1 } as const

export interface Dsn {
  publicKey: string
  /** Where envelopes go: {origin}{path}/api/{project}/envelope/ */
  envelopeUrl: string
}

/** `http(s)://<publicKey>@<host>[/<path>]/<project>`; anything else is not a DSN. */
export function parseDsn(dsn: string): Dsn | null {
  let url: URL
  try {
    url = new URL(dsn)
  } catch {
    return null
  }
  const parts = url.pathname.split('/').filter(Boolean)
  const project = parts.pop()
  if (!/^https?:$/.test(url.protocol) || !url.username || !project) return null
  const prefix = parts.length ? `/${parts.join('/')}` : ''
  return { publicKey: url.username, envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/` }
}

export const randomId = (bytes = 16) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')

interface Frame {
  function?: string
  filename?: string
  lineno?: number
  colno?: number
}

/** V8 and Firefox stack lines to Sentry frames, oldest call first as Sentry expects. */
export function stackFrames(stack: string | undefined): Frame[] {
  const frames: Frame[] = []
  for (const line of (stack ?? '').split('\n')) {
    const m = /^\s*at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line) ?? /^(.*)@(.+?):(\d+):(\d+)$/.exec(line)
    if (m) frames.push({ function: m[1] || '?', filename: m[2], lineno: Number(m[3]), colno: Number(m[4]) })
  }
  return frames.reverse()
}

export function exceptionOf(error: unknown) {
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : 'Non-Error thrown')
  const frames = stackFrames(err.stack)
  return { values: [{ type: err.name, value: err.message, ...(frames.length ? { stacktrace: { frames } } : {}) }] }
}

/** One item per envelope: header line, item header line, payload line. */
export function envelope(type: 'event' | 'transaction', payload: { event_id: string } & Record<string, unknown>, dsn: string): string {
  const header = { event_id: payload.event_id, sent_at: new Date().toISOString(), dsn }
  return [JSON.stringify(header), JSON.stringify({ type }), JSON.stringify(payload)].join('\n') + '\n'
}

export const sdkInfo = { name: 'trailguide.minimal', version: '1.0.0' }
