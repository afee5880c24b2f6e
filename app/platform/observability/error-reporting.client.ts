import * as Sentry from '@sentry/browser'
import { sampleRates } from './sentry-protocol.ts'
import { maskTokensDeep } from './token-paths.ts'

// Browser error reporting with Sentry's SDK, loaded lazily (dynamic import) only when the root
// loader passes a DSN: errors, 10% tracing, replays of 10% of sessions with an error, none of
// the others (spec section 9).

export interface BrowserReportingSettings {
  dsn: string
  environment: string
}

let started = false

export function startErrorReporting(config: BrowserReportingSettings) {
  if (started) return
  started = true
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    tracesSampleRate: sampleRates.traces,
    replaysSessionSampleRate: sampleRates.replaysSession,
    replaysOnErrorSampleRate: sampleRates.replaysOnError,
    integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration({ maskAllText: true, blockAllMedia: true })],
    // Query strings may carry reset or invitation tokens: report the path only, and mask token
    // paths (/auth/reset-password/{token}, ...) wherever a URL appears: the page's, breadcrumbs'
    // navigations and fetches, messages, transaction names.
    beforeSend(event) {
      if (event.request?.url) event.request.url = event.request.url.split(/[?#]/)[0]
      if (event.request) delete event.request.headers
      return maskTokensDeep(event)
    },
    beforeSendTransaction: (event) => maskTokensDeep(event),
    beforeBreadcrumb: (breadcrumb) => maskTokensDeep(breadcrumb),
  })
}

export function captureException(error: unknown) {
  Sentry.captureException(error)
}
