import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { AppError } from '#app/utils/errors.ts'
import { MAX_IMAGE_BYTES, imageTooLarge, notAnImage } from './images.server.ts'

/** Room for the multipart framing around the largest accepted file. */
export const UPLOAD_BODY_BYTES = MAX_IMAGE_BYTES + 64 * 1024

const isMultipart = (contentType: string | undefined) => (contentType ?? '').trim().toLowerCase().startsWith('multipart/form-data')

/**
 * The API's body limit: JSON bodies get `maxJsonBytes` (MAX_BODY_BYTES), multipart uploads
 * their own larger limit, refused with the image-size message. JSON endpoints refuse
 * multipart bodies by type before reading them (415), so only upload endpoints read that much.
 */
export function requestBodyLimit(maxJsonBytes: number): MiddlewareHandler {
  const json = bodyLimit({
    maxSize: maxJsonBytes,
    onError: () => {
      throw new AppError(413, { key: 'errors.too_large' })
    },
  })
  const upload = bodyLimit({
    maxSize: Math.max(maxJsonBytes, UPLOAD_BODY_BYTES),
    onError: () => {
      throw imageTooLarge()
    },
  })
  return (c, next) => (isMultipart(c.req.header('content-type')) ? upload(c, next) : json(c, next))
}

const fileRequired = () => {
  const message = { key: 'validation.required', values: { attribute: 'file' } }
  return new AppError(422, message, { file: [message] })
}

/** The bytes of the `file` field of a multipart/form-data request. */
export async function readUploadedFile(c: Context): Promise<Buffer> {
  if (!isMultipart(c.req.header('content-type'))) throw fileRequired()
  let form: FormData
  try {
    form = await c.req.formData()
  } catch {
    throw new AppError(400, { key: 'errors.bad_request' })
  }
  const file = form.get('file')
  if (file === null) throw fileRequired()
  if (typeof file === 'string') throw notAnImage()
  if (file.size > MAX_IMAGE_BYTES) throw imageTooLarge()
  return Buffer.from(await file.arrayBuffer())
}

/** Reads the upload only when called: a service checks the caller's rights first. */
export type UploadReader = () => Promise<Buffer>
export const uploadReader =
  (c: Context): UploadReader =>
  () =>
    readUploadedFile(c)
