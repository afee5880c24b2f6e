import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { desktop, keepScreenshot, phone, screenshotDir } from './browser.ts'
import { useBrowserPage } from './fixtures.ts'
import { signInAs } from './demo-login.ts'
import { sharedServer } from './shared-server.ts'

// The print kit: the route leaflet prints on exactly one A4 (or A5) page, rendered to PDF by
// Chromium and turned into PNG by pdftoppm (kept in test-results/screenshots/ to look at); the
// plaque labels print in several sizes.

const baseURL = sharedServer().baseURL
const browser = useBrowserPage({ reducedMotion: null, allowErrors: /status of 404/ })
let context: BrowserContext | undefined
let page: Page

async function open(options = desktop, locale = 'en-US') {
  ;({ context, page } = await browser.open(options, { locale }))
  return page
}

/** Pages of a PDF, and its first page as a PNG under test-results/screenshots/{name}-1.png. */
function pdfPages(pdf: Buffer, name: string): { pages: number; size: string; png: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'print-'))
  const file = path.join(dir, `${name}.pdf`)
  fs.writeFileSync(file, pdf)
  const info = execFileSync('pdfinfo', [file]).toString()
  fs.mkdirSync(screenshotDir, { recursive: true })
  const prefix = path.join(screenshotDir, name)
  execFileSync('pdftoppm', ['-png', '-r', '60', file, prefix])
  const png = fs.readdirSync(screenshotDir).find((f) => f.startsWith(`${name}-`) && f.endsWith('.png'))!
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), size: /Page size:\s+([^\n]+)/.exec(info)?.[1] ?? '', png: path.join(screenshotDir, png) }
}

/**
 * The map as printed (print media): every stop's disc inside the frame and clear of the scale and
 * the north arrow; the path's box fills the frame's width or height (fitted, with a margin).
 */
async function mapGeometry(page: Page) {
  await page.emulateMedia({ media: 'print' })
  const found = await page.getByTestId('print-map').evaluate((svg) => {
    const box = (el: Element) => el.getBoundingClientRect()
    const frame = box(svg.parentElement!)
    const legend = [...svg.querySelectorAll('[data-testid="print-scale"], [data-testid="print-north"]')].map(box)
    const stops = [...svg.querySelectorAll('[data-testid="print-stop-marker"] circle')].map(box)
    const path = [...svg.querySelectorAll('polyline'), ...svg.querySelectorAll('[data-testid="print-stop-marker"] circle')].map(box)
    const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
    const [left, right, top, bottom] = [Math.min(...path.map((b) => b.left)), Math.max(...path.map((b) => b.right)), Math.min(...path.map((b) => b.top)), Math.max(...path.map((b) => b.bottom))]
    return {
      cut: stops.filter((s) => s.left < frame.left || s.right > frame.right || s.top < frame.top || s.bottom > frame.bottom).length,
      onLegend: stops.filter((s) => legend.some((l) => overlaps(s, l))).length,
      filled: Math.max((right - left) / frame.width, (bottom - top) / frame.height),
    }
  })
  await page.emulateMedia({ media: null })
  return found
}

