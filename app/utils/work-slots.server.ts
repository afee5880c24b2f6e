import { AppError } from './errors.ts'

/**
 * At most `concurrency` jobs at once, the others waiting in order; past `maxWaiting` waiting a
 * new job is refused at once (503 with Retry-After: try again), so neither the work nor the
 * queue grows without bound.
 */
export class WorkSlots {
  private running = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly options: { concurrency: number; maxWaiting: number }) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxWaiting) throw busy()
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else {
      this.running++
    }
    try {
      return await work()
    } finally {
      // The slot passes straight to the next waiter, or is freed.
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }

  /** Jobs running and waiting (tests, metrics). */
  get load() {
    return { running: this.running, waiting: this.waiting.length }
  }
}

const busy = () => new AppError(503, { key: 'errors.busy' }, undefined, { 'Retry-After': '2' })
