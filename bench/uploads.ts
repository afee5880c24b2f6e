import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { MAX_IMAGE_BYTES } from '#app/platform/images/images.server.ts'
import { int, type Row } from './measure.ts'
import { startServer } from './server.ts'

/**
 * Image uploads and memory (issue 12, item 12; issue 16): a wave of photo uploads at once, each
 * file just under the 8 MB limit (half JPEG, half PNG, of noise: nothing compresses), against
 * the production server. Samples the server's RSS every 20 ms: before, the peak during the
 * wave, and after 5 s idle. `npm run bench` sends 50 from its manager (the `uploads` row);
 * `npx tsx bench/uploads.ts` alone: 72 from 4 accounts on a server of its own (UPLOADS=72
 * ACCOUNTS=4 to change the load; `npm run build` first, else the sources through tsx).
 */
/** Noise at the size limit: the largest file an account may send, and costly to decode. */
async function imageNearLimit(format: 'jpeg' | 'png'): Promise<Buffer> {
  let side = format === 'png' ? 1600 : 2800
  for (;;) {
    const noise = Buffer.alloc(side * side * 3)
    for (let i = 0; i < noise.length; i++) noise[i] = (Math.random() * 256) | 0
    const image = sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    const bytes = await (format === 'png' ? image.png({ compressionLevel: 1 }) : image.jpeg({ quality: 92 })).toBuffer()
    if (bytes.length <= MAX_IMAGE_BYTES) {
      if (bytes.length > MAX_IMAGE_BYTES * 0.9) return bytes
      side = Math.floor(side * Math.sqrt((MAX_IMAGE_BYTES * 0.97) / bytes.length))
    } else side = Math.floor(side * 0.97)
  }
}

export interface UploadWave {
  statuses: Record<number, number>
  wallMs: number
  rssBeforeMb: number
  rssPeakMb: number
  rssIdleAfter5sMb: number
}

/** `uploads` route photos sent at once, spread over the (token, route) pairs given. */
export async function uploadWave(opts: { baseUrl: string; accounts: { token: string; route: string }[]; uploads: number; rss: () => number }): Promise<UploadWave> {
  const files = [await imageNearLimit('jpeg'), await imageNearLimit('png')]
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20)
  const before = opts.rss()
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, opts.rss())), 20)
  const started = performance.now()
  const statuses = await Promise.all(
    Array.from({ length: opts.uploads }, async (_, i) => {
      const { token, route } = opts.accounts[i % opts.accounts.length]
      const form = new FormData()
      const bytes = files[i % files.length]
      form.append('file', new Blob([new Uint8Array(bytes)], { type: i % 2 ? 'image/png' : 'image/jpeg' }), i % 2 ? 'photo.png' : 'photo.jpg')
      try {
        const res = await fetch(`${opts.baseUrl}/api/routes/${route}/photo`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } })
        const answer = await res.text()
        if (res.status !== 200 && res.status !== 503) console.error(`  upload ${i}: ${res.status} ${answer.slice(0, 200)}`)
        return res.status
      } catch (error) {
        // The server closed the connection before reading the whole file (an early refusal).
        console.error(`  upload ${i}: ${String((error as Error).cause ?? error)}`)
        return 0
      }
    }),
  )
  const wallMs = Math.round(performance.now() - started)
  clearInterval(sampler)
  await new Promise((resolve) => setTimeout(resolve, 5000))
  const counts: Record<number, number> = {}
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1
  return { statuses: counts, wallMs, rssBeforeMb: mb(before), rssPeakMb: mb(peak), rssIdleAfter5sMb: mb(opts.rss()) }
}

/** The bench's row: 50 photos at once from one manager; every one stored or answered 503 (busy, Retry-After). */
export async function uploadsRow(opts: { baseUrl: string; token: string; route: string; rss: () => number }): Promise<Row> {
  const wave = await uploadWave({ baseUrl: opts.baseUrl, accounts: [{ token: opts.token, route: opts.route }], uploads: 50, rss: opts.rss })
  const stored = wave.statuses[200] ?? 0
  const other = Object.entries(wave.statuses).filter(([status]) => status !== '200' && status !== '503')
  return {
    id: 'uploads',
    what: '50 concurrent photo uploads (8 MB JPEG/PNG of noise)',
    figure: `${int(stored)} stored, ${int(wave.statuses[503] ?? 0)} busy (503) in ${int(wave.wallMs)} ms; RSS ${wave.rssBeforeMb} → peak ${wave.rssPeakMb} → ${wave.rssIdleAfter5sMb} MB 5 s later`,
    budget: 'none refused otherwise; RSS ≤ 250 MB (row "Server RSS")',
    pass: other.length === 0 && stored > 0,
    values: { ...wave.statuses, wallMs: wave.wallMs, rssBeforeMb: wave.rssBeforeMb, rssPeakMb: wave.rssPeakMb, rssIdleMb: wave.rssIdleAfter5sMb },
  }
}

// Alone: a server of its own, several accounts.
if (import.meta.url === `file://${process.argv[1]}`) {
  const UPLOADS = Number(process.env.UPLOADS ?? 72)
  const ACCOUNTS = Number(process.env.ACCOUNTS ?? 4)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'))
  const server = await startServer({
    dataDir: dir,
    databaseUrl: path.join(dir, 'bench.sqlite'),
    env: { RATE_LIMIT_REGISTER: '1000/60', ...(process.env.BENCH_ENV ? JSON.parse(process.env.BENCH_ENV) : {}) },
  })
  try {
    const call = async (method: string, url: string, body: unknown, token?: string) => {
      const res = await fetch(`${server.url}/api${url}`, {
        method,
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
      const payload = (await res.json()) as { data: Record<string, unknown> }
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(payload)}`)
      return payload.data
    }
    const accounts: { token: string; route: string }[] = []
    for (let i = 0; i < ACCOUNTS; i++) {
      const password = 'a long bench password'
      const { access_token: token } = (await call('POST', '/auth/register', { name: `Uploader ${i}`, email: `up${i}@example.org`, password, password_confirmation: password })) as {
        access_token: string
      }
      const category = await call('POST', '/place-categories', { name: `Uploads ${i}`, slug: `uploads-${i}` }, token)
      const route = await call('POST', '/routes/store', { name: `Route ${i}`, place_category_id: category.id }, token)
      accounts.push({ token, route: route.uuid as string })
    }
    const wave = await uploadWave({ baseUrl: server.url, accounts, uploads: UPLOADS, rss: () => server.rss() })
    console.log(JSON.stringify({ uploads: UPLOADS, accounts: ACCOUNTS, ...wave }))
  } finally {
    await server.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