describe('route leaflet /r/{category}/{slug}/print', () => {
  it('prints the published route on exactly one A4 page: map, numbered stops, QR codes of the public addresses', async () => {
    await open()
    const res = await page.goto('/r/lausanne/la-vieille-ville/print')
    expect(res?.status()).toBe(200)
    // Server-rendered, no framework runtime.
    expect(await page.locator('script[src*="/assets/"]').count()).toBe(0)
    await expect.poll(() => page.getByTestId('print-stop-marker').count()).toBeGreaterThan(3)
    const stops = await page.getByTestId('print-stops').locator('li').count()
    expect(stops).toBe(await page.getByTestId('print-stop-marker').count())
    const qr = page.locator('footer img')
    await expect.poll(() => qr.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0))).toBe(true)
    expect(await page.locator('footer').textContent()).toContain(`${baseURL}/r/lausanne/la-vieille-ville`)
    // No stop cut by the frame or over the scale; the path fitted to the frame (issue 26, item 7).
    const geometry = await mapGeometry(page)
    console.info(`A4 map: path fills ${Math.round(geometry.filled * 100)} % of the frame`)
    expect(geometry).toMatchObject({ cut: 0, onLegend: 0 })
    expect(geometry.filled).toBeGreaterThan(0.75)
    await keepScreenshot(page, 'print-leaflet-screen-desktop')
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true })
    const { pages, size, png } = pdfPages(pdf, 'print-leaflet-a4')
    expect(pages).toBe(1)
    expect(size).toMatch(/\(A4\)/)
    expect(fs.statSync(png).size).toBeGreaterThan(10_000)
  })

  it('prints the A5 variant on one A5 page, in the page’s language', async () => {
    await open(desktop, 'fr-FR')
    await page.goto('/fr/r/lausanne/la-vieille-ville/print?size=a5')
    expect(await page.getByTestId('print-sheet').getAttribute('data-size')).toBe('a5')
    expect(await page.locator('html').getAttribute('lang')).toBe('fr')
    await expect.poll(() => page.locator('footer img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0))).toBe(true)
    const { pages, size } = pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }), 'print-leaflet-a5-fr')
    expect(pages).toBe(1)
    expect(size).toMatch(/A5/)
    const geometry = await mapGeometry(page)
    console.info(`A5 map: path fills ${Math.round(geometry.filled * 100)} % of the frame`)
    expect(geometry).toMatchObject({ cut: 0, onLegend: 0 })
    expect(geometry.filled).toBeGreaterThan(0.75)
    await keepScreenshot(page, 'print-leaflet-screen-fr')
  })

  it('leads an old or other address to the canonical one, hides a draft from visitors and shows it to members', async () => {
    await open(phone)
    const res = await page.goto('/R/LAUSANNE/la-vieille-ville/print?size=a5')
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/r/lausanne/la-vieille-ville/print?size=a5')
    expect(res?.status()).toBe(200)
    await keepScreenshot(page, 'print-leaflet-phone')
    expect((await page.goto('/r/lausanne/les-musees/print'))?.status()).toBe(404)
    await signInAs(context!)
    expect((await page.goto('/r/lausanne/les-musees/print'))?.status()).toBe(200)
  })
})

describe('plaque labels on the print sheet /qr-codes/print', () => {
  it('prints the category’s QR codes as labels of the chosen size (small, medium, large) on A4', async () => {
    await open()
    await signInAs(context!)
    const categories = await (await context!.request.get('/api/place-categories')).json()
    const lausanne = categories.data.find((c: { slug: string }) => c.slug === 'lausanne')
    for (const [size, mm, columns] of [['s', 34, 4], ['m', 48, 3], ['l', 80, 2]] as const) {
      await page.goto(`/qr-codes/print?category=${lausanne.id}&size=${size}`)
      expect(await page.getByTestId('print-sheet').getAttribute('data-size')).toBe(size)
      const widths = await page.getByTestId('label-qr').evaluateAll((imgs) => imgs.map((i) => i.getBoundingClientRect().width))
      expect(widths.length).toBeGreaterThan(5)
      // CSS millimetres: 96 px per inch.
      for (const w of widths) expect(w).toBeCloseTo((mm * 96) / 25.4, 0)
      // As printed: A4 less the sheet's 12 mm margins is 186 mm (703 CSS px) wide.
      await page.setViewportSize({ width: 703, height: 1000 })
      await page.emulateMedia({ media: 'print' })
      const tops = await page.getByTestId('print-code').evaluateAll((items) => items.slice(0, 8).map((i) => Math.round(i.getBoundingClientRect().top)))
      expect(tops.filter((top) => top === tops[0])).toHaveLength(Math.min(columns, tops.length))
      await page.emulateMedia({ media: null })
      await page.setViewportSize({ width: 1280, height: 800 })
      const { pages } = pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }), `plaque-labels-${size}`)
      expect(pages).toBeGreaterThanOrEqual(1)
      // Each label carries the address a phone that cannot scan types (issue 26, item 7).
      const codes = await page.getByTestId('print-code').evaluateAll((items) => items.map((i) => i.getAttribute('data-code')))
      expect(await page.getByTestId('label-address').allTextContents()).toEqual(codes.map((code) => expect.stringContaining(`${new URL(baseURL).host}/q/${code}`)))
      if (size === 'l') {
        // Large labels: two rows fill each A4 page (was a third of each page left empty).
        expect(pages).toBe(Math.ceil(codes.length / 4))
        await page.emulateMedia({ media: 'print' })
        const heights = await page.getByTestId('print-code').evaluateAll((items) => items.map((i) => i.getBoundingClientRect().height))
        await page.emulateMedia({ media: null })
        for (const h of heights) expect(h).toBeGreaterThanOrEqual((122 * 96) / 25.4 - 1)
      }
    }
    await page.setViewportSize({ width: 390, height: 844 })
    await keepScreenshot(page, 'plaque-labels-phone')
  })
})
