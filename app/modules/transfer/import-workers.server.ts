import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { AppError } from '#app/utils/errors.ts'
import { parseOrThrow } from '#app/utils/validation.ts'
import { WorkSlots } from '#app/utils/work-slots.server.ts'
import { ImportRefused } from './formats/refusal.ts'
import { NEXT, unpackLine, type CategoryNow, type FormProblem, type ParseJob, type ParseMessage } from './import-protocol.ts'
import type { ParsedImport } from './parse.ts'
import type { PlaceWrite, PlanSummary, PreviewRouteRow, RouteWrite } from './plan.ts'
import type { SourcePlace, SourceRoute } from './source.ts'
import { importOptionsSchema, MAX_IMPORT_BYTES } from './transfer.schema.ts'

// Files are read off the event loop (ADR 050): in worker threads with their own heap limit, at
// most IMPORT_CONCURRENCY at a time per process (the others wait briefly, then 503 with
// Retry-After). A worker that runs out of memory or fails ends alone: the caller gets a
// translated error and the server goes on. An idle worker is kept 10 s for the next import (a
// preview's commit usually follows later than that; a worker after a file at the limits holds
// tens of MB, given back when it ends).

export interface ImportWorkersOptions {
  concurrency: number
  /** The heap a worker may use, in MiB (its old generation). */
  heapMb: number
  /** Longest a file may take to read, in ms. */
  timeoutMs?: number
  /** Imports waiting for a worker before new ones are refused (503). */
  maxWaiting?: number
}

const IDLE_MS = 10_000

/**
 * Idle workers, by heap size. Threads are the process's: every ImportWorkers of the process
 * (one in production, one per test in the suite) takes from and gives back to the same few, so
 * a worker is started once and not per services instance.
 */
const idleWorkers = new Map<number, Worker[]>()
let idleTimer: NodeJS.Timeout | null = null

function endIdleWorkers() {
  if (idleTimer) clearTimeout(idleTimer)
  idleTimer = null
  const all = [...idleWorkers.values()].flat()
  idleWorkers.clear()
  return Promise.all(all.map((w) => w.terminate()))
}

/**
 * How to start the worker: the built file beside the server bundle (build/server/import-worker.js,
 * vite.config.ts), else the TypeScript source through tsx (dev and tests), registered inside the
 * worker since Node 20 does not pass the parent's loader on.
 */
