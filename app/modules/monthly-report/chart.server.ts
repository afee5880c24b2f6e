import { loadSharp } from '#app/platform/images/sharp.server.ts'

// Mail clients show neither SVG nor scripts: the chart is a PNG, drawn as SVG and rasterised
// by sharp (librsvg), attached inline and shown by Content-ID. No text inside the image: the
// figures are in the mail itself (readable, translated, searchable), and no font is needed.

export const CHART_WIDTH = 560
export const CHART_HEIGHT = 160

const esc = (value: string) => value.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/** The SVG of a bar per day; the tallest bar is the month's busiest day. */
function dailyViewsSvg(days: Array<{ day: string; views: number }>, color = '#0f766e'): string {
  const pad = 8
  const max = Math.max(1, ...days.map((d) => d.views))
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
  // Light grid lines at a quarter, half and three quarters of the busiest day.
  const grid = [0.25, 0.5, 0.75]
    .map((f) => `<line x1="${pad}" x2="${CHART_WIDTH - pad}" y1="${(base - (base - pad) * f).toFixed(1)}" y2="${(base - (base - pad) * f).toFixed(1)}" stroke="#e5e7eb" stroke-width="1"/>`)
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}">` +
    `<rect width="100%" height="100%" fill="#ffffff"/>${grid}${bars}` +
    `<line x1="${pad}" x2="${CHART_WIDTH - pad}" y1="${base}" y2="${base}" stroke="#9ca3af" stroke-width="1"/></svg>`
  )
}

/** The PNG of `dailyViewsSvg`, at twice its size so it stays sharp on a phone's screen. */
export async function dailyViewsPng(days: Array<{ day: string; views: number }>): Promise<Buffer> {
  // sharp on first use, with the process's settings (no cache, one thread): not at the server's start.
  const sharp = await loadSharp()
  return sharp(Buffer.from(dailyViewsSvg(days)), { density: 144 }).png({ compressionLevel: 9 }).toBuffer()
}
