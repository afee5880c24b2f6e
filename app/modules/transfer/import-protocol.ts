import type { ImportRefused } from './formats/refusal.ts'
import type { ParsedImport } from './parse.ts'
import type { PlaceWrite, PlanInput, PlanSummary, PreviewRouteRow, RouteWrite } from './plan.ts'
import type { SourcePlace, SourceRoute } from './source.ts'
import type { CsvMapping } from './transfer.schema.ts'

// What the server and an import's worker thread (import.worker.ts) say to each other (ADR 050, 051).

/** A file already out of its upload (tests, the bench), or the upload's multipart body as received. */
export type ParseJob = (
  | {
      bytes: Uint8Array
      mapping?: CsvMapping
      /** The uploaded file's name: a name to propose for an unnamed track. */
      fileName?: string
    }
  /** The body in the pieces it arrived in (handed over, not copied, when they own their memory). */
  | { form: Uint8Array[]; contentType: string }
) & {
  /** A preview: descriptions are cut to what the preview shows (PREVIEW_DESCRIPTION). */
  preview?: boolean
  /**
   * Compare with the category in the worker (ADR 054): the answer's rows come back as JSON text
   * and, for a commit, the rows to write in compact form, not the file's rows. An upload's
   * options are its form's.
   */
  plan?: Omit<PlanInput, 'options' | 'places' | 'routes'> & { options?: PlanInput['options'] }
}

/**
 * The category as it is once the file is read (the worker asks with `{ category: true }`): read
 * then, not before the file, so an import that commits meanwhile (the one before in the queue)
 * is seen, as it was when the comparison ran on the main thread.
 */
export type CategoryNow = Pick<PlanInput, 'places' | 'routes'>

/** Why a multipart body cannot be read as an import's form. */
export type FormProblem = 'required' | 'not_a_file' | 'too_large' | 'unreadable' | 'options_json'

/** The parts of the file, then one last message. */
export type ParseMessage =
  | { places: SourcePlace[] }
  /** One route, its path packed as [lat, lng, height or NaN] triples, handed over rather than copied. */
  | { route: Omit<SourceRoute, 'lines'>; lines: Float64Array[] }
  | { ok: Omit<ParsedImport, 'places' | 'routes'>; form?: { fileName: string; options: unknown } }
  /** A planned import's part: the preview's places as JSON text (the array's items, UTF-8, handed over), and for a commit what to write. */
  | { planPlaces: Uint8Array; writes: PlaceWrite[]; links: [row: number, id: number][] }
  | { planRoute: PreviewRouteRow; write: RouteWrite | null }
  /** A planned import's row errors, translated, as JSON text (the array's items). */
  | { planErrors: Uint8Array }
  /** The file is read: the worker needs the category as it is now (answered with `{ category: CategoryNow }`). */
  | { category: true }
  | { planned: Omit<ParsedImport, 'places' | 'routes' | 'problems'> & { summary: PlanSummary }; form?: { fileName: string; options: unknown } }
  /** The form's options do not pass their schema: nothing was read, the caller answers the 422. */
  | { optionsInvalid: unknown }
  | { formProblem: FormProblem }
  | { refused: { status: ImportRefused['status']; key: string; values?: Record<string, string | number> } }
  | { failed: string }

/** Rows per message: each is taken in on the event loop in a short turn. */
export const ROWS_PER_MESSAGE = 250
/** Characters of a description the preview shows. */
export const PREVIEW_DESCRIPTION = 200

/** A description as the import's answer shows it: its first PREVIEW_DESCRIPTION characters. */
export const previewText = (text: string | null) => (text !== null && text.length > PREVIEW_DESCRIPTION ? `${text.slice(0, PREVIEW_DESCRIPTION - 1)}…` : text)

/**
 * The next part is sent once the caller has taken the last one in (it answers NEXT from a later
 * turn of its loop): a port delivers the messages waiting on it in one go, which would put the
 * whole file back into one turn.
 */
export const NEXT = 'next'

type Point = SourceRoute['lines'][number][number]

/** A path as [lat, lng, height or NaN] triples: one buffer, moved between threads without a copy. */
export function packLine(line: Point[]): Float64Array {
  const packed = new Float64Array(line.length * 3)
  line.forEach((p, i) => {
    packed[i * 3] = p.lat
    packed[i * 3 + 1] = p.lng
    packed[i * 3 + 2] = p.ele ?? Number.NaN
  })
  return packed
}

export function unpackLine(packed: Float64Array): Point[] {
  const line: Point[] = []
  for (let i = 0; i < packed.length; i += 3) {
    const ele = packed[i + 2]
    line.push(Number.isNaN(ele) ? { lat: packed[i], lng: packed[i + 1] } : { lat: packed[i], lng: packed[i + 1], ele })
  }
  return line
}
