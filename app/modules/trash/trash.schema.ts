import { z } from 'zod'

// The trash (ADR 110): what managers read of it and what a restore answers.

export const TRASH_KINDS = ['route', 'place', 'qr_code', 'category'] as const

export const trashItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TRASH_KINDS),
  item_id: z.number().int(),
  label: z.string(),
  place_category_id: z.number().int(),
  place_category_name: z.string(),
  deleted_at: z.string(),
  deleted_by: z.string().nullable(),
  /** When the purge deletes it for good. */
  purge_at: z.string(),
})
export type TrashItemView = z.infer<typeof trashItemSchema>

export const trashListSchema = z.object({ data: z.array(trashItemSchema), meta: z.object({ trash_days: z.number().int() }) })

/** What a move to the trash answers: the entry to restore it from (the editor's "Undo"). */
export const trashedSchema = z.object({ message: z.string(), trash_id: z.number().int() })

export const restoredSchema = z.object({
  message: z.string(),
  kind: z.enum(TRASH_KINDS),
  item_id: z.number().int(),
  /** Set when the item's address was taken meanwhile: the address it has now (the old ones that were free lead to it). */
  new_slug: z.string().nullable(),
})
export type RestoredView = z.infer<typeof restoredSchema>

export const trashListQuery = z.object({
  place_category_id: z.string().regex(/^[1-9]\d{0,9}$/).optional(),
})
