import type { Config } from '#app/config/config.server.ts'
import { currentRequestId } from './logger.server.ts'
import { maskTokensDeep } from './token-paths.ts'
import { envelope, exceptionOf, parseDsn, randomId, sampleRates, sdkInfo, type Dsn } from './sentry-protocol.ts'

// Server-side error reporting (spec §8): off unless SENTRY_DSN is set. The reporter lives on
// globalThis because server/main.ts and the React Router server build each hold their own
// copy of this module.

interface Reporter {
  dsn: string
  parsed: Dsn
  environment: string
  /** Resolves when every envelope sent so far has been delivered (or failed). */
  pending: Set<Promise<void>>
}

const key = Symbol.for('trailguide.errorReporting')
type Holder = { [key]?: Reporter }
const holder = globalThis as Holder

export function initErrorReporting(config: Pick<Config, 'SENTRY_DSN' | 'APP_ENV'>): boolean {
  const parsed = config.SENTRY_DSN ? parseDsn(config.SENTRY_DSN) : null
  if (!parsed) {
    delete holder[key]
    return false
  }
  holder[key] = { dsn: config.SENTRY_DSN!, parsed, environment: config.APP_ENV, pending: new Set() }
  return true
}

/**
 * Only what locates the failure leaves the server: method and path. Never bodies, cookies,
 * headers or query strings (reset and invitation tokens travel there).
 */
function requestInfo(request: Request | undefined) {
  if (!request) return undefined
  const url = new URL(request.url)
  return { method: request.method, url: `${url.origin}${url.pathname}` }
}

function send(reporter: Reporter, type: 'event' | 'transaction', payload: { event_id: string } & Record<string, unknown>) {
  const auth = `Sentry sentry_version=7, sentry_key=${reporter.parsed.publicKey}, sentry_client=${sdkInfo.name}/${sdkInfo.version}`
  const delivery = fetch(reporter.parsed.envelopeUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-sentry-envelope', 'X-Sentry-Auth': auth },
    // Every string of the report (URL, transaction name, error message) with token paths masked:
    // a failing reset or invitation page must not send its live token to a third party.
    body: envelope(type, maskTokensDeep(payload), reporter.dsn),
    signal: AbortSignal.timeout(5_000),
  })
    .then(() => undefined)
    // Reporting must never take the app down with it.
    .catch(() => undefined)
  reporter.pending.add(delivery)
  void delivery.finally(() => reporter.pending.delete(delivery))
}

const baseEvent = (reporter: Reporter) => ({
  event_id: randomId(),
  timestamp: Date.now() / 1000,
  platform: 'node',
  environment: reporter.environment,
  sdk: sdkInfo,
})

export function captureException(error: unknown, request?: Request): void {
  const reporter = holder[key]
  if (!reporter) return
  // The request id ties the report to the request's log lines (and to what the user was shown).
  const requestId = currentRequestId()
  send(reporter, 'event', {
    ...baseEvent(reporter),
    level: 'error',
    exception: exceptionOf(error),
    request: requestInfo(request),
    ...(requestId ? { tags: { request_id: requestId } } : {}),
  })
}

/** Wraps a fetch handler so a sample of requests (spec: 10%) is reported as a transaction. */
export function withTracing<F extends (request: Request, ...rest: never[]) => Response | Promise<Response>>(handler: F): F {
  return (async (request: Request, ...rest: never[]) => {
    const reporter = holder[key]
    if (!reporter || Math.random() >= sampleRates.traces) return handler(request, ...rest)
    const start = Date.now() / 1000
    let status = 500
    try {
      const response = await handler(request, ...rest)
      status = response.status
      return response
    } finally {
      const url = new URL(request.url)
      send(reporter, 'transaction', {
        ...baseEvent(reporter),
        type: 'transaction',
        transaction: `${request.method} ${url.pathname}`,
        start_timestamp: start,
        contexts: {
          trace: { trace_id: randomId(), span_id: randomId(8), op: 'http.server', status: status < 500 ? 'ok' : 'internal_error', data: { 'http.response.status_code': status } },
        },
        request: requestInfo(request),
        spans: [],
      })
    }
  }) as F
}

/** Waits for envelopes in flight (tests, shutdown). */
export async function flushErrorReporting(): Promise<void> {
  await Promise.all([...(holder[key]?.pending ?? [])])
}
