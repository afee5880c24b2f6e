import { walkTextFields, walkTranslationSchema, type UpdateWalkBody, type WalkTextField as RouteTextField, type WalkTexts as RouteTexts } from '#app/modules/walks/walks.schema.ts'
import type { FieldErrors } from '#app/utils/errors.ts'
import { issuesToFieldErrors } from '#app/utils/validation.ts'
import type { RouteNotice } from '#app/modules/walks/walk-responses.schema.ts'
import { noticeDraft, noticeErrors, noticeUpdate, type NoticeDraft } from './notice-changes.ts'
import { accessibilityErrors, accessibilityState, accessibilityUpdate, type AccessibilityEditState } from './accessibility-changes.ts'

/** The landing texts the editor shows: one complete set per language, blanks as ''. */
export type EditorTexts = Record<string, Record<RouteTextField, string>>

export interface LandingState {
  texts: EditorTexts
  isIndexed: boolean
  status: 'draft' | 'published'
  notice: NoticeDraft
  accessibility: AccessibilityEditState
}

/** The part of PUT /routes/update's body the landing editor sends (strict: only what changed, no other field). */
export type LandingUpdate = Pick<UpdateWalkBody, 'uuid' | 'translations' | 'isIndexed' | 'status' | 'notice' | 'accessibility'>

/** One set per content language the category offers (ADR 043). */
export function editorTexts(translations: Record<string, RouteTexts>, languages: readonly string[]): EditorTexts {
  const texts: EditorTexts = {}
  for (const locale of languages) {
    const row = translations[locale]
    texts[locale] = Object.fromEntries(walkTextFields.map((f) => [f, row?.[f] ?? ''])) as Record<RouteTextField, string>
  }
  return texts
}

export function landingState(
  route: { translations: Record<string, RouteTexts>; isIndexed: boolean; status: string; notice?: RouteNotice | null } & Parameters<typeof accessibilityState>[0],
  languages: readonly string[],
): LandingState {
  return {
    texts: editorTexts(route.translations, languages),
    isIndexed: route.isIndexed,
    status: route.status === 'published' ? 'published' : 'draft',
    notice: noticeDraft(route.notice, languages),
    accessibility: accessibilityState(route),
  }
}

/** Only the fields the editor changed; null when nothing changed. */
export function landingUpdate(uuid: string, saved: LandingState, edited: LandingState): LandingUpdate | null {
  const update: LandingUpdate = { uuid }
  const translations: NonNullable<LandingUpdate['translations']> = {}
  for (const locale of Object.keys(edited.texts)) {
    for (const field of walkTextFields) {
      const value = edited.texts[locale][field]
      if (value.trim() !== (saved.texts[locale]?.[field] ?? '').trim()) (translations[locale] ??= {})[field] = value
    }
  }
  if (Object.keys(translations).length > 0) update.translations = translations
  if (edited.isIndexed !== saved.isIndexed) update.isIndexed = edited.isIndexed
  if (edited.status !== saved.status) update.status = edited.status
  const notice = noticeUpdate(saved.notice, edited.notice)
  if (notice !== undefined) update.notice = notice
  const accessibility = accessibilityUpdate(saved.accessibility, edited.accessibility)
  if (accessibility) update.accessibility = accessibility
  return Object.keys(update).length > 1 ? update : null
}

/** The languages in which the route has a name. */
export function namedLocales(translations: Record<string, Pick<RouteTexts, 'name'>>, languages: readonly string[]): string[] {
  return languages.filter((l) => (translations[l]?.name ?? '').trim() !== '')
}

/**
 * The API's own rules (walkTranslationSchema) on the texts an update sends, before it is sent:
 * errors keyed `<locale>.<field>` as the form shows them; null when all is well.
 */
export function landingErrors(update: LandingUpdate): FieldErrors | null {
  const errors: FieldErrors = { ...noticeErrors(update.notice), ...accessibilityErrors(update.accessibility) }
  for (const [locale, texts] of Object.entries(update.translations ?? {})) {
    const result = walkTranslationSchema.safeParse(texts)
    if (result.success) continue
    for (const [field, messages] of Object.entries(issuesToFieldErrors(result.error.issues, texts))) errors[`${locale}.${field}`] = messages
  }
  return Object.keys(errors).length > 0 ? errors : null
}

/** The form's key of an API error key: `translations.de.name` → `de.name`. */
export const landingFieldOf = (apiKey: string) => apiKey.replace(/^translations\./, '')
