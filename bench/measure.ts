import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

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

/**
 * `wrk` (Debian's package) against one URL: throughput over the whole run, latency percentiles,
 * failures. wrk is written in C and drives one core with one thread (`-t1`, as the issue's
 * figures): a Node generator (autocannon) topped out near 24,000 requests/s on this machine and
 * measured itself, not the server (issue 28). A POST is a Lua script setting method and body.
 */
export async function load(opts: {
  url: string
  connections: number
  seconds: number
  method?: 'GET' | 'POST' | 'PUT'
  headers?: Record<string, string>
  body?: string
}): Promise<LoadResult> {
  // wrk takes whole seconds only ("-d2.5s" is refused): a half-share of a 5 s budget becomes 3 s.
  const args = ['-t1', `-c${opts.connections}`, `-d${Math.max(1, Math.round(opts.seconds))}s`, '--latency', '--timeout', '10s']
  for (const [name, value] of Object.entries(opts.headers ?? {})) args.push('-H', `${name}: ${value}`)
  let script: string | null = null
  if (opts.method && opts.method !== 'GET') {
    script = path.join(os.tmpdir(), `bench-wrk-${process.pid}-${Date.now()}.lua`)
    const body = opts.body === undefined ? '' : `wrk.body = ${luaString(opts.body)}\n`
    fs.writeFileSync(script, `wrk.method = ${luaString(opts.method)}\n${body}`)
    args.push('-s', script)
  }
  args.push(opts.url)
  try {
    const { stdout } = await run('wrk', args)
    return parseWrk(stdout, opts.seconds)
  } finally {
    if (script) fs.rmSync(script, { force: true })
  }
}

const luaString = (text: string) => `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, '\\n')}"`

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 }

/** wrk's report: "N requests in Ts", "Requests/sec", the latency distribution, non-2xx/3xx and socket errors. */
export function parseWrk(stdout: string, seconds: number): LoadResult {
  const total = Number(/(\d+) requests in ([\d.]+)(\w+)/.exec(stdout)?.[1] ?? NaN)
  const duration = /\d+ requests in ([\d.]+)(us|ms|s|m)/.exec(stdout)
  const elapsed = duration ? (Number(duration[1]) * UNIT_MS[duration[2]]) / 1000 : seconds
  const latency = (p: number) => {
    const m = new RegExp(`^\\s*${p}(?:\\.0+)?%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(stdout)
    return m ? Number(m[1]) * UNIT_MS[m[2]] : NaN
  }
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout)
  const errors = socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0)
  if (!Number.isFinite(total)) throw new Error(`wrk gave no figures:\n${stdout}`)
  return { requestsPerSecond: total / elapsed, p50: latency(50), p99: latency(99), total, errors, non2xx }
}

function run(command: string, args: string[]): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} failed (${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'not installed: apt-get install wrk' : error.message}): ${stderr}`))
      else resolve({ stdout })
    })
  })
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
