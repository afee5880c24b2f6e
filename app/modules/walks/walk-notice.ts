import { z } from 'zod'
import { locales } from '#app/i18n/config.ts'
import { contentLocaleSchema } from '#app/i18n/content-locale-schema.ts'
import type { RouteNotice } from './walk-responses.schema.ts'

// Route notices (ADR 026): what a manager may set, what the API answers, and when a
// notice is active. No I/O and no server code: the landing editor checks its form with the same
// schema, and the visitor pages' loaders read `active` from the views.

export const noticeLevels = ['information', 'warning', 'closed'] as const
export type NoticeLevel = (typeof noticeLevels)[number]
export const NOTICE_TEXT_MAX = 500

/** A calendar day, 'YYYY-MM-DD', that exists (no 2026-02-30). */
const noticeDaySchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'notices.errors.day' })
  .refine((v) => isCalendarDay(v), { error: 'notices.errors.day' })

function isCalendarDay(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`)
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value
}

/** Blank or absent: no date (the notice starts now, or never ends). */
const optionalDay = z.preprocess((v) => (v === '' ? null : v), noticeDaySchema.nullable().optional())
const noticeTextInput = z
  .string()
  .trim()
  .max(NOTICE_TEXT_MAX)
  .nullable()
  .transform((v) => (v ? v : null))

/**
 * The notice of PUT /routes/update: the whole notice (texts not sent are none), or null to remove
 * it. An information or warning needs a text in some language; "closed" says itself.
 */
export const noticeInputSchema = z
  .strictObject({
    level: z.enum(noticeLevels),
    starts_on: optionalDay,
    ends_on: optionalDay,
    texts: z.record(contentLocaleSchema, noticeTextInput).optional(),
    // Read-only: what the API answers besides (a client sends the route back as it got it).
    text: z.string().nullable().optional().describe('Read-only: accepted and ignored'),
    active: z.boolean().optional().describe('Read-only: accepted and ignored'),
  })
  .superRefine((notice, ctx) => {
    if (notice.starts_on && notice.ends_on && notice.ends_on < notice.starts_on) {
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'notices.errors.ends_before_start' })
    }
    const written = Object.values(notice.texts ?? {}).some((t) => t)
    if (notice.level !== 'closed' && !written) ctx.addIssue({ code: 'custom', path: ['texts'], message: 'notices.errors.text_required' })
  })
export type NoticeInput = z.output<typeof noticeInputSchema>

/** Today within [starts_on, ends_on], both inclusive; no date is no bound. Days compare as text. */
export function isNoticeActive(notice: { starts_on: string | null; ends_on: string | null }, today: string): boolean {
  return (!notice.starts_on || notice.starts_on <= today) && (!notice.ends_on || today <= notice.ends_on)
}

/** The notice's text in the wanted language, else the fallback, else the first language that has one (as route texts). */
export function noticeText(texts: Partial<Record<string, string>>, wanted: string | null, fallback: string): string | null {
  for (const locale of [wanted, fallback, ...locales, ...Object.keys(texts)]) {
    const text = locale ? texts[locale]?.trim() : undefined
    if (text) return text
  }
  return null
}

/** The active notice of a route view, or null (what the visitor pages show). */
export const activeNotice = <N extends RouteNotice>(notice: N | null | undefined): N | null => (notice?.active ? notice : null)

/** A notice with dates changes what a page shows on some day without any write. */
export const isDated = (notice: { starts_on: string | null; ends_on: string | null } | null | undefined): boolean =>
  Boolean(notice && (notice.starts_on || notice.ends_on))
