import { loadSharp } from '#app/platform/images/sharp.server.ts'

// Mail clients show neither SVG nor scripts: the chart is a PNG, drawn as SVG and rasterised
// by sharp (librsvg), attached inline and shown by Content-ID. No text inside the image: the
// figures are in the mail itself (readable, translated, searchable), and no font is needed; the
// mail writes the scale beside the image and the dates under it (`chartScale`, `chartDays`).

export const CHART_WIDTH = 560
export const CHART_HEIGHT = 160

const esc = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

const PAD = 8

/**
 * The value of the chart's top line: a round number at or above the busiest day, even so that
 * the middle line is a whole number too (2, 4, 6, 8, 10, 20, 40 … 100, 200 …).
 */
export function chartScale(days: Array<{ views: number }>): { top: number; middle: number } {
  const max = Math.max(0, ...days.map((d) => d.views))
  let top = 2
  for (let unit = 1; top < max; unit *= 10) {
    const step = [2, 4, 6, 8, 10].map((m) => m * unit).find((v) => v >= max)
    if (step !== undefined) top = step
  }
  return { top, middle: top / 2 }
}

/** The days labelled under the chart: the first, the middle and the last, where their bars are. */
export function chartDays<T extends { day: string }>(days: T[]): T[] {
  if (days.length === 0) return []
  return [days[0]!, days[Math.floor((days.length - 1) / 2)]!, days[days.length - 1]!]
}

/** The SVG of a bar per day against the scale's lines (top, middle, zero), ticks under the labelled days. */
function dailyViewsSvg(days: Array<{ day: string; views: number }>, color = '#0f766e'): string {
  const pad = PAD
  const max = chartScale(days).top
  const slot = (CHART_WIDTH - pad * 2) / Math.max(1, days.length)
  const bar = Math.max(2, slot * 0.7)
  const base = CHART_HEIGHT - pad
  const bars = days
    .map((d, i) => {
      const h = d.views === 0 ? 0 : Math.max(2, ((base - pad) * d.views) / max)
      const x = pad + i * slot + (slot - bar) / 2
      return `<rect x="${x.toFixed(1)}" y="${(base - h).toFixed(1)}" width="${bar.toFixed(1)}" height="${h.toFixed(1)}" rx="2" fill="${esc(color)}"/>`
    })
    .join('')
  // The scale's lines, at the middle and the top value the mail writes beside the image.
  const grid = [0.5, 1]
    .map((f) => `<line x1="${pad}" x2="${CHART_WIDTH - pad}" y1="${(base - (base - pad) * f).toFixed(1)}" y2="${(base - (base - pad) * f).toFixed(1)}" stroke="#d1d5db" stroke-width="1"/>`)
    .join('')
  const labelled = new Set(chartDays(days).map((d) => d.day))
  const ticks = days
    .map((d, i) => (labelled.has(d.day) ? `<line x1="${(pad + (i + 0.5) * slot).toFixed(1)}" x2="${(pad + (i + 0.5) * slot).toFixed(1)}" y1="${base}" y2="${CHART_HEIGHT}" stroke="#6b7280" stroke-width="1.5"/>` : ''))
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>${grid}${bars}${ticks}` +
    `<line x1="${pad}" x2="${CHART_WIDTH - pad}" y1="${base}" y2="${base}" stroke="#9ca3af" stroke-width="1"/></svg>`
  )
}

/** The PNG of `dailyViewsSvg`, at twice its size so it stays sharp on a phone's screen. */
export async function dailyViewsPng(days: Array<{ day: string; views: number }>): Promise<Buffer> {
  // sharp on first use, with the process's settings (no cache, one thread): not at the server's start.
  const sharp = await loadSharp()
  return sharp(Buffer.from(dailyViewsSvg(days)), { density: 144 }).png({ compressionLevel: 9 }).toBuffer()
}
