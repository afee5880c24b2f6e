import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '#app/platform/observability/logger.server.ts'
import { outboxMailer, smtpMailer } from './mailer.server.ts'

describe('SMTP mailer', () => {
  const received: { from: string; to: string[]; data: string }[] = []
  let server: SMTPServer
  let port: number

  beforeAll(async () => {
    // A real SMTP peer on loopback: the mailer speaks the protocol, nothing is mocked.
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let data = ''
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.server.address() as AddressInfo).port
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  it('delivers the message to the SMTP server', async () => {
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'Trailguide <no-reply@trailguide.test>')
    await mailer.send({ to: 'alice@example.org', subject: 'Reset your password', text: 'Open https://x.test/reset' })
    expect(received).toHaveLength(1)
    expect(received[0].from).toBe('no-reply@trailguide.test')
    expect(received[0].to).toEqual(['alice@example.org'])
    expect(received[0].data).toContain('Subject: Reset your password')
    expect(received[0].data).toContain('Open https://x.test/reset')
  })
})

describe('outbox mailer', () => {
  it('keeps the HTML, the headers and each attachment (in base64) in the file', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'))
    await outboxMailer(dir, 'Trailguide <no-reply@localhost>', createLogger('silent')).send({
      to: 'carol@example.org',
      subject: 'Report',
      text: 'Text',
      html: '<p>Text</p><img src="cid:chart@x">',
      headers: { 'List-Unsubscribe': '<https://x.test/u>' },
      attachments: [{ filename: 'chart.png', contentType: 'image/png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47]), cid: 'chart@x' }],
    })
    const [file] = await fs.readdir(dir)
    const saved = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8'))
    expect(saved).toMatchObject({ html: '<p>Text</p><img src="cid:chart@x">', headers: { 'List-Unsubscribe': '<https://x.test/u>' } })
    expect(saved.attachments).toEqual([{ filename: 'chart.png', contentType: 'image/png', cid: 'chart@x', base64: 'iVBORw==' }])
  })

  it('writes the message to a file and logs the file, never the address or the link (it carries a token)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'outbox-'))
    const lines: string[] = []
    // The lines as the logger writes them (to stdout in the server, asynchronously: ADR 033).
    await outboxMailer(dir, 'Trailguide <no-reply@localhost>', createLogger('info', { destination: { write: (line: string) => void lines.push(line) } })).send({
      to: 'bob@example.org',
      subject: 'Hello',
      text: 'Body',
      link: 'http://localhost:3000/auth/reset-password/abc',
    })
    const files = await fs.readdir(dir)
    expect(files).toHaveLength(1)
    const saved = JSON.parse(await fs.readFile(path.join(dir, files[0]), 'utf8'))
    expect(saved).toMatchObject({ to: 'bob@example.org', subject: 'Hello', text: 'Body' })
    expect(lines.join('')).toContain(files[0])
    expect(lines.join('')).not.toContain('bob@example.org')
    expect(lines.join('')).not.toContain('reset-password/abc')
  })
})
