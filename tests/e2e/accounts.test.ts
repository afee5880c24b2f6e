import fs from 'node:fs'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { desktop, keepScreenshot, phone, waitForHydration } from './browser.ts'
import { useBrowserPage } from './fixtures.ts'
import { sharedServer } from './shared-server.ts'

const baseURL = sharedServer().baseURL
const dataDir = sharedServer().dataDir
const browser = useBrowserPage()
let context: BrowserContext
let page: Page

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 7)}`

async function open(options = desktop, locale = 'en-US') {
  ;({ context, page } = await browser.open(options, { locale }))
  return page
}

async function register(name: string, email: string, password = 'walking in the hills') {
  await page.goto('/auth/register')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm the password').fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await page.waitForURL('**/dashboard')
}

describe('accounts in the browser', () => {
  it('registers, lands on the dashboard, switches to German, logs out and logs in again', async () => {
    await open()
    const email = `ada-${unique()}@example.org`
    await page.goto('/auth/register')
    await keepScreenshot(page, 'register')
    await register('Ada Lovelace', email)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard')
    await expect.poll(() => page.getByText('Welcome, Ada Lovelace').isVisible()).toBe(true)
    await keepScreenshot(page, 'dashboard')

    await waitForHydration(page)

    await page.getByTestId('language-switcher').selectOption('de')
    await page.waitForURL('**/de/dashboard')
    await expect.poll(() => page.getByText('Willkommen, Ada Lovelace', { exact: false }).isVisible()).toBe(true)
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de')
    await keepScreenshot(page, 'dashboard-de')

    // The choice is saved on the account: a fresh load of an unprefixed page comes back German.
    await page.goto('/dashboard')
    await page.waitForURL('**/de/dashboard')

    await waitForHydration(page)

    await page.getByTestId('user-menu').click()
    await page.getByTestId('logout').click()
    await page.waitForURL('**/de/auth/login')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Sign in')
    await keepScreenshot(page, 'login-de')

    // Signed out for real: the dashboard now sends to the login page.
    await page.goto('/de/dashboard')
    await page.waitForURL('**/de/auth/login?redirectTo=%2Fdashboard')

    await page.getByLabel('E-Mail-Adresse').fill(email)
    await page.getByLabel('Passwort', { exact: true }).fill('walking in the hills')
    await page.getByRole('button', { name: 'Anmelden' }).click()
    await page.waitForURL('**/de/dashboard')
    await expect.poll(() => page.getByText('Willkommen, Ada Lovelace', { exact: false }).isVisible()).toBe(true)
  })

  it('shows field errors inline in the page’s language', async () => {
    await open()
    await page.goto('/fr/auth/register')
    await page.getByRole('button', { name: 'Créer le compte' }).click()
    await expect.poll(() => page.getByTestId('error-name').textContent()).toBe('Le champ nom est obligatoire.')
    await page.getByLabel('Adresse e-mail').fill('not-an-email')
    await page.getByRole('button', { name: 'Créer le compte' }).click()
    await expect.poll(() => page.getByTestId('error-email').textContent()).toBe(
      'Le champ adresse e-mail doit être une adresse e-mail valide.',
    )
    expect(await page.getByTestId('error-email').textContent()).not.toMatch(/The email field/)
    await keepScreenshot(page, 'register-errors-fr')
  })

  it('answers a wrong password on the form, without leaving the page', async () => {
    await open()
    await page.goto('/auth/login')
    await page.getByLabel('Email').fill('nobody@example.org')
    await page.getByLabel('Password').fill('whatever it is')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect.poll(() => page.getByTestId('error-email').textContent()).toBe('These credentials do not match our records.')
    expect(new URL(page.url()).pathname).toBe('/auth/login')
    await keepScreenshot(page, 'login-error')
  })

  it('sends a guest to the login page and back to the page asked for', async () => {
    await open()
    const email = `grace-${unique()}@example.org`
    await register('Grace Hopper', email)
    await context.clearCookies()
    await page.goto('/statistics')
    await page.waitForURL('**/auth/login?redirectTo=%2Fstatistics')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('walking in the hills')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL('**/statistics')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Statistics')
    // Guest-only pages send a signed-in user to the dashboard.
    await page.goto('/auth/login')
    await page.waitForURL('**/dashboard')
  })

  it('resets a forgotten password with the e-mailed link', async () => {
    await open()
    const email = `katherine-${unique()}@example.org`
    await register('Katherine Johnson', email)
    await context.clearCookies()
    await page.goto('/auth/forgot')
    await page.getByLabel('Email').fill(email)
    await page.getByRole('button', { name: 'Send the link' }).click()
    await expect.poll(() => page.getByTestId('form-success').isVisible()).toBe(true)
    await keepScreenshot(page, 'forgot-sent')

    const outbox = path.join(dataDir, 'outbox')
    // The mail is written after the answer (the mail queue): wait for it.
    const readMail = () =>
      (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).map((f) => JSON.parse(fs.readFileSync(path.join(outbox, f), 'utf8'))).find((m) => m.to === email)
    await expect.poll(readMail).toBeTruthy()
    const mail = readMail()
    expect(mail.link).toMatch(/\/auth\/reset-password\//)
    await page.goto(new URL(mail.link).pathname)
    await keepScreenshot(page, 'reset-password')
    await page.getByLabel('New password').fill('a fresh secret 42')
    await page.getByLabel('Confirm the password').fill('a fresh secret 42')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await page.waitForURL('**/auth/login?reset=done')
    // The account's e-mail is filled in, once (a reload finds it gone, as its cookie).
    expect(await page.getByLabel('Email').inputValue()).toBe(email)
    expect((await context.cookies()).some((c) => c.name === 'reset_email')).toBe(false)
    await page.reload()
    expect(await page.getByLabel('Email').inputValue()).toBe('')
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('a fresh secret 42')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL('**/dashboard')
  })

  it('ends a session the server revoked: tells the user and opens the login page', async () => {
    await open()
    await register('Mary Somerville', `mary-${unique()}@example.org`)
    const token = (await context.cookies()).find((c) => c.name === 'token')!
    expect(token.httpOnly).toBe(true)
    const revoked = await fetch(`${baseURL}/api/auth/logout`, { method: 'POST', headers: { Authorization: `Bearer ${token.value}` } })
    expect(revoked.status).toBe(200)

    await waitForHydration(page)

    await page.getByTestId('language-switcher').selectOption('it')
    const toast = page.getByTestId('toast')
    await expect.poll(() => toast.textContent()).toContain('Session expired, please login again')
    expect(await toast.getByRole('button', { name: 'Close' }).isVisible()).toBe(true)
    // The sign-in page names the page to come back to (?redirectTo=…).
    await page.waitForURL(/\/auth\/login(\?|$)/)
    await keepScreenshot(page, 'session-expired')
  })

  it('shows the 404 page for an unknown path, with status 404', async () => {
    await open()
    const response = await page.goto('/no/such/page')
    expect(response!.status()).toBe(404)
    expect(await page.getByTestId('error-title').textContent()).toBe('Page Not Found')
    expect(await page.getByTestId('error-message').textContent()).toBe('Page not found: /no/such/page')
    expect(await page.title()).toBe('Page Not Found · Trailguide')
    await keepScreenshot(page, 'not-found')

    const german = await page.goto('/de/gibt-es-nicht')
    expect(german!.status()).toBe(404)
    expect(await page.getByTestId('error-title').textContent()).toBe('Seite nicht gefunden')
    expect(await page.getByTestId('error-message').textContent()).toBe('Seite nicht gefunden: /de/gibt-es-nicht')
  })

  it('works on a phone-sized screen', async () => {
    await open(phone)
    await register('Hedy Lamarr', `hedy-${unique()}@example.org`)
    await keepScreenshot(page, 'dashboard-phone')
    await waitForHydration(page)
    await page.getByRole('button', { name: 'Open the menu' }).click()
    await page.getByRole('navigation').getByRole('link', { name: 'Heatmap' }).click()
    await page.waitForURL('**/heatmap')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Heatmap')
    // Sign out on the phone too: the page asks, the button posts, the sign-in page follows.
    // (Waited for to the end: a context closed in the middle of a navigation could hang.)
    await page.goto('/auth/logout')
    await page.getByTestId('logout-confirm').click()
    await page.waitForURL('**/auth/login**')
  })
})
