import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desktop, keepScreenshot, waitForPageScript } from './browser.ts'
import { demoOwner } from './demo-login.ts'
import { useBrowserPage } from './fixtures.ts'
import { sharedServer } from './shared-server.ts'

// Issue 8, stored script: a manager's route texts are data, never markup. A route whose texts
// carry <script>, an onerror= attribute, a javascript: link and a </script> breakout is stored
// through the API; its public page must render them as text, in the server's HTML and in the
// browser (no dialog opens, no element of the payload exists).

const baseURL = sharedServer().baseURL
const payload = `</script><script>alert('stored')</script><img src=x onerror="alert('img')"><a href="javascript:alert('link')">click</a><svg onload="alert('svg')"></svg>`
const slug = `hostile-${Date.now().toString(36)}`
let token: string
let uuid: string
/** The route's canonical address rest: {category}/{slug} (ADR 011). */
let address: string
// The fixtures fail the test on any error the pages log but a failed resource load.
const browser = useBrowserPage()

async function api(method: string, url: string, body?: unknown) {
  const res = await fetch(`${baseURL}/api${url}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, json: text ? JSON.parse(text) : undefined }
}

beforeAll(async () => {
  const login = await fetch(`${baseURL}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(demoOwner) })
  token = (await login.json()).data.access_token
  const categories = await api('GET', '/place-categories')
  const category = categories.json.data[0].id as number
  address = `${categories.json.data[0].slug as string}/${slug}`
  const places = await api('GET', `/place-categories/${category}/fetch-places`)
  const stored = await api('POST', '/routes/store', { name: 'Hostile texts', place_category_id: category })
  expect(stored.status).toBe(201)
  uuid = stored.json.data.uuid
  const saved = await api('PUT', '/routes/update', {
    uuid,
    locale: 'en',
    status: 'published',
    slug,
    name: `Name <script>alert('name')</script><img src=x onerror=alert(1)>`,
    subtitle: payload,
    description: payload,
    content_title: payload,
    content_text: `${payload}\n\nSecond paragraph ${payload}`,
    places: places.json.data.slice(0, 2).map((p: { id: number }) => ({ id: p.id })),
  })
  expect(saved.status, JSON.stringify(saved.json)).toBe(200)
})

afterAll(async () => {
  if (uuid) await api('DELETE', '/routes/delete', { uuid })
})

describe('stored script in route texts', () => {
  it('is escaped in the server-rendered landing page and in its embedded data', async () => {
    const res = await fetch(`${baseURL}/en/r/${address}`, { headers: { 'Accept-Language': 'en' } })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('&lt;script&gt;alert(&#x27;stored&#x27;)&lt;/script&gt;')
    // No element of the payload exists as markup: no injected script, handler or javascript: URL.
    expect(html).not.toMatch(/<script>alert/i)
    expect(html).not.toMatch(/<img src=x/i)
    expect(html).not.toMatch(/<svg onload/i)
    expect(html).not.toMatch(/href="javascript:/i)
    // The loader data inlined for hydration cannot close its <script> element early either.
    const inlineScripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1])
    for (const script of inlineScripts) expect(script).not.toContain("alert('stored')</")
  })

  it('runs nothing in Chromium: no dialog, no injected element, the text shows as text', async () => {
    const { page, errors } = await browser.open(desktop, { locale: 'en-US', reducedMotion: null })
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    // The landing page runs no framework in the browser (only its small inline scripts): loaded is ready.
    await page.goto(`/en/r/${address}`, { waitUntil: 'load' })
    await page.waitForTimeout(500)
    expect(dialogs).toEqual([])
    expect(await page.locator('img[src="x"], svg[onload], a[href^="javascript:"]').count()).toBe(0)
    expect(await page.getByText("<script>alert('stored')</script>", { exact: false }).count()).toBeGreaterThan(0)
    await keepScreenshot(page, 'hostile-content-landing')
    // The route's map page shows its name and places: nothing runs there either.
    await page.goto(`/en/m/${address}`)
    await waitForPageScript(page)
    await page.waitForTimeout(500)
    expect(dialogs).toEqual([])
    expect(await page.locator('img[src="x"], svg[onload], a[href^="javascript:"]').count()).toBe(0)
    expect(errors.filter((e) => !/Failed to load resource/.test(e))).toEqual([])
  })
})
