import type { BrowserContextOptions, Locator } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { keepScreenshot, phone, waitForHydration } from './browser.ts'
import { demoEditor } from './demo-login.ts'
import { useBrowserPage } from './fixtures.ts'

// Issue 18, item 23: texts cut with an ellipsis on the nearby-route cards of a landing page and
// in the QR panel's rows (the activation date, at the end of the line, was lost). Every text of
// them is whole, in four languages, on a phone and a laptop.

const published = 'lausanne/la-vieille-ville'
const locales = ['fr', 'en', 'de', 'it'] as const
const sizes: [string, BrowserContextOptions][] = [
  ['desktop', { viewport: { width: 1366, height: 850 } }],
  ['phone', phone],
]
// The fixtures allow failed resource loads (a map tile); the QR panel allows no error at all.
const browser = useBrowserPage()

/** The texts inside these elements that do not fit their box (cut off, or ended with an ellipsis). */
function cutTexts(scope: Locator) {
  return scope.evaluateAll((roots) =>
    roots.flatMap((root) =>
      [root, ...root.querySelectorAll('*')].flatMap((el) => {
        const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '')
        if (!hasText) return []
        const style = getComputedStyle(el)
        return el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible' ? [el.textContent!.trim()] : []
      }),
    ),
  )
}

describe.each(locales)('whole texts in %s', (locale) => {
  it.each(sizes)('nearby-route cards of a landing page (%s)', async (size, options) => {
    const { page } = await browser.open(options, { locale })
    await page.goto(`/${locale}/r/${published}`)
    const cards = page.getByTestId('nearby-route')
    expect(await cards.count()).toBeGreaterThan(0)
    expect(await cutTexts(cards)).toEqual([])
    await cards.first().scrollIntoViewIfNeeded()
    await keepScreenshot(page, `nearby-cards-${locale}-${size}`)
  })

  it.each(sizes)('QR panel rows with their activation dates (%s)', async (size, options) => {
    const { page, errors } = await browser.open(options, { locale, signIn: demoEditor })
    await page.goto(`/${locale}/map?panel=qr`)
    await waitForHydration(page)
    const rows = page.getByTestId('qr-row')
    await rows.first().waitFor()
    const dates = page.getByTestId('qr-activated')
    expect(await dates.count()).toBeGreaterThan(0)
    expect(await cutTexts(rows)).toEqual([])
    // Each date lies inside its row, which lies inside the screen.
    const width = options.viewport!.width
    for (const box of await dates.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) expect(box.right).toBeLessThanOrEqual(width)
    await page.getByRole('tabpanel').scrollIntoViewIfNeeded()
    await keepScreenshot(page, `qr-panel-${locale}-${size}`)
    expect(errors).toEqual([])
  })
})
