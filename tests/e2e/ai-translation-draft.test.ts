import http from 'node:http'
import type net from 'node:net'
import { request as playwrightRequest, type APIRequestContext } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { desktop, keepScreenshot, phone, waitForHydration } from './browser.ts'
import { apiCaller, createCategory, createPlace, createRoute, useBrowserPage } from './fixtures.ts'
import { demoOwner } from './demo-login.ts'
import { startServer, type RunningServer } from './server.ts'

// The assistant's translation draft in the landing editor (ADR 043): the draft fills the Spanish
// tab, unsaved, and says so; the visitor page shows it only once the manager saves. The language
// model is played by a local HTTP server (an OpenAI-compatible endpoint); no internet.

const visitorAgent = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

const french = { name: 'Tour du port', description: 'Trois haltes le long des quais, puis retour par le parc.' }
/** What the model answers: the Spanish of every field (the server keeps those the fallback has). */
const spanish = { name: 'Vuelta al puerto', subtitle: 'Un paseo junto al agua', description: 'Tres paradas a lo largo de los muelles y vuelta por el parque.', content_title: 'El puerto', content_text: 'Historia del puerto.' }

async function startFakeProvider() {
  const asked: string[] = []
  const server = http.createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      asked.push(body)
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify(spanish) } }] }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return { url: `http://127.0.0.1:${port}/v1`, asked, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

let app: RunningServer
let provider: Awaited<ReturnType<typeof startFakeProvider>>
let owner: APIRequestContext
const api = apiCaller(() => owner)
const browser = useBrowserPage()
let category: { id: number; slug: string }
let route: { uuid: string; slug: string }

beforeAll(async () => {
  provider = await startFakeProvider()
  // A server of its own, with AI settings and its own copy of the demo data.
  app = await startServer({ TILE_URL: inject('tileURL'), AI_BASE_URL: provider.url, AI_MODEL: 'fake-model' }, { copyDataFrom: inject('demoDataDir') })
  owner = await playwrightRequest.newContext({ baseURL: app.url })
  expect((await owner.post('/api/auth/login', { data: demoOwner })).status()).toBe(200)
  category = await createCategory(api, { name: 'Puerto', fallback_locale: 'fr' })
  await api('PUT', `/api/place-categories/${category.id}`, { content_locales: ['es'] })
  const stop = await createPlace(api, category.id, { name: 'Quai', lat: 46.5065, lng: 6.6268 })
  route = await createRoute(api, category.id, { name: french.name, locale: 'fr' })
  await api('PUT', '/api/routes/update', { uuid: route.uuid, status: 'published', places: [{ id: stop.id }], translations: { fr: french } })
})
afterAll(async () => {
  await owner?.dispose()
  await app?.stop()
  await provider?.stop()
})

describe('the assistant’s translation draft in the landing editor', () => {
  it('fills the Spanish tab unsaved; visitors read Spanish only once the manager saves', async () => {
    const { page } = await browser.open({ ...desktop, baseURL: app.url }, { signIn: true, locale: 'en-US' })
    const visitor = await browser.extraContext({ ...phone, baseURL: app.url }, { userAgent: visitorAgent })
    const visitorTab = await visitor.newPage()
    const landing = `/r/${category.slug}/${route.slug}?lang=es`
    const visitorDescription = async () => {
      await visitorTab.goto(landing)
      return visitorTab.getByTestId('route-description').textContent()
    }
    // Before: the Spanish visitor reads the French fallback.
    expect(await visitorDescription()).toBe(french.description)

    await page.goto(`/landing?category=${category.id}&route=${route.uuid}`)
    await waitForHydration(page)
    await page.getByTestId('texts-tab-es').click()
    expect(await page.getByTestId('text-name').inputValue()).toBe('')
    await page.getByTestId('translation-draft').click()
    // The demo's owner reads French.
    await expect.poll(() => page.getByTestId('translation-draft-review').textContent()).toBe(
      'Proposé par l’assistant\u00a0: relisez les textes ci-dessous, puis enregistrez. Rien n’est publié avant votre enregistrement.',
    )
    // The draft is in the Spanish tab, in Spanish, and not saved yet.
    expect(await page.getByTestId('text-name').inputValue()).toBe(spanish.name)
    expect(await page.getByTestId('text-name').getAttribute('lang')).toBe('es')
    expect(await page.getByTestId('save-bar-status').textContent()).toBe('Modifications non enregistrées')
    // The model was asked from French into Spanish, with the French texts only.
    expect(provider.asked.at(-1)).toContain('from French (fr) into Spanish (es)')
    await keepScreenshot(page, 'ai-translation-draft/unsaved', { always: true })

    // Nothing is published before the save.
    expect(await visitorDescription()).toBe(french.description)
    expect(await visitorTab.locator('h1').first().textContent()).not.toContain(spanish.name)

    await page.getByTestId('landing-save').click()
    await expect.poll(() => page.getByTestId('save-bar-status').textContent()).not.toBe('Modifications non enregistrées')
    await expect.poll(() => visitorDescription()).toBe(spanish.description)
    expect(await visitorTab.locator('h1').first().textContent()).toContain(spanish.name)
    await keepScreenshot(visitorTab, 'ai-translation-draft/published', { always: true })
  })
})
