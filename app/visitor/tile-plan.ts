import type { LatLng } from '#app/modules/geo/geo.ts'

// Which map tiles a walk needs offline: every tile within a corridor around the path
// and the stops, at a few zoom levels, and the largest set of levels that fits a byte budget.
// Pure (Web Mercator "slippy map" numbering, as Leaflet and every tile server use it).

export interface TileCoord {
  z: number
  x: number
  y: number
}

export interface PackOptions {
  /** Map zoom levels to consider, lowest first; the highest are dropped to fit the budget. */
  zooms: number[]
  /** Half-width of the corridor around the path, in metres. */
  corridorM: number
  /** Leaflet's zoomOffset: 1 when high-density screens ask for the next level's tiles (detectRetina). */
  zoomOffset?: number
}

const METRES_PER_DEGREE = 111_320

const tileX = (lng: number, z: number) => Math.floor(((lng + 180) / 360) * 2 ** z)
function tileY(lat: number, z: number): number {
  const clamped = Math.max(-85.0511, Math.min(85.0511, lat))
  const rad = (clamped * Math.PI) / 180
  return Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z)
}

/** Points along each path no farther apart than `step` metres (so the corridor has no gaps). */
export function densify(paths: LatLng[][], step: number): LatLng[] {
  const out: LatLng[] = []
  for (const path of paths) {
    for (let i = 0; i < path.length; i++) {
      const a = path[i]
      out.push(a)
      const b = path[i + 1]
      if (!b) continue
      const dy = (b.lat - a.lat) * METRES_PER_DEGREE
      const dx = (b.lng - a.lng) * METRES_PER_DEGREE * Math.cos((a.lat * Math.PI) / 180)
      const parts = Math.ceil(Math.hypot(dx, dy) / step)
      for (let k = 1; k < parts; k++) out.push({ lat: a.lat + ((b.lat - a.lat) * k) / parts, lng: a.lng + ((b.lng - a.lng) * k) / parts })
    }
  }
  return out
}

/** The tiles of one tile zoom level that cover a square of ±`corridorM` around each point. */
function tilesAt(points: LatLng[], z: number, corridorM: number): TileCoord[] {
  const seen = new Set<string>()
  const tiles: TileCoord[] = []
  for (const p of points) {
    const dLat = corridorM / METRES_PER_DEGREE
    const dLng = corridorM / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((p.lat * Math.PI) / 180)))
    const [x0, x1] = [tileX(p.lng - dLng, z), tileX(p.lng + dLng, z)]
    const [y0, y1] = [tileY(p.lat + dLat, z), tileY(p.lat - dLat, z)]
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const key = `${x}/${y}`
        if (seen.has(key)) continue
        seen.add(key)
        tiles.push({ z, x, y })
      }
    }
  }
  return tiles
}

/** Every tile the walk needs at each map zoom level (tile zoom = map zoom + zoomOffset). */
export function corridorTiles(paths: LatLng[][], options: PackOptions): Map<number, TileCoord[]> {
  const points = densify(paths, Math.max(10, options.corridorM))
  const byZoom = new Map<number, TileCoord[]>()
  for (const zoom of options.zooms) byZoom.set(zoom, tilesAt(points, zoom + (options.zoomOffset ?? 0), options.corridorM))
  return byZoom
}

export interface PackPlan {
  /** The map zoom levels kept (lowest first). */
  zooms: number[]
  tiles: TileCoord[]
  /** Estimated bytes of the tiles: their number times the average tile size. */
  tileBytes: number
}

/**
 * The most zoom levels, from the lowest up, whose tiles fit `budgetBytes` (less `otherBytes`,
 * the pages and photos) at `averageTileBytes` each. The lowest level is always kept, so a walk
 * always has some map.
 */
export function planPack(byZoom: Map<number, TileCoord[]>, averageTileBytes: number, budgetBytes: number, otherBytes = 0): PackPlan {
  const zooms = [...byZoom.keys()].sort((a, b) => a - b)
  const plan: PackPlan = { zooms: [], tiles: [], tileBytes: 0 }
  for (const zoom of zooms) {
    const tiles = byZoom.get(zoom)!
    const bytes = tiles.length * averageTileBytes
    if (plan.zooms.length > 0 && otherBytes + plan.tileBytes + bytes > budgetBytes) break
    plan.zooms.push(zoom)
    plan.tiles.push(...tiles)
    plan.tileBytes += bytes
  }
  return plan
}

/**
 * A tile's URL from the TILE_URL template, as Leaflet builds it: `{s}` picks a subdomain by
 * (x + y) (so the saved URL is the one the map will ask for), `{r}` is empty.
 */
export function tileUrl(template: string, tile: TileCoord, subdomains = 'abc'): string {
  return template
    .replace('{s}', subdomains[Math.abs(tile.x + tile.y) % subdomains.length] ?? '')
    .replace('{z}', String(tile.z))
    .replace('{x}', String(tile.x))
    .replace('{y}', String(tile.y))
    .replace('{r}', '')
}

/** A regular expression matching every URL of the template (the service worker's tile route). */
export function tileUrlPattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&')
  const source = escaped
    .replace(/\{[zxy]\}/g, '\\d+')
    .replace('{s}', '[a-z0-9-]+')
    .replace('{r}', '(?:@2x)?')
  return new RegExp(`^${source}(?:\\?.*)?$`)
}
