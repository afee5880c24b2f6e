import { z } from 'zod'

// Visitor reports: what a visitor sends from /m or a /q page, and what managers read.
// One schema per payload, shared by the API, the page form (/report) and the manager screen.

export const REPORT_KINDS = ['plaque_damaged', 'path_blocked', 'information_wrong', 'other'] as const
export type ReportKind = (typeof REPORT_KINDS)[number]
const REPORT_STATUSES = ['open', 'resolved'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]

/** A short message: a report, not a letter (the mail lists many of them). */
export const REPORT_MESSAGE_MAX = 1000
export const REPORTS_PER_PAGE = 25

/** Whole number from a form field (multipart sends text), or the value as given for zod to judge. */
const formId = (value: unknown) => (typeof value === 'string' && /^\d{1,10}$/.test(value.trim()) ? Number(value.trim()) : value === '' ? undefined : value)
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

/**
 * A visitor's report. It names where: a plaque (`qr_code`, which gives the category and its
 * place), or a place of the route (`place_id` with `route`), or the route alone. Which record
 * each names, and that they agree, the service checks (each failure on its own field).
 */
export const submitReportSchema = z
  .strictObject({
    kind: z.enum(REPORT_KINDS),
    message: z.string().max(REPORT_MESSAGE_MAX).optional(),
    qr_code: z.preprocess(blankToUndefined, z.string().trim().min(1).max(64).optional()),
    place_id: z.preprocess(formId, z.number().int().positive().max(2_147_483_647).optional()),
    route: z.preprocess(blankToUndefined, z.string().trim().min(1).max(64).optional()).describe('The route’s uuid'),
  })

// The request's documents, written out: the zod schema above is applied by the service, after
// the rate limit is counted (a validator on the route would answer first, and read a multipart
// body as an empty JSON one).
const documentedFields = {
  kind: { type: 'string' as const, enum: [...REPORT_KINDS] },
  message: { type: 'string' as const, maxLength: REPORT_MESSAGE_MAX, description: 'Required for `other`' },
  qr_code: { type: 'string' as const, maxLength: 64, description: 'A plaque’s code (any case)' },
  route: { type: 'string' as const, maxLength: 64, description: 'The route’s uuid' },
}
export const submitReportJson = {
  type: 'object' as const,
  properties: { ...documentedFields, place_id: { type: 'integer' as const, minimum: 1, description: 'A place of the route’s category (with `route`)' } },
  required: ['kind'],
  additionalProperties: false,
}
export const submitReportMultipart = {
  type: 'object' as const,
  properties: {
    ...documentedFields,
    place_id: { type: 'string' as const, pattern: '^[0-9]+$' },
    photo: { type: 'string' as const, format: 'binary', description: 'JPEG, PNG, WebP, GIF or AVIF up to 8 MB; re-encoded as WebP, metadata removed' },
  },
  required: ['kind'],
}

export const reportSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(REPORT_KINDS),
    message: z.string(),
    status: z.enum(REPORT_STATUSES),
    locale: z.string().describe('The language the visitor wrote in (the page’s)'),
    created_at: z.string(),
    resolved_at: z.string().nullable(),
    photo: z.string().nullable().describe('URL of the re-encoded photo'),
    place: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    qr_code: z.object({ code: z.string(), name: z.string().nullable() }).nullable(),
    route: z.object({ uuid: z.string(), slug: z.string(), name: z.string() }).nullable(),
  })
export type ReportView = z.infer<typeof reportSchema>

export const reportListSchema = z.object({
  data: z.array(reportSchema),
  meta: z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int().describe('Reports of this status'),
    open: z.number().int().describe('Open reports of the category (the badge)'),
  }),
})

export const reportListQuery = z.object({
  status: z.enum(REPORT_STATUSES).optional().describe('open (default) or resolved'),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
})

export const reportStatusSchema = z.strictObject({ status: z.enum(REPORT_STATUSES) })

/** What a report page names: the route (for its map page), the place, the plaque. */
export interface ReportSubject {
  route: { uuid: string; slug: string; categorySlug: string; name: string } | null
  place: { id: number; name: string } | null
  qrCode: string | null
}
