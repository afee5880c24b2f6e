import { z } from '@hono/zod-openapi'

// Revisions of routes and places (ADR 111): what the API answers (the OpenAPI document is
// generated from these, the screens import their types, ADR 035). Not a server module.

export const REVISION_KINDS = ['route', 'place'] as const

export const revisionSummarySchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(REVISION_KINDS),
    created_at: z.string(),
    user: z.object({ id: z.number().int(), name: z.string() }).nullable().openapi({ description: 'Who saved; null for the state found when history began, or a removed user' }),
    changes: z.array(z.string()).openapi({
      description: 'What changed, in a line: created, baseline, texts.{locale}, stops, path, status, color, images, accessibility, notice, settings (routes); name, position (places)',
    }),
    restored_from: z.number().int().nullable().openapi({ description: 'The revision this save restored' }),
  })
  .openapi('RevisionSummary')
export type RevisionSummaryView = z.infer<typeof revisionSummarySchema>

const scalar = z.union([z.string(), z.number(), z.boolean()]).nullable()
const fieldChangeSchema = z.object({ field: z.string(), before: scalar, after: scalar })
const wordPartSchema = z.object({ op: z.enum(['same', 'ins', 'del']), text: z.string() })
const textChangeSchema = z.object({ locale: z.string(), field: z.string(), parts: z.array(wordPartSchema).openapi({ description: 'The text word by word: equal, inserted, deleted' }) })
const stopLineSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(['same', 'added', 'moved', 'removed']),
  from: z.number().int().nullable().openapi({ description: 'Position before (1-based); null when added' }),
  to: z.number().int().nullable().openapi({ description: 'Position after; null when removed' }),
})

export const revisionDiffSchema = z.object({
  fields: z.array(fieldChangeSchema),
  texts: z.array(textChangeSchema),
  stops: z.array(stopLineSchema).nullable().openapi({ description: 'The stops after this revision, each added, moved or kept, then the removed ones; null when the stops did not change' }),
})
export type RevisionDiff = z.infer<typeof revisionDiffSchema>
export type FieldChange = z.infer<typeof fieldChangeSchema>
export type TextChange = z.infer<typeof textChangeSchema>
export type WordPart = z.infer<typeof wordPartSchema>
export type StopLine = z.infer<typeof stopLineSchema>

export const revisionDetailSchema = revisionSummarySchema
  .extend({
    previous_id: z.number().int().nullable().openapi({ description: 'The revision before it (the difference is to that one); null for the first' }),
    diff: revisionDiffSchema,
  })
  .openapi('Revision')
export type RevisionDetailView = z.infer<typeof revisionDetailSchema>

export const revisionListSchema = z.object({
  data: z.array(revisionSummarySchema),
  meta: z.object({ revisions_days: z.number().int(), kept_at_least: z.number().int() }),
})

export const restoredRevisionSchema = z.object({
  message: z.string(),
  /** The new revision the restore saved (null when the item was already as in that revision). */
  revision_id: z.number().int().nullable(),
  /** Stops of the revision that are no longer in the category (deleted meanwhile): left out. */
  skipped_stops: z.array(z.string()),
  /** Images of the revision whose files were deleted for good meanwhile: they stay as they are. */
  missing_images: z.number().int(),
})
export type RestoredRevisionView = z.infer<typeof restoredRevisionSchema>
