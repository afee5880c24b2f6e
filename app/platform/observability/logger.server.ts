import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks'
import fs from 'node:fs'
import { pino, type DestinationStream } from 'pino'
import { isoNow } from '#app/utils/iso-now.ts'
import { maskTokens } from './token-paths.ts'

// Structured logs: one JSON object a line on stdout, for any log collector. Every
// line written while a request is being answered carries its request id. Nothing secret or
// personal reaches a line: fields named like secrets are replaced, and every string (the
// message included) has its e-mail addresses, bearer tokens, secret query values and token
// path segments masked. See docs/operations.md, "Logs", and ADR 009.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

export interface LoggerOptions {
  /** Where lines go (tests capture them); default: stdout. */
  destination?: DestinationStream
}

// One per process: the server, the API and React Router's build are one module graph (ADR 036).
const requestContext = new AsyncLocalStorage<{ requestId: string }>()

/** Runs `fn` as part of the request `requestId`: every log line and error report inside carries it. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  const release = holdRequestContext()
  let result: T
  try {
    result = requestContext.run({ requestId }, fn)
  } catch (error) {
    release()
    throw error
  }
  if (result instanceof Promise) result.then(release, release)
  else release()
  return result
}

/**
 * On Node 20, a request context once entered makes every asynchronous resource of the process
 * (each promise, each socket's callback) run its hooks, for good: ~10 % of a lean-path answer
 * under load (issue 28, ADR 048). So it is switched off again once no request has been in it
 * for `CONTEXT_IDLE_MS`, and on again by the next request that enters one. A request holds it
 * from entering until its answer's last byte (`holdRequestContext`): lines logged while a page
 * streams keep their id. Work a request leaves behind for longer (none today logs) would write
 * its lines without one.
 */
const CONTEXT_IDLE_MS = 1000
let holders = 0
let idleTimer: ReturnType<typeof setTimeout> | undefined
// The real one, captured before any test fakes timers (as nextTurn below).
const realSetTimeout = globalThis.setTimeout

/**
 * Whether this Node's `AsyncLocalStorage` runs on asynchronous hooks that `disable()` switches
 * off for the whole process (Node 20). Node 24's runs on `AsyncContextFrame`, without hooks:
 * there `disable()` only forgets the store in the current context, and there is nothing to
 * switch off. Asked of Node itself: a context bound before `disable()` still sees its store
 * only where no hook was switched off.
 */
export const requestContextHasHooks = (() => {
  const probe = new AsyncLocalStorage<number>()
  const bound = probe.run(1, () => AsyncResource.bind(() => probe.getStore()))
  probe.disable()
  return bound() === undefined
})()

/** Keeps the request context switched on until the returned function is called (once). */
export function holdRequestContext(): () => void {
  if (!requestContextHasHooks) return () => {}
  holders++
  let released = false
  return () => {
    if (released) return
    released = true
    if (--holders > 0 || idleTimer) return
    idleTimer = realSetTimeout(() => {
      idleTimer = undefined
      if (holders === 0) requestContext.disable()
    }, CONTEXT_IDLE_MS)
    idleTimer.unref()
  }
}

/** The id of the request being answered, if any. */
export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId
}

// stdout through pino's asynchronous destination, shared by every logger of the process: a
// line is queued and written in batches off the request's path (stdout to a file or a pipe is
// a blocking write in Node, one system call per line under load); what is queued is flushed
// when the process exits (docs/performance.md, ADR 033). The lines of one turn of the event loop
// reach it as one write (linesOfATurn, ADR 047).
let stdout: DestinationStream | undefined
const asyncStdout = () => (stdout ??= onExit(linesOfATurn(pino.destination({ dest: 1, sync: false }), (lines) => writeAllSync(1, lines))))

/** Lines handed over at once from this length: well under sonic-boom's 16 KB write. */
const HAND_OVER_CHARS = 4096

// The real one, captured before any test fakes timers: a line must not wait for a fake clock.
const nextTurn = globalThis.setImmediate

/**
 * A destination that hands `target` the lines written during one turn of the event loop as one
 * string, in their order. Why: sonic-boom measures its whole pending buffer again on every write
 * (`Buffer.byteLength`), so under load a line cost ~4 µs more one at a time than in a turn's
 * batch (issue 28, ADR 047). `flushSync` (at exit) writes what `target` holds, then the lines
 * not yet handed over, with `writeNow`: handed to sonic-boom then, they would start an
 * asynchronous write that the exiting process does not wait for.
 */
export function linesOfATurn(target: DestinationStream & { flushSync?: () => void }, writeNow: (lines: string) => void): DestinationStream & { flushSync(): void } {
  let pending = ''
  let scheduled = false
  const handOver = () => {
    scheduled = false
    if (pending === '') return
    const lines = pending
    pending = ''
    target.write(lines)
  }
  return {
    write(line: string) {
      pending += line
      // A burst goes on in pieces: sonic-boom writes what it is given as one piece, and the piece
      // being written when the process exits is not written again (a large one would be cut).
      if (pending.length >= HAND_OVER_CHARS) return handOver()
      if (!scheduled) {
        scheduled = true
        nextTurn(handOver)
      }
    },
    flushSync() {
      target.flushSync?.()
      const lines = pending
      pending = ''
      if (lines !== '') writeNow(lines)
    },
  }
}

