import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { desktop, waitForHydration } from './browser.ts'
import { useBrowserPage } from './fixtures.ts'

// Issue 18, item 17 (404 pages of short or empty addresses, with no hydration error) and
// issue 12, item 13 (sign-out asks when opened as a page) as a user meets them.

const browser = useBrowserPage()
let page: Page
let errors: string[]

async function open(locale = 'en-US') {
  ;({ page, errors } = await browser.open(desktop, { locale }))
  return page
}

describe('404 pages of short addresses', () => {
  it.each([
    ['/zz', 'Page Not Found', 'Page not found: /zz'],
    ['/es/', 'Page Not Found', 'Page not found: /es'],
    ['/q/', 'Page Not Found', 'Page not found: /q'],
    ['/m/', 'Page Not Found', 'Page not found: /m'],
    ['/fr/q/', 'Page introuvable', 'Page introuvable\u00a0: /fr/q'],
    ['/de/m/', 'Seite nicht gefunden', 'Seite nicht gefunden: /de/m'],
    ['/it/q/', 'Pagina non trovata', 'Pagina non trovata: /it/q'],
    ['/no/such/page/', 'Page Not Found', 'Page not found: /no/such/page'],
  ])('%s shows the 404 page (not the sign-in page), hydrated without error #418', async (path, title, message) => {
    await open()
    const response = await page.goto(path)
    expect([response!.status(), new URL(page.url()).pathname]).toEqual([404, path])
    // The visitors' addresses (/m, the base host's index) render without the framework; the
    // others hydrate, and the server's text must equal the browser's (trailing slash and all).
    await page.waitForLoadState('networkidle')
    expect(await page.getByTestId('error-title').textContent()).toBe(title)
    expect(await page.getByTestId('error-message').textContent()).toBe(message)
    // A hydration mismatch is reported after hydration, as a page error or a console error.
    await page.waitForTimeout(300)
    expect(errors.filter((e) => /418|hydrat/i.test(e))).toEqual([])
  })
})

describe('sign-out opened as a page', () => {
  it('asks first, and signs out only on the button', async () => {
    await open()
    const email = `bye-${Date.now()}@example.org`
    await page.goto('/auth/register')
    await page.getByLabel('Name').fill('Grace Hopper')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password', { exact: true }).fill('walking in the hills')
    await page.getByLabel('Confirm the password').fill('walking in the hills')
    await page.getByRole('button', { name: 'Create account' }).click()
    await page.waitForURL('**/dashboard')

    await page.goto('/auth/logout')
    await waitForHydration(page)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign out')
    // Staying keeps the session.
    await page.getByRole('link', { name: 'Stay signed in' }).click()
    await page.waitForURL('**/dashboard')
    await page.goto('/auth/logout')
    await waitForHydration(page)
    await page.getByTestId('logout-confirm').click()
    await page.waitForURL('**/auth/login')
    const session = await page.request.get('/api/auth/user')
    expect(session.status()).toBe(401)
  })
})

// A service's failure that a loader lets escape (app/utils/page-errors.ts, ADR 080): the status
// the API would give and that status's error page, translated, never a 500.
describe("a loader's expected failure", () => {
  it.each([
    ['/fr/qr-codes/print?category=999999', 404, 'Page introuvable', 'Page introuvable\u00a0: /fr/qr-codes/print'],
    ['/de/invitations/no-such-invitation', 422, 'Nicht verarbeitbar', 'Diese Einladung ist ungültig, wurde bereits verwendet oder ist abgelaufen.'],
    ['/it/invitations/no-such-invitation', 422, 'Impossibile elaborare', 'Questo invito non è valido, è già stato usato oppure è scaduto.'],
  ])('%s answers %i with its error page', async (path, status, title, message) => {
    ;({ page, errors } = await browser.open(desktop, { signIn: true, locale: 'en-US' }))
    const response = await page.goto(path)
    expect(response!.status()).toBe(status)
    await page.waitForLoadState('networkidle')
    expect(await page.getByTestId('error-title').textContent()).toBe(title)
    // The service's own message (errors.invalid_invitation) in the page's language.
    expect(await page.getByTestId('error-message').textContent()).toBe(message)
  })
})
