import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { keepScreenshot, waitForHydration } from './browser.ts'
import { useBrowserPage } from './fixtures.ts'
import { root } from './server.ts'

// API errors in the user's language: the demo owner reads French, and her
// browser asks for English (Accept-Language en-US): the map editor's modal shows the API's
// refusal in French, the language of the page.
const locale = (lang: string) => JSON.parse(fs.readFileSync(path.join(root, `locales/${lang}/translation.json`), 'utf8')) as { validation: { slug_taken_try: string } }
const fr = locale('fr')
const en = locale('en')

// The refused request itself is logged by the browser as a failed resource.
const browser = useBrowserPage()
let context: BrowserContext
let page: Page


describe('API errors in the browser', () => {
  it('shows a French manager the API’s refusal in French in the map editor', async () => {
    ;({ context, page } = await browser.open(undefined, { signIn: true }))
    type Node = { id: number; slug: string; children?: Node[] }
    const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])])
    const categories = ((await (await context.request.get('/api/place-categories')).json()) as { data: Node[] }).data
    const category = flat(categories).find((c) => c.slug === 'lausanne')!
    const routes = ((await (await context.request.get(`/api/place-categories/${category.id}/fetch-routes`)).json()) as { data: { slug: string }[] }).data
    expect(routes.length).toBeGreaterThan(0)

    await page.goto(`/fr/map?category=${category.id}`)
    await waitForHydration(page)
    await page.getByTestId('route-toolbar').waitFor()
    const button = page.locator('[data-testid="route-toolbar"] button[data-action="new"]:visible')
    if ((await button.count()) > 0) await button.first().click()
    else {
      await page.getByTestId('toolbar-menu').click()
      await page.locator('[role="menuitem"][data-action="new"]').click()
    }
    await page.getByTestId('new-route-modal').waitFor()
    await page.getByTestId('route-name').fill(`Doublon ${Date.now()}`)
    await page.getByTestId('route-slug').fill(routes[0].slug)
    await page.getByTestId('route-form-submit').click()
    // "This address is taken. «…» is free.", in French: the API's words, with the free address it proposes.
    const [before, after] = fr.validation.slug_taken_try.split('{{slug}}')
    await expect.poll(() => page.getByTestId('route-slug-error').textContent()).toMatch(/\S/)
    const shown = (await page.getByTestId('route-slug-error').textContent())!
    expect(shown.startsWith(before) && shown.endsWith(after)).toBe(true)
    expect(fr.validation.slug_taken_try).not.toBe(en.validation.slug_taken_try)
    await keepScreenshot(page, 'api-error-in-french')
  })
})
