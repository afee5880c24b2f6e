import type * as SentryNode from '@sentry/node'
import type { Config } from '#app/config/config.server.ts'
import { currentRequestId, scrubText } from './logger.server.ts'
import { parseDsn, sampleRates } from './sentry-protocol.ts'
import { mapStringsDeep, maskTokens } from './token-paths.ts'

// Server-side error reporting (docs/spec.md §8) with Sentry's Node SDK: off unless SENTRY_DSN is set.
// The SDK (OpenTelemetry underneath: about 1 s and 40 MB to load) is imported only then, so a
// server without a DSN starts as fast as before (ADR 036).

let sentry: typeof SentryNode | undefined

export interface ErrorReportingSettings extends Pick<Config, 'SENTRY_DSN' | 'APP_ENV'> {
  /** The deployed build's id (React Router's assets version: the one the app polls). */
  release?: string
}

/** Starts reporting when a valid DSN is set, stops it otherwise; true when on. */
export async function initErrorReporting({ SENTRY_DSN: dsn, APP_ENV: environment, release }: ErrorReportingSettings): Promise<boolean> {
  await sentry?.close(2_000)
  sentry = undefined
  const parsed = dsn ? parseDsn(dsn) : null
  if (!parsed) return false
  const Sentry = await import('@sentry/node')
  Sentry.init({
    dsn,
    // Straight to the DSN's envelope endpoint, with the key in Sentry's auth header rather than
    // in the address's query string (which proxies and access logs keep).
    tunnel: parsed.envelopeUrl,
    transportOptions: { headers: { 'X-Sentry-Auth': `Sentry sentry_version=7, sentry_key=${parsed.publicKey}, sentry_client=trailguide/${Sentry.SDK_VERSION}` } },
    environment,
    release,
    tracesSampleRate: sampleRates.traces,
    // A sampled request goes out as a transaction, as before: Sentry-compatible servers that do
    // not take the SDK's newer streamed spans (the default since 11) still receive it.
    traceLifecycle: 'static',
    // Only what the app asks for: no automatic instrumentation of every module, no request
    // bodies, headers or cookies attached by an integration, no session or client reports.
    defaultIntegrations: false,
    integrations: [
      Sentry.eventFiltersIntegration(),
      Sentry.dedupeIntegration(),
      Sentry.linkedErrorsIntegration(),
      Sentry.functionToStringIntegration(),
      Sentry.nodeContextIntegration(),
      // Breadcrumbs: the calls the server made (routing, geocoding, AI, S3...) and console lines.
      Sentry.nativeNodeFetchIntegration({ spans: false }),
      Sentry.consoleIntegration(),
    ],
    sendClientReports: false,
    // Only what locates the failure leaves the server: method and path, never bodies, cookies,
    // headers or query strings; and every string (URL, transaction name, error message,
    // breadcrumb) masked as the logs are: token paths, secret query values, e-mail addresses,
    // credentials. A failing reset or invitation page must not send its live token to a third party.
    beforeSend: (event) => scrubDeep({ ...event, request: requestInfo(event.request) }),
    beforeSendTransaction: (event) => scrubDeep({ ...event, request: requestInfo(event.request) }),
    beforeBreadcrumb: (breadcrumb) => scrubDeep(breadcrumb),
  })
  sentry = Sentry
  return true
}

const scrubDeep = <T>(value: T): T => mapStringsDeep(value, scrubText)

function requestInfo(request: { method?: string; url?: string } | undefined) {
  if (!request?.url) return undefined
  const url = new URL(request.url)
  return { method: request.method, url: `${url.origin}${url.pathname}` }
}

export function captureException(error: unknown, request?: Request): void {
  const Sentry = sentry
  if (!Sentry) return
  Sentry.withScope((scope) => {
    // The request id ties the report to the request's log lines (and to what the user was shown).
    const requestId = currentRequestId()
    if (requestId) scope.setTag('request_id', requestId)
    if (request) scope.addEventProcessor((event) => ({ ...event, request: { method: request.method, url: request.url } }))
    Sentry.captureException(error)
  })
}

/**
 * Wraps a fetch handler so a sample of requests (spec: 10%) is reported as a transaction. A
 * request from the app's own pages carries the browser's trace (`sentry-trace` and `baggage`
 * headers, which @sentry/browser adds to same-origin fetches): the server's transaction joins
 * it, and follows its sampling decision.
 */
export function withTracing<F extends (request: Request, ...rest: never[]) => Response | Promise<Response>>(handler: F): F {
  return ((request: Request, ...rest: never[]) => {
    const Sentry = sentry
    if (!Sentry) return handler(request, ...rest)
    const trace = { sentryTrace: request.headers.get('sentry-trace') ?? undefined, baggage: request.headers.get('baggage') ?? undefined }
    return Sentry.withIsolationScope(() => {
      return Sentry.continueTrace(trace, () =>
        Sentry.startSpan(
          { name: maskTokens(`${request.method} ${new URL(request.url).pathname}`), op: 'http.server', forceTransaction: true, attributes: { 'sentry.source': 'url' } },
          async (span) => {
            const response = await handler(request, ...rest)
            span.setAttribute('http.response.status_code', response.status)
            if (response.status >= 500) span.setStatus({ code: 2, message: 'internal_error' })
            return response
          },
        ),
      )
    })
  }) as F
}

/** Waits for reports in flight (tests, shutdown). */
export async function flushErrorReporting(): Promise<void> {
  await sentry?.flush(5_000)
}
