import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { keepScreenshot, phone, waitForPageScript } from './browser.ts'
import { useBrowserPage } from './fixtures.ts'

// The walk on a phone (390 × 844), in French and German: the 20 m cue brings the stop's text and
// "Listen" on screen; "Listen" reads only content, part by part, each in its own language; the
// stop's report link works in a new tab and is the one "Report a problem here" on screen; the
// route leads to the category's other walks, whose home shows them first.

const visitorAgent = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const route = 'lausanne/la-vieille-ville'
const cathedral = { name: 'Cathédrale de Lausanne', lat: 46.52255, lng: 6.63567 }
const browser = useBrowserPage()
let context: BrowserContext
let page: Page

const languages = {
  fr: { tag: 'fr-FR', position: 'Afficher ma position', listen: 'Écouter', stop: 'Étape', report: 'Signaler un problème ici', reportPage: 'Signaler un problème', allWalks: 'Tous les parcours de Lausanne' },
  de: { tag: 'de-DE', position: 'Meine Position anzeigen', listen: 'Anhören', stop: 'Station', report: 'Hier ein Problem melden', reportPage: 'Ein Problem melden', allWalks: 'Alle Rundgänge von Lausanne' },
} as const

async function visitor(locale: string) {
  ;({ context, page } = await browser.open(phone, { locale, userAgent: visitorAgent }))
  await context.grantPermissions(['geolocation'])
  await context.setGeolocation({ latitude: 46.5226, longitude: 6.635 })
  await context.addInitScript(() => {
    const w = window as unknown as { spoken: { text: string; lang: string }[] }
    w.spoken = []
    window.speechSynthesis.speak = (u: SpeechSynthesisUtterance) => void w.spoken.push({ text: u.text, lang: u.lang })
  })
}

/** How much of an element the visitor sees: its box inside the viewport and its scrolling sheet. */
const onScreen = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const box = el.getBoundingClientRect()
    let top = 0
    let bottom = window.innerHeight
    for (let parent = el.parentElement; parent; parent = parent.parentElement) {
      if (!/(auto|scroll|hidden)/.test(getComputedStyle(parent).overflowY)) continue
      const clip = parent.getBoundingClientRect()
      top = Math.max(top, clip.top)
      bottom = Math.min(bottom, clip.bottom)
    }
    return { top: box.top, bottom: box.bottom, whole: box.top >= top && box.bottom <= bottom, starts: box.top >= top && box.top + 16 <= bottom }
  })

const spoken = () => page.evaluate(() => (window as unknown as { spoken: { text: string; lang: string }[] }).spoken.splice(0))

/** The cathedral's story as "Listen" reads it: English visitors the English one, the others the French fallback's (ADR 044). */
const storyOf = (locale: string) =>
  locale === 'en'
    ? [{ text: 'The watchman', lang: 'en' }, { text: expect.stringMatching(/^Every night from 10 pm/), lang: 'en' }]
    : [{ text: 'Le guet', lang: 'fr' }, { text: expect.stringMatching(/^Chaque nuit, de 22/), lang: 'fr' }]

describe.each(Object.entries(languages))('the walk on a phone (%s)', (locale, m) => {
  it('near a stop: its text and "Listen" on screen, read part by part in each text’s language; one report link, which works in a new tab', async () => {
    await visitor(m.tag)
    await page.goto(`/${locale}/m/${route}`)
    await waitForPageScript(page)
    await page.getByRole('button', { name: m.position }).click()
    await context.setGeolocation({ latitude: cathedral.lat + 0.00005, longitude: cathedral.lng })
    const detail = page.getByTestId('place-detail')
    await expect.poll(() => detail.getByRole('heading', { level: 2 }).textContent()).toBe(cathedral.name)

    // On screen without scrolling: "Listen" whole, the story's title and text started.
    expect(await onScreen(page, '[data-listen]')).toMatchObject({ whole: true })
    expect(await onScreen(page, '[data-place-detail] [data-detail-body] h3')).toMatchObject({ starts: true })
    expect(await onScreen(page, '[data-place-detail] [data-detail-body] li p')).toMatchObject({ starts: true })
    await keepScreenshot(page, `visitor-walk/near-a-stop-phone-${locale}`, { fullPage: false })

    await page.getByRole('button', { name: m.listen }).click()
    expect(await spoken()).toEqual([
      { text: expect.stringMatching(new RegExp(`^${m.stop} \\d+\\. ${cathedral.name}\\.$`)), lang: locale },
      ...storyOf(locale),
    ])

    // The stop's report link names the route and the stop: it works opened in a new tab.
    const link = page.getByTestId('report-place')
    const href = new URL((await link.getAttribute('href'))!, 'http://x')
    const placeId = await page.evaluate(() => new URL(location.href).searchParams.get('place'))
    expect(href.pathname).toBe(`/${locale}/report`)
    expect(href.searchParams.get('route')).toMatch(/^[0-9a-f-]{36}$/)
    expect(href.searchParams.get('place')).toBe(placeId)
    const visible = await page.getByText(m.report, { exact: true }).evaluateAll((els) => els.filter((el) => (el as HTMLElement).checkVisibility()).length)
    expect(visible).toBe(1)
    const tab = await context.newPage()
    const opened = await tab.goto(`${href.pathname}${href.search}`)
    expect(opened?.status()).toBe(200)
    expect(await tab.getByRole('heading', { level: 1 }).textContent()).toBe(m.reportPage)
    expect(await tab.locator('[data-report-about]').textContent()).toContain(cathedral.name)
    await tab.close()

    // A stop without a story: its number and name only, never the "none yet" line.
    const quiet = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-place-body]')].find((b) => !b.querySelector('[data-speak]'))?.dataset.placeBody)
    expect(quiet).toBeDefined()
    await page.goto(`/${locale}/m/${route}?place=${quiet}`)
    await waitForPageScript(page)
    await page.getByRole('button', { name: m.listen }).click()
    const alone = await spoken()
    expect(alone).toHaveLength(1)
    expect(alone[0]).toMatchObject({ text: expect.stringMatching(new RegExp(`^${m.stop} \\d+\\. .+\\.$`)), lang: locale })
  })

  it('leads from the route to the category’s other walks, shown first on the phone', async () => {
    await visitor(m.tag)
    await page.goto(`/${locale}/m/${route}`)
    await waitForPageScript(page)
    await page.getByRole('link', { name: m.allWalks }).click()
    await waitForPageScript(page)
    expect(new URL(page.url()).pathname).toBe(`/${locale}/c/lausanne`)
    const first = await page.locator('[data-route-card]').first().boundingBox()
    console.info(`category home (${locale}, 390 × 844): first walk at ${Math.round(first!.y)} px`)
    expect(first!.y).toBeLessThan(520)
    await keepScreenshot(page, `visitor-walk/category-home-phone-${locale}`, { fullPage: false })

    await page.goto(`/${locale}/r/${route}`)
    await page.getByRole('link', { name: m.allWalks }).click()
    expect(new URL(page.url()).pathname).toBe(`/${locale}/c/lausanne`)
  })
})
