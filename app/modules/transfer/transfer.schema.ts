import { z } from 'zod'
import { locales } from '#app/i18n/config.ts'

// Import, export and open data (ADR 023): the payloads and answers, shared by the API,
// its OpenAPI document and the import screen (which never imports server code).

const IMPORT_FORMATS = ['csv', 'geojson', 'gpx', 'kml', 'kmz'] as const
export type ImportFormat = (typeof IMPORT_FORMATS)[number]
export const EXPORT_FORMATS = ['geojson', 'csv', 'gpx', 'kml'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** Largest file accepted, in bytes (10 MB), and most features (places and routes) in one file. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024
export const MAX_IMPORT_FEATURES = 10_000
/** Room for the multipart framing and the options around the largest file, in bytes. */
export const MULTIPART_FRAMING = 64 * 1024

/** What to do with a row that is already there (a place of the category under 20 m, or a route of the same name and ends). */
const duplicateActions = ['link', 'skip', 'create'] as const
export type DuplicateAction = (typeof duplicateActions)[number]

/** The CSV columns a file's headings can be mapped to (`name_fr`, `description_de`… per language). */
export const csvTargets = ['name', 'lat', 'lng', 'description', ...locales.flatMap((l) => [`name_${l}`, `description_${l}`])] as const
export type CsvTarget = (typeof csvTargets)[number]
export type CsvMapping = Partial<Record<CsvTarget, string | null>>

const heading = z.string().max(200).nullable()

/** The `options` field of an import (JSON text in the multipart body): column mapping and choices. */
export const importOptionsSchema = z.strictObject({
  /**
   * CSV: which heading holds which field; GeoJSON: which property of the features holds the name,
   * the description and their language versions (lat and lng are the geometry's). Left out, the
   * headings or the field's common keys are recognised; null: none.
   */
  mapping: z.strictObject(Object.fromEntries(csvTargets.map((t) => [t, heading.optional()])) as Record<CsvTarget, z.ZodOptional<typeof heading>>).optional(),
  /** For every row that is already there, unless `rows` names it (default: skip). */
  duplicates: z.enum(duplicateActions).optional(),
  /** Per row number: its own choice. */
  rows: z.record(z.string().regex(/^\d{1,6}$/), z.enum(duplicateActions)).optional(),
  /** Per row number: the name to give a row, instead of the file's or the proposed one. */
  names: z.record(z.string().regex(/^\d{1,6}$/), z.string().trim().min(1).max(120)).optional(),
})
export type ImportOptions = z.output<typeof importOptionsSchema>

export const importQuerySchema = z.object({
  dry_run: z.enum(['true', 'false', '1', '0']).optional(),
  locale: z.enum(locales).optional(),
})

const rowError = z.object({ row: z.number().int(), field: z.string(), message: z.string() })

/** `distance` null: a place without position, matched by its name among the category's without one. */
const existingPlace = z.object({ id: z.number().int(), name: z.string(), distance: z.number().nullable() })
const previewPlace = z.object({
  row: z.number().int(),
  name: z.string(),
  /** Null for a place the file says has no position (Trailguide's export of one): it is kept without. */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  description: z.string().nullable(),
  /** `existing`: a place of the category is under 20 m (the nearby rule). */
  status: z.enum(['new', 'existing']),
  existing: existingPlace.nullable(),
  /** What the commit does (or did) with the row. */
  action: z.enum(['create', 'link', 'skip']),
  /** The file gives no name: `name` is proposed (from its comment, symbol… or numbered), to be checked. */
  proposed: z.boolean(),
})
const previewRoute = z.object({
  row: z.number().int(),
  name: z.string(),
  /** The path, thinned for the preview map: [[lat, lng], …] per line. */
  path: z.array(z.array(z.tuple([z.number(), z.number()]))),
  stops: z.number().int(),
  distance: z.number().int(),
  duration: z.number().int(),
  status: z.enum(['new', 'existing']),
  existing: z.object({ uuid: z.string(), name: z.string() }).nullable(),
  action: z.enum(['create', 'skip']),
  /** Set once committed: the new draft route. */
  uuid: z.string().nullable(),
  /** The file gives no name: `name` is proposed (the file's title, its name, or numbered), to be checked. */
  proposed: z.boolean(),
  /** The path's positions in the file and those kept, when it was simplified (ADR 050). */
  simplified: z.object({ from: z.number().int(), to: z.number().int() }).nullable(),
})
export type PreviewPlace = z.output<typeof previewPlace>
export type PreviewRoute = z.output<typeof previewRoute>

export const importAnswerSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  dry_run: z.boolean(),
  /** CSV: the file's headings; GeoJSON: the features' property keys holding text (the first 200). With the mapping used. */
  columns: z.object({ headings: z.array(z.string()), mapping: z.record(z.string(), z.string().nullable()) }).nullable(),
  places: z.array(previewPlace),
  routes: z.array(previewRoute),
  errors: z.array(rowError),
  summary: z.object({
    rows: z.number().int(),
    places_created: z.number().int(),
    places_linked: z.number().int(),
    places_skipped: z.number().int(),
    routes_created: z.number().int(),
    routes_skipped: z.number().int(),
    errors: z.number().int(),
  }),
})
export type ImportAnswer = z.output<typeof importAnswerSchema>

export const exportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS),
  locale: z.enum(locales).optional(),
})
