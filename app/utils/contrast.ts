// WCAG 2.2 contrast (relative luminance), so text on a route's colour stays readable (AA: 4.5:1).

/** Linear sRGB channels (0–1) of `#rgb`, `#rrggbb` or `oklch(L% C H)` (Tailwind's palette is in OKLCH). */
function linearRgb(color: string): [number, number, number] {
  const oklch = /^oklch\(\s*([\d.]+)(%?)\s+([\d.]+)\s+([\d.]+)\s*\)$/i.exec(color.trim())
  if (oklch) {
    const l = Number(oklch[1]) / (oklch[2] ? 100 : 1)
    const c = Number(oklch[3])
    const h = (Number(oklch[4]) * Math.PI) / 180
    const [a, b] = [c * Math.cos(h), c * Math.sin(h)]
    // OKLab → linear sRGB (Björn Ottosson's matrices), clipped to the gamut as a browser shows it.
    const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3
    const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3
    const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3
    const clip = (v: number) => Math.min(1, Math.max(0, v))
    return [
      clip(4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_),
      clip(-1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_),
      clip(-0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_),
    ]
  }
  const value = color.replace('#', '')
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value
  const channels = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255)
  const [r, g, b] = channels.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return [r, g, b]
}

function luminance(color: string): number {
  const [r, g, b] = linearRgb(color)
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}

const WHITE = '#ffffff'
const INK = '#000000'

/** White text on the colour when it reaches 4.5:1, else black (every colour reaches 4.5:1 with one of the two). */
export const textColorOn = (background: string): string => (contrastRatio(background, WHITE) >= 4.5 ? WHITE : INK)
