import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { Logger } from './logger.server.ts'

// Work a user sizes (imports, images) must never hold the event loop (ADR 051): every answer
// waits behind it, /api/health included. The longest delay of each interval is measured
// (perf_hooks' histogram) and logged when over EVENT_LOOP_WARN_MS, so a regression shows in the
// logs of production, and the memory test reads the same lines.

/** Measures the event loop's delay; logs `event loop held` with the interval's longest, in ms, when over `warnMs`. */
export function watchEventLoop(logger: Logger, options: { warnMs: number; intervalMs?: number }): () => void {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  const timer = setInterval(() => {
    const max = histogram.max / 1e6
    if (histogram.count > 0 && max > options.warnMs) logger.warn('event loop held', { max_ms: Math.round(max * 10) / 10, p99_ms: Math.round((histogram.percentile(99) / 1e6) * 10) / 10 })
    histogram.reset()
  }, options.intervalMs ?? 1000)
  timer.unref()
  return () => {
    clearInterval(timer)
    histogram.disable()
  }
}