/** The destination, flushed when the process exits (a write that cannot be made is given up). */
function onExit<T extends { flushSync(): void }>(destination: T): T {
  process.on('exit', () => {
    try {
      destination.flushSync()
    } catch {
      // Already closed, or not yet open: nothing more can be written.
    }
  })
  return destination
}

/** `text` written whole to `fd` now, waiting out a full pipe (EAGAIN) for up to a second. */
function writeAllSync(fd: number, text: string) {
  let bytes = Buffer.from(text)
  for (let waits = 0; bytes.length > 0; ) {
    try {
      bytes = bytes.subarray(fs.writeSync(fd, bytes))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || ++waits > 1_000) throw error
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1)
    }
  }
}

/** The line of one answered request (server/fast-path.ts and the framework's requestLogging). */
export interface RequestLine {
  method: string
  /** The path without its query, token segments masked (scrubText or loggablePath). */
  path: string
  status: number
  duration_ms: number
}

// The request lines of the loggers made here, written without pino's general path (below).
const requestWriters = new WeakMap<Logger, (line: RequestLine, requestId: string | undefined) => void>()

/**
 * Logs one answered request: `info` (`error` from 500 on) with the message "request". Every
 * request writes one, so a logger made by `createLogger` writes it itself, the same line as
 * pino's for these four fields (tested), at about a third of the cost: pino's way (the mixin,
 * the fields scrubbed again, its serializer) took ~8.5 µs a line, a sixth of a health check's answer.
 * `requestId`: the request's id, given by a caller outside its context (the lean path, which
 * does not enter one only to write this line); by default the context's.
 */
export function logRequest(logger: Logger, line: RequestLine, requestId = currentRequestId()): void {
  const write = requestWriters.get(logger)
  if (write) return write(line, requestId)
  const general = () => (line.status >= 500 ? logger.error('request', { ...line }) : logger.info('request', { ...line }))
  if (requestId === undefined || requestId === currentRequestId()) general()
  else withRequestId(requestId, general)
}

export function createLogger(level: LogLevel = 'info', options: LoggerOptions = {}): Logger {
  const destination = options.destination ?? asyncStdout()
  const base = pino(
    {
      level,
      base: undefined, // no pid/hostname on every line: the collector knows them
      timestamp: () => `,"time":"${isoNow()}"`,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const requestId = currentRequestId()
        return requestId ? { request_id: requestId } : {}
      },
    },
    destination,
  )
  const write = (at: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: Record<string, unknown>) => {
    if (!base.isLevelEnabled(at)) return
    base[at](fields ? (scrub(fields) as Record<string, unknown>) : {}, scrubText(msg))
  }
  const logger: Logger = { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') }
  requestWriters.set(logger, (line, requestId) => {
    const at = line.status >= 500 ? 'error' : 'info'
    if (!base.isLevelEnabled(at)) return
    destination.write(
      `{"level":"${at}","time":"${isoNow()}"${requestId ? `,"request_id":${JSON.stringify(requestId)}` : ''},"method":${JSON.stringify(line.method)},"path":${JSON.stringify(line.path)},"status":${JSON.stringify(line.status)},"duration_ms":${JSON.stringify(line.duration_ms)},"msg":"request"}\n`,
    )
  })
  return logger
}

/** Field names whose values are never logged, whatever they hold. */
const SECRET_KEY = /pass(word|wd)?|token|secret|authori[sz]ation|cookie|api[-_]?key|e-?mail|dsn|^to$/i

const URL_CREDENTIALS = /(\/\/)[^/\s:@]+:[^/\s@]+@/g
const EMAIL = /[\w.+-]+(@|%40)[\w-]+(\.[\w-]+)+/gi
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi

/** A string with e-mail addresses, credentials and token-bearing URL parts masked. */
export function scrubText(text: string): string {
  const masked = text
    .replace(URL_CREDENTIALS, '$1[redacted]@')
    .replace(EMAIL, '[email]')
    .replace(BEARER, '$1 [redacted]')
  return maskTokens(masked)
}

/** A copy of a log field value with secrets replaced (see SECRET_KEY and scrubText). */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value)
  if (value === null || typeof value !== 'object') return value
  if (depth > 5) return '[deep]'
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1))
  const source = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : (value as Record<string, unknown>)
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(source)) copy[key] = SECRET_KEY.test(key) ? '[redacted]' : scrub(item, depth + 1)
  return copy
}

/** The path of a URL for a log line: no query string (tokens travel there), token segments masked. */
export function loggablePath(url: string): string {
  return scrubText(new URL(url).pathname)
}
