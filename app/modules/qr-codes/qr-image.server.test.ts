import sharp from 'sharp'
import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { AppError } from '#app/utils/errors.ts'
import { pngWidth, QrRenderer } from './qr-image.server.ts'

const renderer = (options: Partial<ConstructorParameters<typeof QrRenderer>[0]> = {}) =>
  new QrRenderer({ cacheBytes: 4 * 2 ** 20, concurrency: 2, maxWaiting: 16, ...options })

/** The longest time the event loop went without running a 5 ms timer while `work` ran. */
async function longestStall(work: () => Promise<unknown>): Promise<number> {
  let last = performance.now()
  let worst = 0
  const beat = setInterval(() => {
    const now = performance.now()
    worst = Math.max(worst, now - last)
    last = now
  }, 5)
  try {
    await work()
  } finally {
    clearInterval(beat)
  }
  return worst
}

describe('QR renderer', () => {
  it('draws a PNG of exactly the asked width whose dark modules are the code’s', async () => {
    const payload = 'https://example.org/q/K7PX3M9A'
    const png = await renderer().render(payload, 'png', 290, undefined)
    expect(pngWidth(png)).toBe(290)
    // Module by module against the code itself: 29 + 8 quiet modules over 290 px.
    const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' })
    const side = modules.size + 8
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true })
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        const [x, y] = [col + 4 + 0.5, row + 4 + 0.5].map((m) => Math.floor((m * info.width) / side))
        expect(data[y * info.width + x] < 128).toBe(!!modules.data[row * modules.size + col])
      }
    }
  })

  it('keeps the event loop running while it rasterises large PNGs', async () => {
    const r = renderer({ concurrency: 4 })
    await r.render('warm-up', 'png', 64) // loads the encoder once
    const stall = await longestStall(() => Promise.all(Array.from({ length: 6 }, (_, i) => r.render(`https://example.org/q/CODE-${i}`, 'png', 2048))))
    // Drawn on the event loop, each of these took hundreds of milliseconds in one block.
    expect(stall).toBeLessThan(120)
  })

  it('draws an image once: simultaneous and later asks share it; a cached answer is not counted', async () => {
    const r = renderer()
    let counted = 0
    const count = async () => void counted++
    const [a, b] = await Promise.all([r.render('x', 'png', 512, count), r.render('x', 'png', 512, count)])
    expect(a).toBe(b) // one draw (each asker was counted: neither knew the other would draw it)
    expect(counted).toBe(2)
    expect(await r.render('x', 'png', 512, count)).toBe(a)
    expect(counted).toBe(2)
    expect(r.stats).toEqual({ bytes: a.length, images: 1 })
  })

  it('keeps at most its budget in bytes, dropping the least recently used first', async () => {
    const one = (await renderer().render('a', 'svg', 512)).length
    const r = renderer({ cacheBytes: one * 2 + one / 2 })
    const first = await r.render('a', 'svg', 512)
    await r.render('b', 'svg', 512)
    expect(await r.render('a', 'svg', 512)).toBe(first) // a is now the most recent
    await r.render('c', 'svg', 512) // evicts b
    expect(r.stats.images).toBe(2)
    expect(r.stats.bytes).toBeLessThanOrEqual(one * 2 + one / 2)
    expect(await r.render('a', 'svg', 512)).toBe(first)
    let drawn = false
    await r.render('b', 'svg', 512, async () => void (drawn = true))
    expect(drawn).toBe(true)
  })

  it('answers 503 (retry) rather than queueing renders without end', async () => {
    const r = renderer({ concurrency: 1, maxWaiting: 1 })
    const results = await Promise.allSettled(['p', 'q', 's'].map((p) => r.render(p, 'png', 1024)))
    expect(results.map((x) => x.status)).toEqual(['fulfilled', 'fulfilled', 'rejected'])
    const error = (results[2] as PromiseRejectedResult).reason
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ status: 503, detail: { key: 'errors.busy' }, headers: { 'Retry-After': '2' } })
  })
})
