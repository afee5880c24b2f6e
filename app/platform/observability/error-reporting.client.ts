import * as Sentry from '@sentry/browser'
import { sampleRates } from './sentry-protocol.ts'
import { maskTokens, maskTokensDeep } from './token-paths.ts'

// Browser error reporting with Sentry's SDK, loaded lazily (dynamic import) only when the root
// loader passes a DSN: errors, 10% tracing, replays of 10% of sessions with an error, none of
// the others (docs/spec.md §9).

export interface BrowserReportingSettings {
  dsn: string
  environment: string
}

let started = false

export function startErrorReporting(config: BrowserReportingSettings) {
  if (started) return
  started = true
  // A replay records the page's address in its first frame (rrweb's meta event, which no
  // callback can rewrite): a page whose path holds a token is never recorded, and a navigation
  // onto one stops the recording.
  const replay = Sentry.replayIntegration({ maskAllText: true, blockAllMedia: true, beforeAddRecordingEvent: (event) => maskTokensDeep(event) })
  const onTokenPage = () => maskTokens(location.pathname) !== location.pathname
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    tracesSampleRate: sampleRates.traces,
    replaysSessionSampleRate: sampleRates.replaysSession,
    replaysOnErrorSampleRate: sampleRates.replaysOnError,
    integrations: onTokenPage() ? [Sentry.browserTracingIntegration()] : [Sentry.browserTracingIntegration(), replay],
    // Query strings may carry reset or invitation tokens: report the path only, and mask token
    // paths (/auth/reset-password/{token}, ...) wherever a URL appears: the page's, breadcrumbs'
    // navigations and fetches, messages, transaction names.
    beforeSend(event) {
      if (event.request?.url) event.request.url = event.request.url.split(/[?#]/)[0]
      if (event.request) delete event.request.headers
      return maskTokensDeep(event)
    },
    beforeSendTransaction: (event) => maskTokensDeep(event),
    beforeBreadcrumb: (breadcrumb) => {
      if (breadcrumb.category === 'navigation' && onTokenPage()) void replay.stop({ flush: false })
      return maskTokensDeep(breadcrumb)
    },
  })
  // Replay events (their `urls`, the page's address) skip beforeSend: an event processor masks them.
  Sentry.addEventProcessor((event) => maskTokensDeep(event))
}

export function captureException(error: unknown) {
  Sentry.captureException(error)
}
