import { parentPort } from 'node:worker_threads'
import { ImportRefused } from './formats/refusal.ts'
import { NEXT, packLine, previewText, ROWS_PER_MESSAGE, type CategoryNow, type FormProblem, type ParseJob, type ParseMessage } from './import-protocol.ts'
import { parseImport } from './parse.ts'
import { planImport } from './plan.ts'
import { importOptionsSchema, MAX_IMPORT_BYTES, type CsvMapping, type ImportOptions } from './transfer.schema.ts'

// The worker thread an import's file is read in (ADR 050): its own heap (resourceLimits), so a
// file that needs too much memory ends this thread, never the server. Built as
// build/server/import-worker.js (vite.config.ts); run from the sources under tsx.
// The whole upload is read here, its multipart framing too, and the rows go back in small
// messages: nothing of the file is parsed or copied in one piece on the event loop (ADR 051).

class FormRefused extends Error {
  constructor(readonly problem: FormProblem) {
    super(problem)
  }
}

/** The file, its name and the options of an import's multipart body (its pieces joined here, off the event loop). */
async function readForm(pieces: Uint8Array[], contentType: string) {
  let form: FormData
  try {
    form = await new Response(new Blob(pieces as Uint8Array<ArrayBuffer>[]), { headers: { 'Content-Type': contentType } }).formData()
  } catch {
    throw new FormRefused('unreadable')
  }
  const file = form.get('file')
  if (file === null) throw new FormRefused('required')
  if (typeof file === 'string') throw new FormRefused('not_a_file')
  if (file.size > MAX_IMPORT_BYTES) throw new FormRefused('too_large')
  const raw = form.get('options')
  let options: unknown = {}
  if (typeof raw === 'string' && raw.trim() !== '') {
    try {
      options = JSON.parse(raw)
    } catch {
      throw new FormRefused('options_json')
    }
  }
  return { bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name.slice(0, 200), options }
}

async function run(job: ParseJob, send: (message: ParseMessage, transfer?: ArrayBuffer[]) => void, sent: () => Promise<void>, category: () => Promise<CategoryNow>) {
  let bytes: Uint8Array
  let mapping: CsvMapping | undefined
  let fileName: string | undefined
  let form: { fileName: string; options: unknown } | undefined
  let options: ImportOptions = job.plan?.options ?? {}
  if ('form' in job) {
    const read = await readForm(job.form, job.contentType)
    const checked = importOptionsSchema.safeParse(read.options)
    if (!checked.success) return send({ optionsInvalid: read.options })
    ;({ bytes, fileName } = read)
    options = checked.data
    mapping = options.mapping
    form = { fileName: read.fileName, options: read.options }
  } else {
    ;({ bytes, mapping, fileName } = job)
  }
  const parsed = parseImport(bytes, mapping, fileName)
  if (job.plan) {
    // Compared with the category here (ADR 054): the main thread gets the answer's rows as text
    // and the rows to write, never the file's rows.
    const encoder = new TextEncoder()
    // The array's items, without its brackets: the answer joins the parts with commas.
    const text = (rows: unknown[]) => encoder.encode(JSON.stringify(rows).slice(1, -1))
    const summary = await planImport(parsed, { ...job.plan, ...(await category()), options }, {
      async places(preview, writes, links) {
        const bytes = text(preview)
        send({ planPlaces: bytes, writes, links }, [bytes.buffer as ArrayBuffer])
        await sent()
      },
      async route(preview, write) {
        send({ planRoute: preview, write })
        await sent()
      },
      async errors(errors) {
        const bytes = text(errors)
        send({ planErrors: bytes }, [bytes.buffer as ArrayBuffer])
        await sent()
      },
    })
    return send({ planned: { format: parsed.format, columns: parsed.columns, summary }, form })
  }
  const { places, routes, ...rest } = parsed
  for (let i = 0; i < places.length; i += ROWS_PER_MESSAGE) {
    const part = places.slice(i, i + ROWS_PER_MESSAGE)
    send({ places: job.preview ? part.map((p) => ({ ...p, description: previewText(p.description) })) : part })
    await sent()
  }
  // A route may carry 10,000 positions: one a message, its path packed and handed over (ADR 051).
  for (const { lines, ...route } of routes) {
    const packed = lines.map(packLine)
    send({ route, lines: packed }, packed.map((line) => line.buffer as ArrayBuffer))
    await sent()
  }
  send({ ok: rest, form })
}

let taken: (() => void) | null = null
let told: ((category: CategoryNow) => void) | null = null

parentPort!.on('message', (job: ParseJob | typeof NEXT | { category: CategoryNow }) => {
  if (job === NEXT) {
    const resume = taken
    taken = null
    resume?.()
    return
  }
  if ('category' in job) {
    const resume = told
    told = null
    resume?.(job.category)
    return
  }
  const send = (message: ParseMessage, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer)
  const sent = () => new Promise<void>((resolve) => (taken = resolve))
  const category = () =>
    new Promise<CategoryNow>((resolve) => {
      told = resolve
      send({ category: true })
    })
  run(job, send, sent, category).catch((error: unknown) => {
    send(
      error instanceof FormRefused
        ? { formProblem: error.problem }
        : error instanceof ImportRefused
          ? { refused: { status: error.status, key: error.detail.key, values: error.detail.values as Record<string, string | number> | undefined } }
          : { failed: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
    )
  })
})
