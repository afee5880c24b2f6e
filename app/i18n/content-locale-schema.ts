import { z } from 'zod'
import { canonicalTag, CONTENT_LOCALE_MAX, CONTENT_LOCALES_MAX } from './content-locales.ts'

export { CONTENT_LOCALES_MAX }

/** A content language in a request (ADR 043): any BCP 47 tag, answered in its canonical form ("es-es" → "es-ES"). */
export const contentLocaleSchema = z
  .string()
  .trim()
  .max(CONTENT_LOCALE_MAX, { error: 'validation.language_tag', abort: true })
  .refine((value) => canonicalTag(value) !== null, { error: 'validation.language_tag', abort: true })
  .transform((value) => canonicalTag(value)!)
