import { execFile } from 'node:child_process'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDb, type DB } from '#app/db/db.server.ts'
import { migrateToLatest } from '#app/db/migrate.server.ts'
import { createServices } from '#app/services.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'
import { testConfig } from '#tests/setup/test-app.ts'
import { createPostgresTestDatabase, testDialects, type TestDialect } from '#tests/setup/test-db.ts'
import { MONTH, reportWorld } from './monthly-report.test-fixtures.ts'

// The report through a real SMTP peer on loopback (nothing mocked), sent by the services and
// by `npm run reports:monthly`, on a database the CLI opens by its URL like the server does.

const root = path.resolve(import.meta.dirname, '../../..')
const run = promisify(execFile)

/** A database a child process can open by URL: a SQLite file, or a PostgreSQL database of its own. */
async function urlDatabase(dialect: TestDialect): Promise<{ db: DB; url: string; destroy: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'monthly-report-'))
    const url = path.join(dir, 'trailguide.sqlite')
    const db = createDb({ url })
    await migrateToLatest(db)
    return { db, url, destroy: async () => (await db.destroy(), fs.rmSync(dir, { recursive: true, force: true })) }
  }
  const database = await createPostgresTestDatabase()
  const db = createDb({ url: database.url })
  return { db, url: database.url, destroy: async () => (await db.destroy(), await database.drop()) }
}

describe.each(testDialects)('monthly report over SMTP on %s', (dialect) => {
  const received: { to: string[]; data: string }[] = []
  let server: SMTPServer
  let smtpUrl: string
  let database: Awaited<ReturnType<typeof urlDatabase>>
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'monthly-report-data-'))

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = ''
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`
    database = await urlDatabase(dialect)
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await database.destroy()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  const env = () => ({ ...process.env, BASE_URL: 'https://trails.example.org', DATABASE_URL: database.url, SMTP_URL: smtpUrl, DATA_DIR: dataDir, APP_SECRET: 'test-secret-of-at-least-32-characters', LOG_LEVEL: 'silent' })

  it('a real SMTP peer receives the report: HTML and text, the chart inline by Content-ID, List-Unsubscribe', async () => {
    const config = testConfig({ SMTP_URL: smtpUrl, DATA_DIR: dataDir, BASE_URL: 'https://trails.example.org' })
    const services = createServices({ config, db: database.db, logger: createLogger('silent') })
    const { owner, editor } = await reportWorld(services)
    await database.db.updateTable('users').set({ locale: 'en' }).where('id', '=', owner.user.id).execute()
    await database.db.updateTable('users').set({ monthly_report_opt_out: 1 }).where('id', '=', editor.user.id).execute()
    received.length = 0
    expect(await services.monthlyReports.sendMonth(MONTH)).toEqual({ sent: 1, failed: 0, skipped: 0 })
    expect(received).toHaveLength(1)
    const { to, data } = received[0]
    expect(to).toEqual([owner.user.email])
    const unfolded = data.replace(/\r?\n[ \t]+/g, ' ')
    expect(unfolded).toMatch(/^Subject: .*your report for October 2026/m)
    expect(unfolded).toMatch(/^List-Unsubscribe: <https:\/\/trails\.example\.org\/monthly-report\/unsubscribe\/\d+\.[\w-]{43}>/m)
    expect(unfolded).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)
    expect(data).toMatch(/Content-Type: multipart\/related/)
    expect(data).toMatch(/Content-Type: text\/plain/)
    expect(data).toMatch(/Content-Type: text\/html/)
    expect(data).toMatch(/Content-Type: image\/png/)
    expect(data).toContain('Content-ID: <daily-views@trailguide>')
    // The image's bytes travel in base64: the PNG signature's first bytes.
    expect(data).toContain('iVBORw0KGgo')
  })

  it('npm run reports:monthly -- --month YYYY-MM sends the month now, and a second run sends nothing', { timeout: 120_000 }, async () => {
    await database.db.deleteFrom('monthly_report_sends').execute()
    await database.db.updateTable('users').set({ monthly_report_opt_out: 0 }).execute()
    received.length = 0
    const first = await run(process.execPath, ['--import', 'tsx', 'scripts/monthly-report.ts', '--month', MONTH], { cwd: root, env: env() })
    expect(first.stdout).toContain(`Monthly report ${MONTH}: 2 sent, 0 failed`)
    expect(received).toHaveLength(2)
    const again = await run(process.execPath, ['--import', 'tsx', 'scripts/monthly-report.ts', '--month', MONTH], { cwd: root, env: env() })
    expect(again.stdout).toContain(`Monthly report ${MONTH}: 0 sent, 0 failed`)
    expect(again.stdout).toContain(`2 report(s) of ${MONTH} were already sent`)
    expect(received).toHaveLength(2)
    const refused = await run(process.execPath, ['--import', 'tsx', 'scripts/monthly-report.ts', '--month', '2026-13'], { cwd: root, env: env() }).catch((error: { code: number; stderr: string }) => error)
    expect(refused).toMatchObject({ code: 1 })
    expect((refused as { stderr: string }).stderr).toContain('--month must be a month as YYYY-MM')
    // As the README gives it, without BASE_URL: what to set, and why.
    const bare = await run(process.execPath, ['--import', 'tsx', 'scripts/monthly-report.ts'], { cwd: root, env: { ...env(), BASE_URL: '' } }).catch((error: { code: number; stderr: string }) => error)
    expect(bare).toMatchObject({ code: 1 })
    expect((bare as { stderr: string }).stderr).toContain('BASE_URL is not defined\nSet BASE_URL to the public address of the app')
  })
})
