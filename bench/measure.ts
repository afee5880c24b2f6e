import autocannon from 'autocannon'

/** One row of the table and of bench/results.json. */
export interface Row {
  id: string
  what: string
  /** The measured figure as shown, e.g. "1,234 req/s (0.62 × static)". */
  figure: string
  budget: string
  /** Null when the row has no budget (context figures). */
  pass: boolean | null
  /** Raw numbers behind the figure. */
  values: Record<string, number | string | boolean>
}

export const median = (values: number[]) => percentile(values, 50)

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]
}

export const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
export const int = (n: number) => Math.round(n).toLocaleString('en-US')

export interface LoadResult {
  requestsPerSecond: number
  p50: number
  p99: number
  total: number
  errors: number
  non2xx: number
}

/** Autocannon against one URL: throughput over the whole run, latency percentiles, failures. */
export async function load(opts: {
  url: string
  connections: number
  seconds: number
  method?: 'GET' | 'POST' | 'PUT'
  headers?: Record<string, string>
  body?: string
}): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    method: opts.method ?? 'GET',
    headers: opts.headers,
    body: opts.body,
  })
  return {
    requestsPerSecond: result.requests.total / opts.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

/** Times `count` requests one after another (after `warmup` untimed ones); milliseconds each. */
export async function sequential(count: number, send: () => Promise<Response>, warmup = 3): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < warmup + count; i++) {
    const started = performance.now()
    const res = await send()
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${res.status} ${res.url}`)
    if (i >= warmup) times.push(performance.now() - started)
  }
  return times
}
