import type { Logger } from '#app/platform/observability/logger.server.ts'
import { dueMonth, type MonthlyReportService } from './monthly-report.service.server.ts'

export interface ReportSchedule {
  /** Stops the timers; resolves once a run in progress has finished its current mail. */
  stop(): Promise<void>
}

/**
 * The running server's monthly report: a check soon after the start and then every hour. Each
 * check sends last month's reports that are not yet sent (on the 1st, or later after a downtime):
 * the records in the database make a second check, a restart or another process send nothing
 * twice (ADR 029). Timers never keep the process alive; at shutdown no new mail is started.
 */
export function scheduleMonthlyReports(
  reports: MonthlyReportService,
  logger: Logger,
  options: { firstInMs?: number; everyMs?: number; now?: () => Date } = {},
): ReportSchedule {
  let stopping = false
  let running: Promise<void> | null = null
  const run = () => {
    if (running || stopping) return
    const month = dueMonth(options.now?.() ?? new Date())
    running = reports
      .sendMonth(month, { shouldStop: () => stopping })
      .then((counts) => {
        if (counts.sent > 0 || counts.failed > 0) logger.info('monthly reports sent', { month, ...counts })
      })
      .catch((error: unknown) => logger.error('monthly reports failed', { month, error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        running = null
      })
  }
  const first = setTimeout(run, options.firstInMs ?? 90_000)
  const every = setInterval(run, options.everyMs ?? 3_600_000)
  first.unref()
  every.unref()
  return {
    async stop() {
      stopping = true
      clearTimeout(first)
      clearInterval(every)
      await running
    },
  }
}
