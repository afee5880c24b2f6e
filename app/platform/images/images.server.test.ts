import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { translate } from '#app/i18n/i18n.server.ts'
import { AppError } from '#app/utils/errors.ts'
import { ImageProcessor, MAX_IMAGE_BYTES, processImage, randomImageKey } from './images.server.ts'
import { loadSharp } from './sharp.server.ts'
import { pngDeclaring } from './images.test-fixtures.ts'

const solid = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, message: translate('en', error.detail) }
    throw error
  }
  throw new Error('accepted')
}

const NOT_AN_IMAGE = 'The file is not an image we accept: send a JPEG, PNG, WebP, GIF or AVIF image.'

describe('processImage', () => {
  it.each(['jpeg', 'png', 'webp', 'gif', 'avif'] as const)('re-encodes %s as WebP', async (format) => {
    const input = await solid(40, 30).toFormat(format).toBuffer()
    const out = await processImage(input, 'photo')
    expect(out.contentType).toBe('image/webp')
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: 'webp', width: 40, height: 30 })
  })

  it.each([
    ['photo', 2400],
    ['content_image', 2000],
    ['logo', 800],
    ['avatar', 512],
  ] as const)('fits a %s within %i px, never enlarging', async (use, side) => {
    const big = await processImage(await solid(3000, 1500).png().toBuffer(), use)
    expect([big.width, big.height]).toEqual([side, side / 2])
    const small = await processImage(await solid(100, 50).png().toBuffer(), use)
    expect([small.width, small.height]).toEqual([100, 50])
  })

  it('strips EXIF and applies the orientation it gave', async () => {
    const jpeg = await solid(60, 20).jpeg().withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'x', Artist: 'someone' } } }).toBuffer()
    expect((await sharp(jpeg).metadata()).exif).toBeDefined()
    const out = await processImage(jpeg, 'photo')
    const meta = await sharp(out.bytes).metadata()
    expect(meta.exif).toBeUndefined()
    expect(meta.icc).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    // Orientation 6 means "rotate 90°": the stored picture stands upright.
    expect([meta.width, meta.height]).toEqual([20, 60])
  })

  it.each([
    ['text', Buffer.from('this is not an image, whatever its name says')],
    ['an empty file', Buffer.alloc(0)],
    ['an SVG (it can carry script)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF')],
  ])('refuses %s with 422', async (_case, bytes) => {
    expect(await refusal(processImage(bytes, 'photo'))).toEqual({ status: 422, message: NOT_AN_IMAGE })
  })

  it('refuses a TIFF: only web formats are accepted', async () => {
    const tiff = await solid(10, 10).tiff().toBuffer()
    expect(await refusal(processImage(tiff, 'photo'))).toEqual({ status: 422, message: NOT_AN_IMAGE })
  })

  it('refuses a truncated image whose header looks fine', async () => {
    const png = await solid(400, 400).png({ compressionLevel: 0 }).toBuffer()
    expect(await refusal(processImage(png.subarray(0, 2000), 'photo'))).toEqual({ status: 422, message: NOT_AN_IMAGE })
  })

  it('refuses more than 8 MiB with 413', async () => {
    expect(await refusal(processImage(Buffer.alloc(MAX_IMAGE_BYTES + 1), 'photo'))).toEqual({
      status: 413,
      message: 'The image is too large: 8 MB at most.',
    })
  })

  it.each([
    ['20000×20000', 20_000, 20_000],
    ['50000×10', 50_000, 10],
    ['7000×7000 (49 megapixels)', 7_000, 7_000],
  ])('refuses a declared canvas of %s before decoding it', async (_case, width, height) => {
    const started = Date.now()
    expect(await refusal(processImage(await pngDeclaring(width, height), 'photo'))).toEqual({
      status: 422,
      message: 'The image is too large: at most 40 megapixels and 12000 pixels a side.',
    })
    expect(Date.now() - started).toBeLessThan(1000)
  })

  it('makes keys nobody can guess', () => {
    const a = randomImageKey('routes/abc', 'photo')
    expect(a).toMatch(/^routes\/abc\/photo-[0-9a-f]{24}\.webp$/)
    expect(randomImageKey('routes/abc', 'photo')).not.toBe(a)
  })
})

describe('ImageProcessor', () => {
  it('decodes one upload at a time (IMAGE_CONCURRENCY 1), reading each body only when its turn comes', async () => {
    const images = new ImageProcessor({ concurrency: 1, maxWaiting: 8 })
    const read: string[] = []
    const bytes = await solid(64, 64).png().toBuffer()
    const reader = (name: string) => async () => {
      read.push(name)
      return bytes
    }
    const first = images.process(reader('first'), 'logo')
    const second = images.process(reader('second'), 'logo')
    await new Promise((resolve) => setImmediate(resolve))
    expect(read).toEqual(['first'])
    expect(images.load).toEqual({ running: 1, waiting: 1 })
    await Promise.all([first, second])
    expect(read).toEqual(['first', 'second'])
    expect(images.load).toEqual({ running: 0, waiting: 0 })
  })

  it('refuses with 503 past its waiting line instead of holding uploads without end', async () => {
    const images = new ImageProcessor({ concurrency: 1, maxWaiting: 1 })
    const bytes = await solid(64, 64).png().toBuffer()
    const results = await Promise.allSettled([1, 2, 3].map(() => images.process(async () => bytes, 'logo')))
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected'])
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ status: 503, headers: { 'Retry-After': '2' } })
  })

  it('runs sharp without its operation cache and with one thread per image', async () => {
    const sharp = await loadSharp()
    expect(sharp.cache()).toMatchObject({ memory: { max: 0 }, items: { max: 0 }, files: { max: 0 } })
    expect(sharp.concurrency()).toBe(1)
  })
})
