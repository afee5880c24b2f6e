// Sends the monthly report now: each member of each category who has not opted out, once per
// month (reports already sent are not sent again: ADR 029). Without --month, last month's.
// Usage: BASE_URL=https://… npm run reports:monthly [-- --month YYYY-MM]   (reads the same
// settings as the server: BASE_URL, DATABASE_URL, SMTP_URL, APP_SECRET). A run that sends
// nothing says why (ADR 100).
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '#app/config/config.server.ts'
import { createDb } from '#app/db/db.server.ts'
import { migrateToLatest } from '#app/db/migrate.server.ts'
import { monthSchema } from '#app/modules/monthly-report/monthly-report.schema.ts'
import { MAX_ATTEMPTS } from '#app/modules/monthly-report/monthly-report.repo.server.ts'
import { dueMonth, type NothingDue } from '#app/modules/monthly-report/monthly-report.service.server.ts'
import { createServices } from '#app/services.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'

const usage = 'Usage: BASE_URL=https://your.site npm run reports:monthly -- [--month YYYY-MM]'

/** The settings' error, with what to set: the links in the mail are the reason BASE_URL is needed. */
function configHelp(error: ConfigError): string {
  if (!/BASE_URL/.test(error.message)) return error.message
  return [
    error.message,
    'Set BASE_URL to the public address of the app, as the server has it (the links in the mail lead there), and the',
    "server's other settings: DATABASE_URL (default trailguide.sqlite in DATA_DIR, itself data/ by default), SMTP_URL (else the mail goes to data/outbox/), APP_SECRET.",
    usage,
  ].join('\n')
}

/** Why a run sent nothing, in words. */
function nothingDue(month: string, why: NothingDue): string[] {
  if (why.noMembers) return ['No category has a member yet: there is no one to send a report to.']
  const lines: string[] = []
  for (const c of why.tooNew) lines.push(`"${c.name}" was created on ${c.createdAt.slice(0, 10)}, after ${month}: its first report is for the month it was created in.`)
  if (why.alreadySent) lines.push(`${why.alreadySent} report(s) of ${month} were already sent (each goes out once; see monthly_report_sends).`)
  if (why.optedOut) lines.push(`${why.optedOut} member(s) turned the monthly report off (user menu or the mail's link).`)
  if (why.gaveUp) lines.push(`${why.gaveUp} report(s) were refused by the mail server ${MAX_ATTEMPTS} times and are no longer tried.`)
  if (!lines.length) lines.push('Nothing was due.')
  return lines
}

function monthArg(): string {
  let values: { month?: string }
  try {
    values = parseArgs({ options: { month: { type: 'string' } } }).values
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\n${usage}`)
  }
  if (values.month === undefined) return dueMonth(new Date())
  if (!monthSchema.safeParse(values.month).success) throw new ConfigError(`--month must be a month as YYYY-MM, not "${values.month}"\n${usage}`)
  return values.month
}

async function main() {
  const month = monthArg()
  // The links in the mail need the real BASE_URL: unlike a statistics rebuild, no placeholder.
  let config
  try {
    config = loadConfig()
  } catch (error) {
    throw error instanceof ConfigError ? new ConfigError(configHelp(error)) : error
  }
  const db = createDb({ url: config.DATABASE_URL })
  try {
    await migrateToLatest(db)
    const services = createServices({ config, db, logger: createLogger(config.LOG_LEVEL) })
    const { sent, failed, skipped } = await services.monthlyReports.sendMonth(month)
    console.log(`Monthly report ${month}: ${sent} sent, ${failed} failed, ${skipped} already sent or taken by another process.`)
    if (sent + failed + skipped === 0) for (const line of nothingDue(month, await services.monthlyReports.whyNothingDue(month))) console.log(`  ${line}`)
    if (failed > 0) process.exitCode = 2
  } finally {
    await db.destroy()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
