import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { insertPlace, insertWalk } from '#app/modules/stats/stats.test-fixtures.ts'
import { createServices, type Services } from '#app/services.server.ts'
import { createLogger } from '#app/platform/observability/logger.server.ts'
import { addMember, createCategory, createUser } from '#tests/setup/factories.ts'
import { testConfig } from '#tests/setup/test-app.ts'
import { createTestDb, testDialects, type TestDb } from '#tests/setup/test-db.ts'
import { quotedVisitorText, type ReportMail } from './report-mail.server.ts'

interface Received {
  to: string[]
  data: string
}

/** The decoded text of a received message (nodemailer writes quoted-printable or base64). */
function bodyOf(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/)
  const header = raw.slice(0, split)
  const body = raw.slice(split).trimStart()
  const bytes = /Content-Transfer-Encoding: base64/i.test(header)
    ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
    : Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1')
  return bytes.toString('utf8').replace(/\r\n/g, '\n')
}

function subjectOf(raw: string): string {
  const header = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ')
  const line = /^Subject: (.*)$/m.exec(header)?.[1] ?? ''
  // RFC 2047 encoded words (=?UTF-8?Q?...?= or ?B?).
  return line.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  )
}

describe('quotedVisitorText', () => {
  it('quotes every line, drops control and bidirectional characters, keeps at most one blank line', () => {
    expect(quotedVisitorText('Tree down\r\n\r\n\r\n\r\nSee them: https://evil.example\u202E\u0007', '  ')).toBe('  > Tree down\n  >\n  > See them: https[:]//evil[.]example')
  })

  it('leaves no address a mail client would link: schemes, www, host names, e-mail addresses', () => {
    const quoted = quotedVisitorText('Log in at https://evil.example/login?x=1, or HTTP://EVIL.example, www.evil.example, evil.co.uk, ftp://x.example; mail boss@evil.example. 3.5 km, 10:30.', '')
    expect(quoted).toBe('> Log in at https[:]//evil[.]example/login?x=1, or HTTP[:]//EVIL[.]example, www[.]evil[.]example, evil[.]co[.]uk, ftp[:]//x[.]example; mail boss[@]evil[.]example. 3.5 km, 10:30.')
    expect(quoted).not.toMatch(/[a-z]:\/\/|\w\.\p{L}|\w@\w/iu)
  })
})

