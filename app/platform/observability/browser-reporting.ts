import type * as ClientReporter from './error-reporting.client.ts'
import type { BrowserReportingSettings } from './error-reporting.client.ts'

// The always-loaded part of browser error reporting: it fetches the reporter only when the
// root loader passes settings, so an unconfigured app downloads nothing more.

let reporter: Promise<typeof ClientReporter> | null = null

export function startBrowserReporting(settings: BrowserReportingSettings | null) {
  if (!settings || reporter) return
  reporter = import('./error-reporting.client.ts').then((m) => {
    m.startErrorReporting(settings)
    return m
  })
}

/** For error boundaries: reports only when reporting was started (otherwise the console has it). */
export function reportBrowserError(error: unknown) {
  void reporter?.then((m) => m.captureException(error))
}
