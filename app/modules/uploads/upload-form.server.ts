import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { AppError } from '#app/utils/errors.ts'
import { ImportRefused } from '#app/modules/transfer/formats/refusal.ts'
import { MAX_IMPORT_BYTES, MULTIPART_FRAMING } from '#app/modules/transfer/transfer.schema.ts'
import { MAX_IMAGE_BYTES, imageTooLarge, notAnImage } from '#app/platform/images/images.server.ts'
import { MAX_RECORDING_BYTES, notAnAudioFile, recordingTooLarge } from '#app/platform/audio/audio.server.ts'

/** Room for the multipart framing around the largest accepted file. */
const UPLOAD_BODY_BYTES = MAX_IMAGE_BYTES + 64 * 1024

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
  const upload = lazyBodyLimit(UPLOAD_BODY_BYTES, imageTooLarge)
  const recording = lazyBodyLimit(RECORDING_BODY_BYTES, recordingTooLarge)
  const importUpload = bodyLimit({
    maxSize: MAX_IMPORT_BYTES + MULTIPART_FRAMING,
    onError: () => {
      throw new ImportRefused(413, 'too_large', { max: MAX_IMPORT_BYTES / 1024 / 1024 })
    },
  })
  return (c, next) => {
    // A read has no body to limit, and Hono's bodyLimit would build the whole web Request of
    // every GET just to see that (on the open data's hot path, issue 28).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    if (!isMultipart(c.req.header('content-type'))) return json(c, next)
    // The data import takes files up to 10 MB, recordings 20 MB; every other upload is an image.
    if (IMPORT_PATH.test(c.req.path)) return importUpload(c, next)
    return RECORDING_PATH.test(c.req.path) ? recording(c, next) : upload(c, next)
  }
}

const IMPORT_PATH = /\/place-categories\/[^/]+\/import$/
const RECORDING_PATH = /\/places\/[^/]+\/recordings\/[^/]+$/
const RECORDING_BODY_BYTES = MAX_RECORDING_BYTES + 64 * 1024

/** Thrown by the counted body past its limit; readUploadedFile answers it as 413. */
class BodyTooLarge extends Error {}

/**
 * An image upload's size limit that touches no byte of the body: a declared length over the
 * limit is refused at once, and the body is counted only as the upload is read (when its turn to
 * be decoded comes: ImageProcessor). Hono's bodyLimit opens the body stream, and on Node 20 an
 * opened request stream is read to its end at once (Readable.toWeb queues 16,384 chunks, not
 * bytes): 72 uploads waiting for their turn were 72 bodies in memory.
 */
function lazyBodyLimit(maxSize: number, tooLarge: () => AppError): MiddlewareHandler {
  return async (c, next) => {
    const declared = c.req.header('content-length')
    if (declared !== undefined && !c.req.header('transfer-encoding') && Number(declared) > maxSize) throw tooLarge()
    await next()
  }
}

/** The request's body, failing with BodyTooLarge past `maxSize` bytes (a body sent without a length). */
function countedBody(body: ReadableStream<Uint8Array>, maxSize: number): ReadableStream<Uint8Array> {
  let size = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength
        if (size > maxSize) controller.error(new BodyTooLarge())
        else controller.enqueue(chunk)
      },
    }),
  )
}

const fileRequired = () => {
  const message = { key: 'validation.required', values: { attribute: 'file' } }
  return new AppError(422, message, { file: [message] })
}

/**
 * A multipart/form-data body of at most UPLOAD_BODY_BYTES (an image and a few fields), read as it
 * is counted: past the limit 413, unreadable 400. Null when the request is not multipart.
 */
export async function readMultipartForm(request: Request, limit = { bytes: UPLOAD_BODY_BYTES, tooLarge: imageTooLarge }): Promise<FormData | null> {
  const type = request.headers.get('content-type') ?? undefined
  if (!isMultipart(type) || !request.body) return null
  try {
    return await new Response(countedBody(request.body, limit.bytes), { headers: { 'Content-Type': type! } }).formData()
  } catch (error) {
    if (error instanceof BodyTooLarge || (error instanceof Error && error.cause instanceof BodyTooLarge)) throw limit.tooLarge()
    throw new AppError(400, { key: 'errors.bad_request' })
  }
}

/** The bytes of the `file` field of a multipart/form-data request. */
async function readUploadedFile(c: Context): Promise<Buffer> {
  const form = await readMultipartForm(c.req.raw)
  if (!form) throw fileRequired()
  const file = form.get('file')
  if (file === null) throw fileRequired()
  if (typeof file === 'string') throw notAnImage()
  if (file.size > MAX_IMAGE_BYTES) throw imageTooLarge()
  return Buffer.from(await file.arrayBuffer())
}

/** The bytes of the `file` field of a recording's upload (ADR 122): up to MAX_RECORDING_BYTES. */
async function readUploadedRecording(c: Context): Promise<Buffer> {
  const form = await readMultipartForm(c.req.raw, { bytes: RECORDING_BODY_BYTES, tooLarge: recordingTooLarge })
  if (!form) throw fileRequired()
  const file = form.get('file')
  if (file === null) throw fileRequired()
  if (typeof file === 'string') throw notAnAudioFile()
  if (file.size > MAX_RECORDING_BYTES) throw recordingTooLarge()
  return Buffer.from(await file.arrayBuffer())
}

/** A recording's upload, read only when called (after the tenancy check). */
export const recordingReader =
  (c: Context): UploadReader =>
  () =>
    readUploadedRecording(c)

/** Reads the upload only when called: a service checks the caller's rights first. */
export type UploadReader = () => Promise<Buffer>
export const uploadReader =
  (c: Context): UploadReader =>
  () =>
    readUploadedFile(c)
