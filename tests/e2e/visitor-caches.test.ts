import type { APIRequestContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { solidImage } from '#app/platform/images/images.test-fixtures.ts'
import { phone, waitForHydration } from './browser.ts'
import { apiCaller, createPlace, createRoute, demoLausanne, signedInRequest, useBrowserPage } from './fixtures.ts'

// The visitors' service worker on a shared phone: a member who opened a draft's page leaves none
// of its images in the worker's caches, and signing out empties the pages and images it kept.

const browser = useBrowserPage()
let owner: APIRequestContext
beforeAll(async () => {
  owner = await signedInRequest()
})
afterAll(async () => {
  await owner?.dispose()
})

/** A route of the demo's Lausanne with a photo, published or left a draft. */
async function routeWithPhoto(status: 'published' | 'draft') {
  const api = apiCaller(() => owner)
  const lausanne = await demoLausanne(api)
  const route = await createRoute(api, lausanne.id, { name: `Cache ${status} ${Date.now()}` })
  const res = await owner.fetch(`/api/routes/${route.uuid}/photo`, { method: 'POST', multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: await solidImage(64, 48) } } })
  expect(res.status(), await res.text()).toBe(200)
  const photo = ((await res.json()) as { data: { photo: string } }).data.photo
  if (status === 'published') {
    const place = await createPlace(api, lausanne.id, { name: `Cache stop ${Date.now()}`, lat: 46.52, lng: 6.63 })
    await api('PUT', '/api/routes/update', { uuid: route.uuid, status: 'published', places: [{ id: place.id }] })
  }
  return { path: `/r/${lausanne.slug}/${route.slug}`, photo: new URL(photo, 'http://x').pathname }
}

const keptUrls = (page: Page, cache: string) =>
  page.evaluate(async (name) => ((await caches.has(name)) ? (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname) : []), cache)

describe('the service worker on a shared phone', () => {
  it('keeps the images of public pages only, and forgets the pages and images it kept on sign-out', async () => {
    const published = await routeWithPhoto('published')
    const draft = await routeWithPhoto('draft')
    const { page } = await browser.open({ ...phone, serviceWorkers: 'allow' }, { signIn: true })

    // A public page: the worker registers and keeps the page's photo.
    await page.goto(published.path)
    await page.waitForSelector('html[data-offline-ready="true"]', { state: 'attached', timeout: 15_000 })
    await page.reload()
    await expect.poll(() => keptUrls(page, 'trailguide-images'), { timeout: 10_000 }).toContain(published.photo)

    // The member opens the draft (its page is private): the worker now controls the page, and
    // its photo is shown but not kept.
    await page.goto(draft.path)
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    await expect.poll(() => page.evaluate((src) => [...document.images].some((img) => img.complete && img.src.endsWith(src)), draft.photo)).toBe(true)
    await page.reload()
    await page.waitForTimeout(500)
    expect(await keptUrls(page, 'trailguide-images')).not.toContain(draft.photo)

    // Sign-out from the user menu: the kept pages and images go.
    await page.goto('/dashboard')
    await waitForHydration(page)
    await page.getByTestId('user-menu').click()
    await page.getByTestId('logout').click()
    await page.waitForURL(/\/auth\/login/)
    expect(await keptUrls(page, 'trailguide-images')).toEqual([])
    expect(await keptUrls(page, 'trailguide-pages')).toEqual([])
  })
})
