import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import type nodemailer from 'nodemailer'
import type { Logger } from '#app/platform/observability/logger.server.ts'

/** A file carried by a message; with `cid`, an inline image the HTML shows as `<img src="cid:…">`. */
interface MailAttachment {
  filename: string
  contentType: string
  content: Buffer
  cid?: string
}

export interface MailMessage {
  to: string
  subject: string
  text: string
  /** The same message as HTML (the text stays: it is what plain-text clients show). */
  html?: string
  attachments?: MailAttachment[]
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>
  /** The link the message is about (kept in the outbox file, for a developer without SMTP). */
  link?: string
}

export interface Mailer {
  send(message: MailMessage): Promise<void>
}

/** Sends over SMTP (any smtp:// or smtps:// URL nodemailer understands). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  // Loaded when SMTP_URL is set: without it mail goes to the outbox folder.
  const transport = (createRequire(import.meta.url)('nodemailer') as typeof nodemailer).createTransport(smtpUrl)
  return {
    async send({ to, subject, text, html, attachments, headers }) {
      await transport.sendMail({
        from,
        to,
        subject,
        text,
        ...(html !== undefined ? { html } : {}),
        ...(attachments?.length ? { attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content, cid: a.cid })) } : {}),
        ...(headers ? { headers } : {}),
      })
    },
  }
}

/**
 * Without SMTP, each message becomes a JSON file in the outbox folder (a developer opens it to
 * follow a reset or invitation link). The log line names the file only: the link carries a
 * single-use token and the recipient is an e-mail address, and neither may reach the logs.
 */
export function outboxMailer(dir: string, from: string, logger: Logger): Mailer {
  return {
    async send(message) {
      await fs.mkdir(dir, { recursive: true })
      const file = path.join(dir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.json`)
      // Attachments as base64, so the file stays JSON and a developer can still open the image.
      const attachments = message.attachments?.map(({ content, ...rest }) => ({ ...rest, base64: content.toString('base64') }))
      await fs.writeFile(file, JSON.stringify({ from, ...message, attachments, date: new Date().toISOString() }, null, 2))
      logger.info('mail written to outbox', { file })
    },
  }
}
