import { createHash } from 'node:crypto'
import QRCode from 'qrcode'

export type QrImageFormat = 'svg' | 'png'

// Bump when the rendering changes, so caches drop the old images.
const RENDER_VERSION = 1
const options = { errorCorrectionLevel: 'M', margin: 4 } as const

/** A strong ETag for an image: the same payload, format and size always give the same bytes. */
export function qrImageEtag(payload: string, format: QrImageFormat, size: number): string {
  const digest = createHash('sha256').update(`${RENDER_VERSION}:${format}:${size}:${payload}`).digest('base64url')
  return `"${digest.slice(0, 32)}"`
}

/** Whether an If-None-Match header already names this ETag. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim()
    return value === '*' || value.replace(/^W\//, '') === etag
  })
}

export function renderQrSvg(payload: string, size: number): Promise<string> {
  return QRCode.toString(payload, { ...options, type: 'svg', width: size })
}

/**
 * A PNG exactly `size` pixels wide. qrcode ignores a width too small for the symbol (a long
 * code at 64 px), so such an image is scaled down afterwards, keeping the modules sharp.
 */
export async function renderQrPng(payload: string, size: number): Promise<Buffer> {
  const png = await QRCode.toBuffer(payload, { ...options, type: 'png', width: size })
  if (pngWidth(png) === size) return png
  // Loaded on first use, like in uploads/images.server.ts: most processes never need it.
  const { default: sharp } = await import('sharp')
  return sharp(png).resize(size, size, { kernel: 'nearest' }).png().toBuffer()
}

/** The width recorded in a PNG's IHDR chunk. */
export const pngWidth = (png: Buffer) => png.readUInt32BE(16)
