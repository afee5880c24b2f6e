import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import { ConfigError, loadConfig } from '#app/config/config.server.ts'
import { createDb } from '#app/db/db.server.ts'
import { migrateToLatest } from '#app/db/migrate.server.ts'
import { schedulePurge } from '#app/modules/housekeeping/purge.server.ts'
import { scheduleReportMail } from '#app/modules/reports/report-mail.server.ts'
import { scheduleMonthlyReports } from '#app/modules/monthly-report/schedule.server.ts'
import { flushErrorReporting, initErrorReporting, withTracing } from '#app/modules/observability/error-reporting.server.ts'
import { createServices } from '#app/services.server.ts'
import { S3Storage } from '#app/modules/uploads/s3-storage.server.ts'
import { createLogger } from '#app/utils/logger.server.ts'
import { createRequestListener } from './http-app.ts'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

async function main() {
  let config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const logger = createLogger(config.LOG_LEVEL)
  const db = createDb({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, prepared: config.DATABASE_PREPARED })
  await migrateToLatest(db)
  const services = createServices({ config, db, logger })
  if (services.storage instanceof S3Storage) {
    // A wrong bucket or key stops the start with a clear line, not the first upload with a 500.
    try {
      await services.storage.check()
    } catch (error) {
      console.error((error as Error).message)
      process.exit(1)
    }
    logger.info('uploads on S3', { bucket: services.storage.bucket, publicUrl: services.storage.publicUrl ?? '/uploads' })
  }
  const mode = config.NODE_ENV === 'development' ? 'development' : 'production'
  // In development errors go to the console (spec §8).
  if (mode === 'production' && initErrorReporting(config)) logger.info('error reporting on')

  let listener
  let vite: ViteDevServer | undefined
  if (mode === 'development') {
    const { createServer } = await import('vite')
    vite = await createServer({ root, server: { middlewareMode: true } })
    const devServer = vite
    const build = () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>
    listener = createRequestListener({ services, build, mode, wrap: withTracing })
  } else {
    const buildDir = path.join(root, process.env.BUILD_DIR ?? 'build')
    const buildFile = path.join(buildDir, 'server/index.js')
    const build = (await import(buildFile)) as ServerBuild
    listener = createRequestListener({ services, build, mode, clientDir: path.relative(process.cwd(), path.join(buildDir, 'client')), wrap: withTracing })
  }

  // Expired counters, tokens and invitations are deleted every PURGE_INTERVAL_MINUTES.
  const stopPurge = schedulePurge(db, config, logger)
  // The owners' mail about new visitor reports, batched (each process may send: a claim decides).
  const stopReportMail = scheduleReportMail(services.reportMail, logger)
  // Last month's report, where not yet sent: checked soon after the start, then every hour.
  const monthlyReports = scheduleMonthlyReports(services.monthlyReports, logger)

  const handle = listener
  // Once shutting down, every answer closes its connection: a busy keep-alive client would
  // otherwise keep its socket (and the process) alive past the shutdown deadline.
  let closing = false
  const server = http.createServer((req, res) => {
    if (closing) res.setHeader('Connection', 'close')
    if (vite) vite.middlewares(req, res, () => handle(req, res))
    else handle(req, res)
  })
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address()
    const port = typeof address === 'object' && address ? address.port : config.PORT
    logger.info('server listening', { url: config.BASE_URL, port, mode })
  })

  // Let in-flight requests finish, then close the database.
  const shutdown = (signal: string) => {
    logger.info('shutting down', { signal })
    closing = true
    stopPurge()
    stopReportMail()
    // No new report mail from now on; the one being sent gets the same few seconds as the queue.
    const reportsStopped = monthlyReports.stop()
    server.close(async () => {
      await vite?.close()
      await flushErrorReporting()
      await services.rateLimiter.close()
      // Mail answered for but not yet sent (password resets): a few seconds to go out.
      await Promise.race([Promise.all([services.mailQueue.idle(), reportsStopped]), new Promise((resolve) => setTimeout(resolve, 5_000).unref())])
      await db.destroy()
      process.exit(0)
    })
    server.closeIdleConnections()
    setTimeout(() => process.exit(1), 10_000).unref()
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
}

main().catch((error) => {
  // As a JSON line too, with the same masking as every other line (a database URL's password…).
  createLogger('error').error('server failed to start', { error: error instanceof Error ? error : String(error) })
  process.exit(1)
})
