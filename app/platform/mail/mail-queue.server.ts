import type { Logger } from '#app/platform/observability/logger.server.ts'
import type { Mailer, MailMessage } from './mailer.server.ts'

export interface MailQueueOptions {
  /** Messages being composed or sent at once. */
  concurrency?: number
  /** Jobs waiting at most; beyond it a new job is dropped (and logged), never held in memory. */
  maxPending?: number
  /** Further attempts after a failed send, with exponential backoff from `backoffMs`. */
  retries?: number
  backoffMs?: number
}

/** Composes a message (or none: nothing to send) after the request has been answered. */
export type MailJob = () => Promise<MailMessage | null>

/**
 * Sends mail after the answer, in the background: a request never waits on SMTP, so whether
 * a message was sent (an address has an account) or SMTP is down cannot show in the answer or
 * its timing. In process and in memory: a message still queued when the process stops is lost,
 * like one whose delivery failed (the user asks again). Failures are logged without the
 * recipient or the content (a reset link is a credential).
 */
export class MailQueue {
  private readonly pending: { job: MailJob; label: string }[] = []
  private running = 0
  private readonly idleWaiters: (() => void)[] = []
  private readonly options: Required<MailQueueOptions>

  constructor(
    private readonly mailer: Mailer,
    private readonly logger: Logger,
    options: MailQueueOptions = {},
  ) {
    this.options = { concurrency: 2, maxPending: 1_000, retries: 3, backoffMs: 2_000, ...options }
  }

  /** Queues the job and returns at once; `label` names it in the logs (e.g. "password reset"). */
  enqueue(label: string, job: MailJob): void {
    if (this.pending.length >= this.options.maxPending) {
      this.logger.warn('mail queue full: message dropped', { label })
      return
    }
    this.pending.push({ job, label })
    this.pump()
  }

  /** Resolves once nothing is queued or in flight (tests, and a graceful shutdown). */
  idle(): Promise<void> {
    if (this.running === 0 && this.pending.length === 0) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  private pump() {
    while (this.running < this.options.concurrency && this.pending.length > 0) {
      const next = this.pending.shift()!
      this.running++
      void this.run(next.job, next.label).finally(() => {
        this.running--
        this.pump()
        if (this.running === 0 && this.pending.length === 0) for (const resolve of this.idleWaiters.splice(0)) resolve()
      })
    }
  }

  private async run(job: MailJob, label: string) {
    let message: MailMessage | null
    try {
      message = await job()
    } catch (error) {
      this.logger.error('mail could not be composed', { label, error: errorName(error) })
      return
    }
    if (!message) return
    for (let attempt = 0; ; attempt++) {
      try {
        await this.mailer.send(message)
        return
      } catch (error) {
        if (attempt >= this.options.retries) {
          this.logger.error('mail could not be sent', { label, attempts: attempt + 1, error: errorName(error) })
          return
        }
        await new Promise((resolve) => setTimeout(resolve, this.options.backoffMs * 2 ** attempt).unref())
      }
    }
  }
}

// The error's class and code only: an SMTP error's text may quote the recipient.
function errorName(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown'
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? `${error.name} ${code}` : error.name
}
