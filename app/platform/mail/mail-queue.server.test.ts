import { describe, expect, it } from 'vitest'
import { createLogger } from '#app/platform/observability/logger.server.ts'
import { MailQueue } from './mail-queue.server.ts'
import type { MailMessage } from './mailer.server.ts'

const message = (to: string): MailMessage => ({ to, subject: 'Subject', text: 'Open https://x.test/reset-password/secret', link: 'https://x.test/reset-password/secret' })

function logged() {
  const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = []
  const base = createLogger('silent')
  const logger = { ...base, warn: (msg: string, fields?: Record<string, unknown>) => void lines.push({ level: 'warn', msg, fields }), error: (msg: string, fields?: Record<string, unknown>) => void lines.push({ level: 'error', msg, fields }) }
  return { logger, lines }
}

describe('mail queue', () => {
  it('returns at once and sends after; a job that composes nothing sends nothing', async () => {
    const sent: string[] = []
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const queue = new MailQueue({ send: async (m) => void (await gate, sent.push(m.to)) }, createLogger('silent'))
    queue.enqueue('test', async () => message('a@example.org'))
    queue.enqueue('test', async () => null)
    expect(sent).toEqual([])
    release()
    await queue.idle()
    expect(sent).toEqual(['a@example.org'])
  })

  it('retries a failed send with backoff, then logs it without recipient or content', async () => {
    let attempts = 0
    const { logger, lines } = logged()
    const queue = new MailQueue({ send: async () => void (attempts++, await Promise.reject(Object.assign(new Error('to a@example.org refused'), { code: 'EENVELOPE' }))) }, logger, { retries: 2, backoffMs: 1 })
    queue.enqueue('password reset', async () => message('a@example.org'))
    await queue.idle()
    expect(attempts).toBe(3)
    expect(lines).toEqual([{ level: 'error', msg: 'mail could not be sent', fields: { label: 'password reset', attempts: 3, error: 'Error EENVELOPE' } }])
  })

  it('sends at most `concurrency` at once and drops jobs past `maxPending` (logged), never holding them without bound', async () => {
    let running = 0
    let most = 0
    const { logger, lines } = logged()
    const queue = new MailQueue(
      { send: async () => void (running++, (most = Math.max(most, running)), await new Promise((r) => setTimeout(r, 5)), running--) },
      logger,
      { concurrency: 2, maxPending: 3 },
    )
    for (let i = 0; i < 8; i++) queue.enqueue('invite', async () => message(`${i}@example.org`))
    await queue.idle()
    expect(most).toBe(2)
    // 2 started at once, 3 waited, 3 dropped.
    expect(lines.filter((l) => l.msg === 'mail queue full: message dropped')).toHaveLength(3)
  })
})
