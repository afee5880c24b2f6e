// Recomputes the statistics roll-ups (stat_days, stat_months, and the plaques' stat_qr_days and
// qr_scan_totals) from the raw events, for every category or one.
// Usage: npm run stats:rebuild [-- --category <id>]   (reads the same settings as the server)
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '#app/config/config.server.ts'
import { createDb } from '#app/db/db.server.ts'
import { createServices } from '#app/services.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'

function categoryArg(): number | undefined {
  let values: { category?: string }
  try {
    values = parseArgs({ options: { category: { type: 'string' } } }).values
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\nUsage: tsx scripts/stats-rebuild.ts [--category <id>]`)
  }
  if (values.category === undefined) return undefined
  if (!/^[1-9]\d*$/.test(values.category)) throw new ConfigError(`--category must be a category id, not "${values.category}"`)
  return Number(values.category)
}

async function main() {
  const categoryId = categoryArg()
  // BASE_URL is required by the server, not by a rebuild: a placeholder lets the script run without it.
  const config = loadConfig({ BASE_URL: 'http://localhost', ...process.env })
  const db = createDb({ url: config.DATABASE_URL })
  try {
    const services = createServices({ config, db, logger: createLogger(config.LOG_LEVEL) })
    const started = performance.now()
    const { events, rows, scanRows } = await services.stats.rebuild(categoryId)
    const scope = categoryId === undefined ? 'all categories' : `category ${categoryId}`
    const seconds = ((performance.now() - started) / 1000).toFixed(2)
    console.log(`Rebuilt statistics of ${scope}: ${events} events read, ${rows} day rows and ${scanRows} plaque day rows written (${seconds} s).`)
  } finally {
    await db.destroy()
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
