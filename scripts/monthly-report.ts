// Sends the monthly report now: each member of each category who has not opted out, once per
// month (reports already sent are not sent again: ADR 029). Without --month, last month's.
// Usage: npm run reports:monthly [-- --month YYYY-MM]   (reads the same settings as the server)
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '#app/config/config.server.ts'
import { createDb } from '#app/db/db.server.ts'
import { migrateToLatest } from '#app/db/migrate.server.ts'
import { monthSchema } from '#app/modules/monthly-report/monthly-report.schema.ts'
import { dueMonth } from '#app/modules/monthly-report/monthly-report.service.server.ts'
import { createServices } from '#app/services.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'

const usage = 'Usage: npm run reports:monthly -- [--month YYYY-MM]'

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
  const config = loadConfig()
  const db = createDb({ url: config.DATABASE_URL })
  try {
    await migrateToLatest(db)
    const services = createServices({ config, db, logger: createLogger(config.LOG_LEVEL) })
    const { sent, failed, skipped } = await services.monthlyReports.sendMonth(month)
    console.log(`Monthly report ${month}: ${sent} sent, ${failed} failed, ${skipped} already sent or taken by another process.`)
    if (failed > 0) process.exitCode = 2
  } finally {
    await db.destroy()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
