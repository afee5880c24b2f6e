import { noticeInputSchema, type NoticeLevel } from '#app/modules/walks/walk-notice.ts'
import type { RouteNotice } from '#app/modules/walks/walk-responses.schema.ts'
import type { UpdateWalkBody } from '#app/modules/walks/walks.schema.ts'
import type { FieldErrors } from '#app/utils/errors.ts'
import { issuesToFieldErrors } from '#app/utils/validation.ts'

// The landing editor's notice form: its state, what PUT /routes/update is sent for it,
// and the API's own rules checked before sending. Pure, unit-tested.

export interface NoticeDraft {
  /** Off: the route has no notice (or is to lose it). */
  enabled: boolean
  level: NoticeLevel
  /** 'YYYY-MM-DD' or '' (no date). */
  starts_on: string
  ends_on: string
  /** Per content language the editor offers (ADR 043). */
  texts: Record<string, string>
}

/** What the update sends: the whole notice, or null to remove it. */
export interface NoticeBody {
  level: NoticeLevel
  starts_on: string | null
  ends_on: string | null
  texts: Record<string, string>
}

export function noticeDraft(notice: RouteNotice | null | undefined, languages: readonly string[]): NoticeDraft {
  const texts = Object.fromEntries(languages.map((l) => [l, notice?.texts[l] ?? '']))
  return { enabled: Boolean(notice), level: notice?.level ?? 'information', starts_on: notice?.starts_on ?? '', ends_on: notice?.ends_on ?? '', texts }
}

function noticeBody(draft: NoticeDraft): NoticeBody | null {
  if (!draft.enabled) return null
  const texts: Record<string, string> = {}
  for (const [locale, text] of Object.entries(draft.texts)) if (text.trim()) texts[locale] = text.trim()
  return { level: draft.level, starts_on: draft.starts_on || null, ends_on: draft.ends_on || null, texts }
}

/** The notice part of the update: undefined when unchanged (whitespace does not count). */
export function noticeUpdate(saved: NoticeDraft, edited: NoticeDraft | undefined): NoticeBody | null | undefined {
  // A form kept from before notices existed has none: nothing changed.
  if (!edited) return undefined
  const before = noticeBody(saved)
  const after = noticeBody(edited)
  return JSON.stringify(before) === JSON.stringify(after) ? undefined : after
}

/** The API's rules on the notice sent, keyed as the API answers them (`notice.ends_on`). */
export function noticeErrors(body: UpdateWalkBody['notice']): FieldErrors | null {
  if (!body) return null
  const result = noticeInputSchema.safeParse(body)
  if (result.success) return null
  const errors: FieldErrors = {}
  for (const [field, messages] of Object.entries(issuesToFieldErrors(result.error.issues, body))) errors[`notice.${field}`] = messages
  return errors
}

/** The draft as the preview shows it (whatever its days: the manager sees what visitors will). */
export function previewNotice(draft: NoticeDraft, locale: string): RouteNotice | null {
  const body = noticeBody(draft)
  if (!body) return null
  const text = body.texts[locale] ?? Object.values(body.texts).find(Boolean) ?? null
  return { ...body, text, active: true }
}
