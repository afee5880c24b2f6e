// The production bundle's entry (vite.config.ts: the server build's input): the React Router
// server build, the HTTP surface and the services in ONE module graph, so every module (AppError,
// the logger's request context, the error reporter) exists once in the process (ADR 036).
// server/main.ts starts it: from build/server/index.js in production, through Vite in development.
import http from 'node:http'
import type { ServerBuild } from 'react-router'
import type { ViteDevServer } from 'vite'
import * as serverBuild from 'virtual:react-router/server-build'
import { ConfigError, loadConfig } from '#app/config/config.server.ts'
import { createDb, watchOtherProcesses } from '#app/db/db.server.ts'
import { migrateToLatest } from '#app/db/migrate.server.ts'
import { schedulePurge } from '#app/platform/housekeeping/purge.server.ts'
import { scheduleReportMail } from '#app/modules/reports/report-mail.server.ts'
import { scheduleMonthlyReports } from '#app/modules/monthly-report/schedule.server.ts'
import { flushErrorReporting, initErrorReporting, withTracing } from '#app/platform/observability/error-reporting.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'
import { watchEventLoop } from '#app/platform/observability/event-loop.server.ts'
import { createServices, purgeProductData } from '#app/services.server.ts'
import { S3Storage } from '#app/platform/storage/s3-storage.server.ts'
import { createRequestListener } from './http-app.ts'

// The bundle is still a React Router server build (tests and tools import it as one)…
export * from 'virtual:react-router/server-build'
// …and carries what a test builds an app from, so the test runs on the bundle's own copies.
export { createApi } from '#app/api-routes.server.ts'
export { createServices } from '#app/services.server.ts'
export { createLogger } from '#app/platform/observability/logger.server.ts'
export { countView, createHttpApp, createRequestListener } from './http-app.ts'
// For server/fast-path.test.ts, which tells the two halves of the listener apart.
export { createFastPath } from './fast-path.ts'
export { PageCache } from '#app/platform/page-cache/page-cache.server.ts'
export { flushErrorReporting, initErrorReporting } from '#app/platform/observability/error-reporting.server.ts'

export interface StartOptions {
  /** Development: Vite in middleware mode, which serves the browser modules and reloads the server build. */
  vite?: ViteDevServer
  /** Production: the folder of the built browser assets. */
  clientDir?: string
}

/** Reads the settings, migrates, builds the services, listens; SIGTERM/SIGINT shut down gracefully. */
export function startServer(options: StartOptions): Promise<void> {
  return start(options).catch((error: unknown) => {
    // As a JSON line too, with the same masking as every other line (a database URL's password…).
    createLogger('error').error('server failed to start', { error: error instanceof Error ? error : String(error) })
    process.exit(1)
  })
}

async function start({ vite, clientDir }: StartOptions) {
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
  const stopWatchingLoop = watchEventLoop(logger, { warnMs: config.EVENT_LOOP_WARN_MS })
  const db = createDb({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, prepared: config.DATABASE_PREPARED, checkpointsInWorker: true })
  await migrateToLatest(db)
  const services = createServices({ config, db, logger })
  // Other processes' writes reach this one's kept versions (ADR 071).
  const stopWatchingVersions = watchOtherProcesses(db, {
    url: config.DATABASE_URL,
    onError: (error) => logger.warn('content version notifications down: versions read again every second', { error: String(error) }),
  })
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
  // In development errors go to the console (docs/spec.md §8).
  if (mode === 'production' && (await initErrorReporting({ ...config, release: (serverBuild as ServerBuild).assets.version }))) logger.info('error reporting on')

  // In development every request reads the server build again through Vite (edited routes apply at once).
  const build = vite ? () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild> : (serverBuild as ServerBuild)
  const listener = createRequestListener({ services, build, mode, clientDir, wrap: withTracing })

  // Expired counters, tokens and invitations are deleted every PURGE_INTERVAL_MINUTES, and what
  // has been in the trash longer than TRASH_DAYS (ADR 110), activity older than ACTIVITY_DAYS (ADR 115) and revisions older than REVISIONS_DAYS (ADR 111).
  const stopPurge = schedulePurge(db, config, logger, { also: () => purgeProductData(services) })
  // The owners' mail about new visitor reports, batched (each process may send: a claim decides).
  const stopReportMail = scheduleReportMail(services.reportMail, logger)
  // Last month's report, where not yet sent: checked soon after the start, then every hour.
  const monthlyReports = scheduleMonthlyReports(services.monthlyReports, logger)

  // Once shutting down, every answer closes its connection: a busy keep-alive client would
  // otherwise keep its socket (and the process) alive past the shutdown deadline.
  let closing = false
  const server = http.createServer((req, res) => {
    if (closing) res.setHeader('Connection', 'close')
    if (vite) vite.middlewares(req, res, () => listener(req, res))
    else listener(req, res)
  })
  // An idle keep-alive connection is closed by the client or the proxy in front, not by us: a
  // server closing it first races the request the other side sends on it at that moment, which
  // then fails (ECONNRESET through nginx's upstream keepalive or a load balancer's 60 s idle time).
  server.keepAliveTimeout = 75_000
  server.headersTimeout = 76_000
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
    stopWatchingLoop()
    // No new report mail from now on; the one being sent gets the same few seconds as the queue.
    const reportsStopped = monthlyReports.stop()
    server.close(async () => {
      await vite?.close()
      await flushErrorReporting()
      // Views, events and scans counted in memory: written before the database closes (ADR 071).
      await services.stats.close().catch((error: unknown) => logger.error('visitor events not written at shutdown', { error: String(error) }))
      stopWatchingVersions()
      await services.rateLimiter.close()
      // Mail answered for but not yet sent (password resets): a few seconds to go out.
      await Promise.race([Promise.all([services.mailQueue.idle(), reportsStopped]), new Promise((resolve) => setTimeout(resolve, 5_000).unref())])
      await db.destroy()
      process.exit(0)
    })
    // A connection whose answer was under way when the shutdown began goes idle afterwards (its
    // answer carries no "Connection: close"): closed as soon as it is, not at the keep-alive timeout.
    server.closeIdleConnections()
    setInterval(() => server.closeIdleConnections(), 100).unref()
    setTimeout(() => process.exit(1), 10_000).unref()
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
}
