// What server and browser share about Sentry: the spec's sample rates, and what a DSN is (both
// sides report with Sentry's SDKs: @sentry/node and @sentry/browser).

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
