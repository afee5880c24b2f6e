import zlib from 'node:zlib'
import sharp from 'sharp'

// Images for upload tests, made by sharp on the spot (no binary fixtures in the repository).

/** A real image of one colour. */
export function solidImage(width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' | 'tiff' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .toFormat(format)
    .toBuffer()
}

/**
 * A PNG that declares a canvas of any size in a few dozen bytes: the 1×1 image's header is
 * rewritten (with its checksum), the way a decompression bomb announces itself.
 */
export async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await solidImage(1, 1))
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29)
  return png
}
