import { randomBytes } from 'node:crypto'
import type { Metadata } from 'sharp'
import { AppError } from '#app/utils/errors.ts'
import { WorkSlots } from '#app/utils/work-slots.server.ts'
import { loadSharp } from './sharp.server.ts'

// Uploaded images are untrusted: judged by their content (never their name or declared type),
// decoded under a pixel budget, and re-encoded so no byte of the upload is ever served.

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024
/** Decompression bombs: a small file can declare a huge canvas. */
const MAX_IMAGE_PIXELS = 40_000_000
const MAX_IMAGE_SIDE = 12_000

/** The longest side each use is resized to (never enlarged). */
const imageUses = {
  photo: 2400,
  content_image: 2000,
  logo: 800,
  avatar: 512,
} as const
export type ImageUse = keyof typeof imageUses

// SVG is refused: it is a document that can carry script, not a picture.
const acceptedFormats = new Set(['jpeg', 'png', 'webp', 'gif'])

export interface ProcessedImage {
  bytes: Buffer
  width: number
  height: number
  contentType: 'image/webp'
}

export const notAnImage = () => new AppError(422, { key: 'errors.not_an_image' }, { file: [{ key: 'errors.not_an_image' }] })
export const imageTooLarge = () =>
  new AppError(413, { key: 'errors.image_too_large', values: { max: MAX_IMAGE_BYTES / 1024 / 1024 } })
const imageTooBig = () =>
  new AppError(422, { key: 'errors.image_dimensions', values: { megapixels: MAX_IMAGE_PIXELS / 1_000_000, side: MAX_IMAGE_SIDE } }, {
    file: [{ key: 'errors.image_dimensions', values: { megapixels: MAX_IMAGE_PIXELS / 1_000_000, side: MAX_IMAGE_SIDE } }],
  })

/** AVIF is reported as HEIF with the AV1 codec; other HEIF (HEVC) is refused. */
function isAccepted(meta: Metadata): boolean {
  if (meta.format === 'heif') return meta.compression === 'av1'
  return acceptedFormats.has(meta.format ?? '')
}

/** Checks and re-encodes an upload to WebP (EXIF orientation applied, metadata stripped). */
export async function processImage(input: Buffer, use: ImageUse): Promise<ProcessedImage> {
  if (input.length > MAX_IMAGE_BYTES) throw imageTooLarge()
  const sharp = await loadSharp()
  let meta: Metadata
  try {
    // Reading the header only decodes no pixel, so the size check below comes first.
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    throw notAnImage()
  }
  if (!isAccepted(meta)) throw notAnImage()
  const width = meta.width ?? 0
  const height = meta.height ?? 0
  if (width < 1 || height < 1) throw notAnImage()
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) throw imageTooBig()

  const side = imageUses[use]
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      // effort 1 (of 0–6): a 2400 px photo peaks at ~40 MB instead of ~110 MB at the default 4,
      // twice as fast, for files a few per cent larger (docs/performance.md, uploads).
      .webp({ quality: 82, effort: 1 })
      .toBuffer({ resolveWithObject: true })
    return { bytes: data, width: info.width, height: info.height, contentType: 'image/webp' }
  } catch {
    // A header that looked fine over a body that does not decode (truncated, corrupt).
    throw notAnImage()
  }
}

/**
 * Uploads are decoded a few at a time (IMAGE_CONCURRENCY), whatever the number of clients: the
 * upload's body is read only once its turn comes, so a waiting upload holds no more than its
 * socket's buffers (Node stops reading a request nobody consumes), and memory stays bounded by
 * the number of images in work, not by the number of uploads in flight.
 */
export class ImageProcessor {
  private readonly slots: WorkSlots

  constructor(options: { concurrency: number; maxWaiting: number }) {
    this.slots = new WorkSlots(options)
  }

  /** Reads the upload (when its turn comes) and re-encodes it; see processImage. */
  process(read: () => Promise<Buffer>, use: ImageUse): Promise<ProcessedImage> {
    return this.slots.run(async () => processImage(await read(), use))
  }

  get load() {
    return this.slots.load
  }
}

/** A storage key nobody can guess, e.g. "routes/<uuid>/photo-3f9c0a….webp". */
export const randomImageKey = (folder: string, prefix: string) => `${folder}/${prefix}-${randomBytes(12).toString('hex')}.webp`