describe.each(testDialects)('owners’ mail about visitor reports, through a real SMTP peer, on %s', (dialect) => {
  const received: Received[] = []
  let smtp: SMTPServer
  let testDb: TestDb
  let services: Services
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-mail-'))

  beforeAll(async () => {
    // A real SMTP peer on loopback: the mailer speaks the protocol, nothing is mocked.
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = ''
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')))
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const port = (smtp.server.address() as AddressInfo).port
    testDb = await createTestDb(dialect)
    const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, DATA_DIR: dataDir, BASE_URL: 'https://trails.example', REPORT_MAIL_DELAY_MINUTES: '5' })
    services = createServices({ config, db: testDb.db, logger: createLogger('silent'), mailQueue: { retries: 0 } })
  })
  afterAll(async () => {
    await testDb.destroy()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
  beforeEach(async () => {
    received.length = 0
    await testDb.db.deleteFrom('visitor_reports').execute()
  })

  async function category() {
    const owner = await createUser(services, { locale: 'fr', email: `owner-${Date.now()}-${Math.random().toString(36).slice(2)}@example.org` })
    const second = await createUser(services, { locale: 'de' })
    const editor = await createUser(services)
    const created = await createCategory(services, owner.user, { name: 'Lausanne\u202E\nBcc: x@evil.example' })
    await addMember(services, created.id, second.user, 'owner')
    await addMember(services, created.id, editor.user, 'editor')
    const walk = await insertWalk(testDb.db, created.id, { names: { fr: 'Vieille ville', de: 'Altstadt' } })
    const place = await insertPlace(testDb.db, created.id, 'Cathédrale')
    return { owner, second, editor, id: created.id, walk, place }
  }
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 10, minute))
  async function insertReport(categoryId: number, values: { walk?: number; place?: number; message?: string; minute: number; status?: 'open' | 'resolved'; photo?: string }) {
    await testDb.db
      .insertInto('visitor_reports')
      .values({
        category_id: categoryId,
        walk_id: values.walk ?? null,
        place_id: values.place ?? null,
        kind: 'path_blocked',
        message: values.message ?? '',
        photo_path: values.photo ?? null,
        locale: 'en',
        status: values.status ?? 'open',
        created_at: at(values.minute).toISOString(),
      })
      .execute()
  }
  const sendDue = async (mail: ReportMail, now: Date) => {
    const queued = await mail.sendDue(now)
    await services.mailQueue.idle()
    return queued
  }

  it('waits for the batch, then sends each owner one mail listing every pending report, in their language; once', async () => {
    const c = await category()
    await insertReport(c.id, { walk: c.walk.id, place: c.place, message: 'Arbre tombé\nSee them: https://evil.example/reports', minute: 0, photo: `reports/${c.id}/report-abc.webp` })
    await insertReport(c.id, { walk: c.walk.id, minute: 3 })
    await insertReport(c.id, { minute: 1, status: 'resolved' })

    // The oldest waited 4 minutes of 5: nothing yet.
    expect(await sendDue(services.reportMail, at(4))).toBe(0)
    expect(received).toEqual([])
    expect(await sendDue(services.reportMail, at(5))).toBe(2)
    expect(received.map((m) => m.to).sort()).toEqual([[c.owner.user.email], [c.second.user.email]].sort())
    const fr = received.find((m) => m.to[0] === c.owner.user.email)!
    const de = received.find((m) => m.to[0] === c.second.user.email)!
    // The category's name is cleaned (no line break: no header of its own in the subject).
    expect(subjectOf(fr.data)).toBe('Des visiteurs ont signalé 2 problèmes sur «\u202fLausanne Bcc: x@evil.example\u202f»')
    expect(subjectOf(de.data)).toBe('Besucher haben 2 Probleme bei „Lausanne Bcc: x@evil.example“ gemeldet')
    expect(fr.data).not.toMatch(/^Bcc:/m)
    const text = bodyOf(fr.data)
    // The trails' time (TIME_ZONE, Europe/Zurich by default) in the owner's language: 10:00 UTC is 11:00 there.
    expect(text).toContain('1. Chemin bloqué · 25 nov. 2026, 11:00\n')
    expect(text).toContain('Lieu\u00a0: Cathédrale · Parcours\u00a0: Vieille ville')
    // The visitor's text is quoted: its lines cannot pass for the mail's own.
    expect(text).toContain('   > Arbre tombé\n   > See them: https[:]//evil[.]example/reports')
    expect(text).toContain(`Photo\u00a0: https://trails.example/uploads/reports/${c.id}/report-abc.webp`)
    expect(text).toContain(`https://trails.example/fr/reports?category=${c.id}`)
    expect(text).not.toContain('Chemin bloqué · 25 nov. 2026, 11:01') // the resolved one is not listed
    expect(bodyOf(de.data)).toContain('Ort: Cathédrale · Route: Altstadt')
    const rows = await testDb.db.selectFrom('visitor_reports').select('notified_at').execute()
    expect(rows.map((r) => r.notified_at)).toEqual([at(5).toISOString(), at(5).toISOString(), at(5).toISOString()])

    // Nothing more to send; a new report starts a new batch.
    expect(await sendDue(services.reportMail, at(30))).toBe(0)
    await insertReport(c.id, { place: c.place, walk: c.walk.id, minute: 40 })
    expect(await sendDue(services.reportMail, at(42))).toBe(0)
    expect(await sendDue(services.reportMail, at(45))).toBe(2)
    expect(received).toHaveLength(4)
    expect(subjectOf(received[2].data)).toMatch(/^(Un visiteur a signalé un problème sur|Ein Besucher hat ein Problem bei)/)
  })

  it('sends a batch once when two server processes claim it at the same moment', async () => {
    const c = await category()
    for (let i = 0; i < 4; i++) await insertReport(c.id, { place: c.place, walk: c.walk.id, minute: i })
    // A second process: its own services (queue, mailer) over the same database.
    const other = createServices({ config: services.config, db: testDb.db, logger: createLogger('silent') })
    const queued = await Promise.all([services.reportMail.sendDue(at(10)), other.reportMail.sendDue(at(10)), services.reportMail.sendDue(at(10))])
    await Promise.all([services.mailQueue.idle(), other.mailQueue.idle()])
    expect(queued.reduce((a, b) => a + b, 0)).toBe(2)
    expect(received).toHaveLength(2)
    expect(new Set(received.map((m) => m.to[0])).size).toBe(2)
  })

  it('keeps categories apart: each category’s owners hear of their own reports only', async () => {
    const a = await category()
    const b = await category()
    await insertReport(a.id, { place: a.place, walk: a.walk.id, minute: 0 })
    await insertReport(b.id, { walk: b.walk.id, minute: 9 })
    expect(await sendDue(services.reportMail, at(10))).toBe(2)
    expect(received.map((m) => m.to[0]).sort()).toEqual([a.owner.user.email, a.second.user.email].sort())
    expect(bodyOf(received[0].data)).not.toContain(`category=${b.id}`)
    expect(await sendDue(services.reportMail, at(14))).toBe(2)
    expect(received.slice(2).map((m) => m.to[0]).sort()).toEqual([b.owner.user.email, b.second.user.email].sort())
  })
})
