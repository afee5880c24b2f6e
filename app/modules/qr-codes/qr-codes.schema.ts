import { z } from 'zod'

// One schema per payload. The spec's three QR messages (section 8) replace zod's generic ones
// for the body itself, the code and the image url, whatever is wrong with them.

const QR_CODE_MAX_LENGTH = 100
export const QR_BATCH_MAX = 500
export const QR_PNG_SIZE = { min: 64, max: 2048, default: 512 }

const invalidObject = 'errors.qr_invalid_object'
const invalidCode = { error: 'errors.qr_invalid_code' }
const invalidImageUrl = { error: 'errors.qr_invalid_image_url' }

/** A QR payload body: anything but a JSON object is 'Invalid qr code object'. */
const qrObject = <S extends z.core.$ZodLooseShape>(shape: S) =>
  z.strictObject(shape, { error: (issue) => (issue.code === 'invalid_type' ? invalidObject : undefined) })

/**
 * The one form a code is stored and looked up in: people type codes from plaques in any case,
 * so "5kfbyuk4" is "5KFBYUK4" (generated codes are uppercase already). Migration
 * 2026-11-23T1000-qr-code-case brought the stored codes to it.
 */
export const normalizeQrCode = (code: string) => code.normalize('NFC').toUpperCase()

/**
 * A code given by a manager: printable text (it is percent-encoded wherever it goes into a URL),
 * stored in its normal form. Only-dots codes are refused: browsers collapse "/q/.." before it
 * could reach the app.
 */
const qrCodeCodeSchema = z
  .string(invalidCode)
  .trim()
  .min(1, invalidCode)
  .max(QR_CODE_MAX_LENGTH, invalidCode)
  // eslint-disable-next-line no-control-regex
  .refine((code) => !/[\u0000-\u001f\u007f]/.test(code) && !/^\.+$/.test(code), invalidCode)
  .transform(normalizeQrCode)

const qrImageUrlSchema = z
  .string(invalidImageUrl)
  .trim()
  .max(2048, invalidImageUrl)
  .pipe(z.url({ protocol: /^https?$/, ...invalidImageUrl }))

const name = z
  .string()
  .trim()
  .max(120)
  .nullable()
  .transform((v) => (v === '' ? null : v))
const id = z.number().int().positive()

export const createQrCodeSchema = qrObject({
  place_category_id: id,
  code: qrCodeCodeSchema.optional(),
  name: name.optional(),
  image_url: qrImageUrlSchema.optional(),
})

export const createQrBatchSchema = z.strictObject({
  place_category_id: id,
  count: z.number().int().min(1).max(QR_BATCH_MAX),
  name_prefix: z.string().trim().min(1).max(100).optional(),
})

export const updateQrCodeSchema = qrObject({
  name: name.optional(),
  image_url: qrImageUrlSchema.optional(),
}).refine((v) => v.name !== undefined || v.image_url !== undefined, { error: 'validation.qr_nothing_to_update' })

/** Either an existing place of the category, or a position (and a name) for a new one. */
export const addLocationSchema = z
  .strictObject({
    place_id: id.optional(),
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
    name: z.string().trim().min(1).max(120).optional(),
    create_anyway: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    const positionFields = ['lat', 'lng', 'name', 'create_anyway'] as const
    if (v.place_id !== undefined) {
      for (const field of positionFields) {
        if (v[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'errors.qr_place_or_position' })
      }
      return
    }
    for (const field of ['lat', 'lng', 'name'] as const) {
      if (v[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' })
    }
  })

export const qrImageQuerySchema = z.object({
  size: z.coerce.number().int().min(QR_PNG_SIZE.min).max(QR_PNG_SIZE.max).optional(),
})

export type CreateQrCodeInput = z.output<typeof createQrCodeSchema>
export type CreateQrBatchInput = z.output<typeof createQrBatchSchema>
export type UpdateQrCodeInput = z.output<typeof updateQrCodeSchema>
export type AddLocationInput = z.output<typeof addLocationSchema>

/** A QR code as the API answers it (docs/spec.md §3); the type of both sides (ADR 035). */
export const qrCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  image_url: z.string(),
  image_png_url: z.string(),
  name: z.string().nullable(),
  place: z.object({ id: z.number().int(), name: z.string(), lat: z.number().nullable(), lng: z.number().nullable() }).nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  activated_at: z.string().nullable(),
  created_at: z.string(),
  scans: z.number().int().describe('Counted scans of all time (not bots, not members, within the per-client limit); 0 when never scanned'),
  last_scanned_at: z.string().nullable().describe('Its last counted scan (ISO 8601); null when never scanned'),
})
export type QrCodeView = z.infer<typeof qrCodeSchema>
