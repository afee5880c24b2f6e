import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core'
import { root } from './server.ts'

export const screenshotDir = path.join(root, 'test-results', 'screenshots')

/** Debian's Chromium, headless, with the flags that keep it off the network. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      ...extraArgs,
    ],
  })
}

export const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
export const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 800 } }

/**
 * Screenshots are for a person to look at, and cost Chromium a second or more each: they are
 * kept when SCREENSHOTS=1 (`npm run test:screens`), and for every failed test (fixtures.ts).
 */
export const keepingScreenshots = process.env.SCREENSHOTS === '1'

/**
 * Keeps a screenshot of a screen (the whole page unless `fullPage: false`) or of one element as a
 * test artifact in test-results/screenshots/ (not committed); `name` may hold a sub-folder.
 */
export async function keepScreenshot(target: Page | Locator, name: string, options: { fullPage?: boolean; always?: boolean } = {}) {
  if (!keepingScreenshots && !options.always) return
  const file = path.join(screenshotDir, `${name}.png`)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  // caret 'initial': hiding the caret injects a style that React would see as a hydration mismatch.
  if ('goto' in target) await target.screenshot({ path: file, fullPage: options.fullPage ?? true, caret: 'initial' })
  else await target.screenshot({ path: file, caret: 'initial' })
}

/** Fails the test on any error the page logs or throws. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`)
  })
  return errors
}

/** Waits until React has hydrated the page, so script-only controls respond. */
export async function waitForHydration(page: Page) {
  await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' })
}

/** Waits until a visitor page's own script (no framework: /m, the category home) has set it up. */
export async function waitForPageScript(page: Page) {
  await page.waitForSelector('html[data-enhanced="true"]', { state: 'attached' })
}