function workerSource(): { source: string | URL; eval: boolean } {
  const here = path.dirname(fileURLToPath(import.meta.url))
  for (const candidate of [path.join(here, 'import-worker.js'), path.join(here, '..', 'import-worker.js')]) {
    if (fs.existsSync(candidate)) return { source: pathToFileURL(candidate), eval: false }
  }
  const entry = pathToFileURL(path.join(here, 'import.worker.ts')).href
  // tsx's ESM entry ("import" condition of tsx/esm/api), as its package.json names it.
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json')
  const exported = (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports['./esm/api'].import.default
  const tsx = pathToFileURL(path.join(path.dirname(manifest), exported)).href
  return { source: `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}) })`, eval: true }
}

const failed = () => new AppError(422, { key: 'import.errors.read_failed' }, { file: [{ key: 'import.errors.read_failed' }] })

/** The answer to a multipart body the worker could not take as an import's form. */
function formRefusal(problem: FormProblem): AppError {
  const required = { key: 'validation.required', values: { attribute: 'file' } }
  switch (problem) {
    case 'required':
      return new AppError(422, required, { file: [required] })
    case 'not_a_file':
      return new ImportRefused(422, 'wrong_content')
    case 'too_large':
      return new ImportRefused(413, 'too_large', { max: MAX_IMPORT_BYTES / 1024 / 1024 })
    case 'options_json':
      return new AppError(422, { key: 'import.errors.options_invalid' }, { options: [{ key: 'import.errors.options_invalid' }] })
    case 'unreadable':
      return new AppError(400, { key: 'errors.bad_request' })
  }
}

/** What a worker read: the rows, and for an upload its file's name and options. */
export type WorkerResult = ParsedImport & { form?: { fileName: string; options: unknown } }

/**
 * What a worker planned (ADR 054): the answer's places and errors as JSON text (parts of the
 * arrays' items), its routes, and for a commit the rows to write, compact.
 */
export interface PlannedImport {
  format: ParsedImport['format']
  columns: ParsedImport['columns']
  summary: PlanSummary
  form?: { fileName: string; options: unknown }
  places: Uint8Array[]
  errors: Uint8Array[]
  routes: { preview: PreviewRouteRow; write: RouteWrite | null }[]
  writes: PlaceWrite[][]
  links: [row: number, id: number][]
}

export class ImportWorkers {
  private readonly slots: WorkSlots
  private source: ReturnType<typeof workerSource> | null = null

  constructor(private readonly options: ImportWorkersOptions) {
    this.slots = new WorkSlots({ concurrency: options.concurrency, maxWaiting: options.maxWaiting ?? 4 })
  }

  /** Reads the file (or the whole upload) in a worker: the checked rows, or the file's refusal. */
  parse(job: ParseJob & { plan?: undefined }): Promise<WorkerResult> {
    return this.slots.run(async () => {
      const worker = this.idle.pop() ?? this.spawn()
      return (await this.ask(worker, job)) as WorkerResult
    })
  }

  /**
   * Reads the file (or the whole upload) and compares it with the category in a worker (ADR 054):
   * `category` is read once the file is, and handed to the worker.
   */
  plan(job: ParseJob & { plan: NonNullable<ParseJob['plan']> }, category: () => Promise<CategoryNow>): Promise<PlannedImport> {
    return this.slots.run(async () => {
      const worker = this.idle.pop() ?? this.spawn()
      return (await this.ask(worker, job, category)) as PlannedImport
    })
  }

  get load() {
    return this.slots.load
  }

  /** Ends every idle worker of the process (tests, shutdown). */
  async close() {
    await endIdleWorkers()
  }

  private get idle(): Worker[] {
    let list = idleWorkers.get(this.options.heapMb)
    if (!list) idleWorkers.set(this.options.heapMb, (list = []))
    return list
  }

  private spawn(): Worker {
    this.source ??= workerSource()
    const worker = new Worker(this.source.source, {
      eval: this.source.eval,
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb, maxYoungGenerationSizeMb: 16 },
      stdout: false,
      stderr: false,
    })
    worker.unref()
    // An idle worker that dies is dropped; its error must not reach the process as unhandled.
    worker.on('error', () => {})
    worker.on('exit', () => {
      const idle = this.idle
      const at = idle.indexOf(worker)
      if (at >= 0) idle.splice(at, 1)
    })
    return worker
  }

  private ask(worker: Worker, job: ParseJob, category?: () => Promise<CategoryNow>): Promise<WorkerResult | PlannedImport> {
    return new Promise<WorkerResult | PlannedImport>((resolve, reject) => {
      const timer = setTimeout(() => end(new AppError(503, { key: 'import.errors.read_timeout' }, undefined, { 'Retry-After': '30' })), this.options.timeoutMs ?? 60_000)
      const places: SourcePlace[] = []
      const routes: SourceRoute[] = []
      const planned: Pick<PlannedImport, 'places' | 'errors' | 'routes' | 'writes' | 'links'> = { places: [], errors: [], routes: [], writes: [], links: [] }
      const onMessage = (message: ParseMessage) => {
        if ('category' in message) {
          if (!category) return end(failed())
          category().then(
            (now) => worker.postMessage({ category: now }),
            (error: unknown) => {
              cleanup()
              void worker.terminate()
              reject(error as Error)
            },
          )
          return
        }
        // Rows come in parts, each asked for from a later turn of the loop (ADR 051).
        if ('places' in message || 'route' in message || 'planPlaces' in message || 'planRoute' in message || 'planErrors' in message) {
          if ('places' in message) for (const place of message.places) places.push(place)
          else if ('route' in message) routes.push({ ...message.route, lines: message.lines.map(unpackLine) })
          else if ('planPlaces' in message) {
            planned.places.push(message.planPlaces)
            if (message.writes.length > 0) planned.writes.push(message.writes)
            for (const link of message.links) planned.links.push(link)
          } else if ('planRoute' in message) planned.routes.push({ preview: message.planRoute, write: message.write })
          else planned.errors.push(message.planErrors)
          setImmediate(() => worker.postMessage(NEXT))
          return
        }
        cleanup()
        this.keep(worker)
        if ('ok' in message) resolve({ ...message.ok, places, routes, form: message.form })
        else if ('planned' in message) resolve({ ...message.planned, ...planned, form: message.form })
        else if ('refused' in message) reject(new ImportRefused(message.refused.status as 413 | 415 | 422, message.refused.key.replace(/^import\.errors\./, ''), message.refused.values))
        else if ('formProblem' in message) reject(formRefusal(message.formProblem))
        else if ('optionsInvalid' in message) {
          try {
            parseOrThrow(importOptionsSchema, message.optionsInvalid)
            reject(failed())
          } catch (error) {
            reject(error as Error)
          }
        } else {
          if (process.env.IMPORT_DEBUG) console.error(message.failed)
          reject(failed())
        }
      }
      // Out of memory (ERR_WORKER_OUT_OF_MEMORY), a crash, an exit: this worker is done.
      const end = (error: AppError) => {
        cleanup()
        void worker.terminate()
        reject(error)
      }
      const onError = (error: unknown) => {
        if (process.env.IMPORT_DEBUG) console.error(error)
        end(failed())
      }
      const onExit = () => end(failed())
      const cleanup = () => {
        clearTimeout(timer)
        worker.off('message', onMessage)
        worker.off('error', onError)
        worker.off('exit', onExit)
      }
      worker.on('message', onMessage)
      worker.on('error', onError)
      worker.on('exit', onExit)
      // The bytes are handed over, not copied, when they own their buffer (a piece of a pooled
      // buffer is copied: handing over the pool would take the other pieces with it).
      const parts = 'form' in job ? job.form : [job.bytes]
      const transfer = [...new Set(parts.filter((b) => b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && b.buffer instanceof ArrayBuffer).map((b) => b.buffer as ArrayBuffer))]
      worker.postMessage(job, transfer)
    })
  }

  private keep(worker: Worker) {
    this.idle.push(worker)
    if (idleTimer) clearTimeout(idleTimer)
    idleTimer = setTimeout(() => void endIdleWorkers(), IDLE_MS)
    idleTimer.unref()
  }
}
