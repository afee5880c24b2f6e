import { xmlEscape } from '#app/modules/geo/gpx-write.ts'

// The drawing of a route's share picture (og:image, ADR 121): 1200 × 630, the size messengers
// and social networks show large. Pure: the same route always gives the same SVG, whose hash
// keys the rendered PNG.

export const SHARE_IMAGE = { width: 1200, height: 630 } as const

export interface ShareImageInput {
  name: string
  /** The route's colour (#rrggbb). */
  color: string
  /** Metres. */
  distance: number
  stops: { lat: number; lng: number }[]
  /** The drawn path when it is shown to visitors; else the stops are joined in order. */
  paths: { lat: number; lng: number }[][] | null
}

const MAP = { x: 620, y: 40, width: 540, height: 550 }
const INK = '#1f2933'

/** Points on a local equirectangular projection (true enough at a walk's scale), fitted into MAP. */
function projector(points: { lat: number; lng: number }[]) {
  const midLat = points.length ? (Math.min(...points.map((p) => p.lat)) + Math.max(...points.map((p) => p.lat))) / 2 : 0
  const k = Math.cos((midLat * Math.PI) / 180)
  const xs = points.map((p) => p.lng * k)
  const ys = points.map((p) => -p.lat)
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
  const pad = 40
  const span = Math.max(maxX - minX, maxY - minY, 1e-9)
  const scale = Math.min((MAP.width - 2 * pad) / (maxX - minX || span), (MAP.height - 2 * pad) / (maxY - minY || span))
  const offsetX = MAP.x + (MAP.width - (maxX - minX) * scale) / 2
  const offsetY = MAP.y + (MAP.height - (maxY - minY) * scale) / 2
  return (p: { lat: number; lng: number }) => ({ x: offsetX + (p.lng * k - minX) * scale, y: offsetY + (-p.lat - minY) * scale })
}

const round = (n: number) => Math.round(n * 10) / 10

/** The name on at most three lines of about 16 characters (beside the map at 50 px), cut with an ellipsis. */
export function nameLines(name: string, perLine = 16, lines = 3): string[] {
  const words = name.trim().split(/\s+/)
  const out: string[] = []
  let current = ''
  for (const word of words) {
    const next = current ? `${current} ${word}` : word
    if ([...next].length <= perLine || !current) current = next
    else {
      out.push(current)
      current = word
    }
  }
  if (current) out.push(current)
  const cut = (line: string) => ([...line].length > perLine ? `${[...line].slice(0, perLine - 1).join('')}…` : line)
  if (out.length > lines) {
    const kept = out.slice(0, lines)
    const last = [...kept[lines - 1]]
    kept[lines - 1] = `${last.slice(0, Math.min(last.length, perLine - 1)).join('')}…`
    return kept.map(cut)
  }
  return out.map(cut)
}

const formatDistance = (metres: number) => (metres >= 1000 ? `${(metres / 1000).toFixed(1)} km` : `${Math.round(metres)} m`)

export function shareImageSvg(input: ShareImageInput): string {
  const { width, height } = SHARE_IMAGE
  const paths = input.paths?.filter((p) => p.length > 1).length ? input.paths.filter((p) => p.length > 1) : [input.stops]
  const project = projector([...input.stops, ...paths.flat()])
  const lines = paths
    .filter((p) => p.length > 1)
    .map((p) => `<polyline points="${p.map(project).map((q) => `${round(q.x)},${round(q.y)}`).join(' ')}" fill="none" stroke="${input.color}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`)
  const stops = input.stops.map((stop, i) => {
    const { x, y } = project(stop)
    return (
      `<circle cx="${round(x)}" cy="${round(y)}" r="22" fill="#ffffff" stroke="${input.color}" stroke-width="6"/>` +
      `<text x="${round(x)}" y="${round(y + 9)}" text-anchor="middle" font-size="${i + 1 > 99 ? 18 : 24}" font-weight="bold" fill="${INK}">${i + 1}</text>`
    )
  })
  const title = nameLines(input.name).map((line, i) => `<text x="60" y="${160 + i * 64}" font-size="50" font-weight="bold" fill="${INK}">${xmlEscape(line)}</text>`)
  const facts = input.distance > 0 ? `<text x="60" y="540" font-size="40" fill="${INK}">${xmlEscape(formatDistance(input.distance))}</text>` : ''
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Liberation Sans, sans-serif">` +
    `<rect width="${width}" height="${height}" fill="#f7f6f2"/>` +
    `<rect width="24" height="${height}" fill="${input.color}"/>` +
    `<rect x="${MAP.x}" y="${MAP.y}" width="${MAP.width}" height="${MAP.height}" rx="24" fill="#ffffff"/>` +
    lines.join('') +
    stops.join('') +
    title.join('') +
    facts +
    `<text x="60" y="590" font-size="28" fill="#6b7280">Trailguide</text>` +
    `</svg>`
  )
}
