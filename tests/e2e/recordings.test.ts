import type { APIRequestContext, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { silentMp3, silentOpus } from '#tests/fixtures/audio.ts'
import { desktop, keepScreenshot, phone, waitForHydration, waitForPageScript } from './browser.ts'
import { apiCaller, demoLausanne, signedInRequest, useBrowserPage } from './fixtures.ts'

// A stop's recording (ADR 122) on the map page at phone size: played from "Listen", sought
// (through range requests), slowed down, paused; then played and sought again offline, from the
// walk saved on the phone.

const route = 'lausanne/la-vieille-ville'
const visitorAgent = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 recordings'
const browser = useBrowserPage({ allowErrors: /Failed to load resource|ERR_INTERNET_DISCONNECTED/ })
let owner: APIRequestContext
let stop: { id: number; name: string }
let routeUuid: string
let categoryId: number
let context: BrowserContext
let page: Page

beforeAll(async () => {
  owner = await signedInRequest()
  const found = await owner.post('/api/routes/slug', { data: { routeSlug: 'la-vieille-ville', place_category_slug: 'lausanne' } })
  const route = ((await found.json()) as { data: { uuid: string; places: { id: number; name: string; placeSortId: number }[] } }).data
  const places = route.places
  routeUuid = route.uuid
  categoryId = (await demoLausanne(apiCaller(() => owner))).id
  stop = places.at(-1)!
  const res = await owner.put(`/api/places/${stop.id}/recordings/en`, { multipart: { file: { name: 'stop.ogg', mimeType: 'audio/ogg', buffer: silentOpus(90) } } })
  expect(res.status()).toBe(200)
})
afterAll(async () => {
  // The demo server is shared with the next files: the stop goes back to the browser's voice.
  await owner?.delete(`/api/places/${stop.id}/recordings/en`)
  await owner?.dispose()
})

/** The stop's recording plays in the statistics (ADR 123), as the manager's API answers them. */
async function playsOfStop(): Promise<number> {
  const res = await owner.get(`/api/place-categories/${categoryId}/statistics/breakdown?year=total`)
  const places = ((await res.json()) as { data: { places: { place_id: number; audio_plays: number }[] } }).data.places
  return places.find((p) => p.place_id === stop.id)?.audio_plays ?? 0
}

const audioState = () => page.evaluate(() => {
  const audio = document.querySelector<HTMLAudioElement>('[data-audio]')!
  return { paused: audio.paused, time: audio.currentTime, rate: audio.playbackRate, duration: audio.duration }
})

describe('a stop’s recording on the map page', () => {
  it('plays, seeks, slows down and pauses at phone size, then plays from the saved walk offline', async () => {
    ;({ context, page } = await browser.open({ ...phone, serviceWorkers: 'allow' }, { locale: 'en-US', userAgent: visitorAgent }))
    const ranges: number[] = []
    page.on('response', (r) => {
      if (r.url().includes('/uploads/recordings/')) ranges.push(r.status())
    })
    await page.goto(`/r/${route}`)
    await page.waitForSelector('html[data-offline-ready="true"]', { state: 'attached', timeout: 15_000 })
    await page.goto(`/m/${route}?place=${stop.id}`)
    await waitForPageScript(page)
    await page.waitForSelector('html[data-offline-ready="true"]', { state: 'attached', timeout: 15_000 })
    const player = page.getByTestId('stop-audio')
    expect(await player.isVisible()).toBe(true)
    expect(await player.getAttribute('src')).toMatch(/^\/uploads\/recordings\/\d+\/[\w-]+\.ogg$/)

    // "Listen" plays the recording (not the browser's voice), its text as the transcript.
    const playsBefore = await playsOfStop()
    await page.getByRole('button', { name: 'Listen' }).click()
    await expect.poll(async () => (await audioState()).time, { timeout: 10_000 }).toBeGreaterThan(0.2)
    // The play is counted at its stop (the events are written in groups: a moment later).
    await expect.poll(playsOfStop, { timeout: 10_000 }).toBe(playsBefore + 1)
    expect((await audioState()).paused).toBe(false)
    expect(await page.locator('[data-transcript-text]').textContent()).toContain(stop.name)
    // Sought: the browser asks for the bytes there (206).
    await page.evaluate(() => (document.querySelector<HTMLAudioElement>('[data-audio]')!.currentTime = 12))
    await expect.poll(async () => (await audioState()).time, { timeout: 10_000 }).toBeGreaterThanOrEqual(12)
    expect(ranges).toContain(206)
    await page.getByLabel('Speed').selectOption('1.5')
    expect((await audioState()).rate).toBe(1.5)
    await keepScreenshot(page, 'recording-phone-en')
    await page.getByRole('button', { name: 'Stop reading' }).click()
    await expect.poll(async () => (await audioState()).paused).toBe(true)
    const pausedAt = (await audioState()).time
    await page.waitForTimeout(500)
    expect((await audioState()).time).toBe(pausedAt)
    // Resumed, it is the same listening: still one play.
    await page.getByRole('button', { name: 'Listen' }).click()
    await expect.poll(async () => (await audioState()).paused).toBe(false)
    await page.getByRole('button', { name: 'Stop reading' }).click()
    await expect.poll(async () => (await audioState()).paused).toBe(true)
    await page.waitForTimeout(500)
    expect(await playsOfStop()).toBe(playsBefore + 1)

    // Saved for offline: the estimate counts the recording, the pack keeps it.
    const src = (await player.getAttribute('src'))!
    // With a stop open the header is compact (the stop comes first): back to the list to save the walk.
    await page.getByRole('button', { name: 'All places' }).click()
    await page.getByRole('button', { name: 'Save this walk for offline' }).click()
    await expect.poll(() => page.locator('[data-offline-status]').textContent(), { timeout: 15_000 }).toMatch(/MB/)
    await page.getByRole('button', { name: 'Download' }).click()
    await page.waitForSelector('[data-offline-saved="true"]', { state: 'attached', timeout: 30_000 })
    const kept = await page.evaluate(async (url) => {
      for (const name of await caches.keys()) if (name.startsWith('trailguide-walk:') && (await (await caches.open(name)).match(url))) return true
      return false
    }, src)
    expect(kept).toBe(true)
    const saved = await page.evaluate(() => (JSON.parse(localStorage.getItem('trailguide:saved-walks') ?? '[]') as { bytes: number }[])[0]?.bytes)
    expect(saved).toBeGreaterThan(silentOpus(90).length)

    await context.setOffline(true)
    await page.goto(`/m/${route}?place=${stop.id}`)
    await waitForPageScript(page)
    await page.getByRole('button', { name: 'Listen' }).click()
    await expect.poll(async () => (await audioState()).time, { timeout: 10_000 }).toBeGreaterThan(0.2)
    await page.evaluate(() => (document.querySelector<HTMLAudioElement>('[data-audio]')!.currentTime = 15))
    await expect.poll(async () => (await audioState()).time, { timeout: 10_000 }).toBeGreaterThanOrEqual(15)
    await page.getByRole('button', { name: 'Stop reading' }).click()
    await expect.poll(async () => (await audioState()).paused).toBe(true)
    await context.setOffline(false)
  })

  it('plays a stop’s recording on the route’s landing page at phone size: pause, seek, speed, its text as transcript', async () => {
    // A story of the stop: what the recording says, shown as its transcript.
    const story = { title: 'The bell ringer', text: `Every night at ten the watchman calls the hours from the tower (${Date.now()}).` }
    const created = await owner.post(`/api/places/${stop.id}/secrets`, { data: story })
    expect(created.status()).toBeLessThan(300)
    const secretId = ((await created.json()) as { data: { id: number } }).data.id
    ;({ context, page } = await browser.open(phone, { locale: 'en-US', userAgent: visitorAgent }))
    await page.goto(`/r/${route}`)
    await page.waitForSelector('[data-stop-recordings][data-players-ready="true"]', { state: 'attached', timeout: 10_000 })
    const item = page.getByTestId(`stop-recording-${stop.id}`)
    expect(await item.getByRole('heading', { level: 3 }).textContent()).toContain(stop.name)
    // Only the stops with a recording are listed (the others have the browser's voice on the map page).
    expect(await page.locator('[data-stop-recording]').count()).toBe(1)
    const audio = item.getByTestId('stop-audio')
    expect(await audio.getAttribute('src')).toMatch(/^\/uploads\/recordings\/\d+\/[\w-]+\.ogg$/)
    const state = () => audio.evaluate((a: HTMLAudioElement) => ({ paused: a.paused, time: a.currentTime, rate: a.playbackRate }))
    const playsBefore = await playsOfStop()

    await item.getByLabel('Speed').selectOption('1.25')
    await audio.evaluate((a: HTMLAudioElement) => a.play())
    await expect.poll(async () => (await state()).time, { timeout: 10_000 }).toBeGreaterThan(0.2)
    expect((await state()).rate).toBe(1.25)
    await audio.evaluate((a: HTMLAudioElement) => (a.currentTime = 30))
    await expect.poll(async () => (await state()).time, { timeout: 10_000 }).toBeGreaterThanOrEqual(30)
    await audio.evaluate((a: HTMLAudioElement) => a.pause())
    await expect.poll(async () => (await state()).paused).toBe(true)
    await expect.poll(playsOfStop, { timeout: 10_000 }).toBe(playsBefore + 1)

    // The transcript: the stop's stories, folded under the player.
    await item.getByText('Transcript', { exact: true }).click()
    expect(await item.locator('[data-transcript-text]').textContent()).toContain(story.text)
    await keepScreenshot(page, 'recording-landing-phone-en')
    await owner.delete(`/api/secrets/${secretId}`)
  })

  it('shows the player beside the stop on a wide screen', async () => {
    ;({ page } = await browser.open({ ...desktop, viewport: { width: 1366, height: 850 } }, { locale: 'en-US' }))
    await page.goto(`/m/${route}?place=${stop.id}`)
    await waitForPageScript(page)
    expect(await page.getByTestId('stop-audio').isVisible()).toBe(true)
    expect(await page.getByLabel('Speed').count()).toBe(1)
    await keepScreenshot(page, 'recording-desktop-en')
    await page.goto(`/r/${route}`)
    expect(await page.getByTestId(`stop-recording-${stop.id}`).getByTestId('stop-audio').isVisible()).toBe(true)
    await keepScreenshot(page, 'recording-landing-desktop-en')
    // The French page has no French recording, and the category's fallback (French) has none: the browser's voice only.
    await page.goto(`/fr/m/${route}?place=${stop.id}`)
    await waitForPageScript(page)
    expect(await page.getByTestId('stop-audio').isVisible()).toBe(false)
  })

  it('shows the plays per stop in the manager’s statistics, in the manager’s language', async () => {
    ;({ context, page } = await browser.open(desktop, { signIn: true }))
    const plays = await playsOfStop()
    expect(plays).toBeGreaterThan(0)
    await page.goto(`/fr/statistics?category=${categoryId}`)
    await waitForHydration(page)
    const table = page.getByTestId('places-table')
    expect(await table.getByRole('columnheader', { name: 'Écoutes d’enregistrements' }).count()).toBe(1)
    const row = table.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: stop.name, exact: true }) })
    const headers = await table.locator('thead th').allTextContents()
    const cells = await row.locator('td').allTextContents()
    expect(cells[headers.indexOf('Écoutes d’enregistrements') - 1]).toBe(new Intl.NumberFormat('fr').format(plays))
  })

  it('lets a manager upload and remove a stop’s recording in the landing editor; a renamed image is refused', async () => {
    ;({ context, page } = await browser.open(desktop, { signIn: true }))
    const category = await demoLausanne(apiCaller(() => context.request, 200))
    await page.goto(`/landing?category=${category.id}&route=${routeUuid}`)
    await page.waitForURL('**/fr/landing?**')
    await waitForHydration(page)
    await page.getByTestId('texts-tab-it').click()
    const item = page.getByTestId(`recording-${stop.id}`)
    const input = item.locator('input[type="file"]')
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#16a34a' } }).png().toBuffer()
    await input.setInputFiles({ name: 'arret.mp3', mimeType: 'audio/mpeg', buffer: png })
    await expect.poll(() => item.getByRole('alert').textContent()).toBe('Le fichier n’est pas un enregistrement accepté\u00a0: envoyez un fichier MP3, AAC (M4A) ou Ogg Opus.')
    await input.setInputFiles({ name: 'arret.mp3', mimeType: 'audio/mpeg', buffer: silentMp3(2) })
    await item.locator('audio').waitFor()
    const listed = await owner.get(`/api/places/${stop.id}/recordings`)
    expect(((await listed.json()) as { data: { locale: string }[] }).data.map((r) => r.locale)).toContain('it')
    await keepScreenshot(page, 'recording-editor-desktop-fr')
    await item.getByRole('button', { name: 'Supprimer' }).click()
    await expect.poll(() => item.locator('audio').count()).toBe(0)
  })
})
