import { retinaTiles } from '#app/map/trail-map.ts'
import { corridorTiles, planPack, tileUrl } from './tile-plan.ts'
import type { TrailData } from './trail-data.ts'
import { VISITOR_CACHES } from './visitor-paths.ts'

// A walk saved for offline (ADR 021): its map page and landing page in the visitor's
// language, their scripts, styles and photos, and the map tiles along the path, in one cache per
// walk (`trailguide-walk:{uuid}`) that the service worker answers from when the network is gone.
// The list of saved walks is kept in localStorage beside it.

export interface SavedWalk {
  uuid: string
  name: string
  mapPath: string
  version: string
  bytes: number
  zooms: number[]
  savedAt: string
  checkedAt?: string
}

export interface PackEstimate {
  files: string[]
  tiles: string[]
  zooms: number[]
  bytes: number
  /** The tile source refused a cross-origin read (no CORS): the walk is saved without tiles. */
  tilesRefused: boolean
  /** What the estimate already put in the walk's cache (absolute URL → bytes): not fetched again. */
  fetched: Map<string, number>
}

const LIST_KEY = 'trailguide:saved-walks'
const CONCURRENCY = 6
/** A saved walk is compared with the server's at most this often. */
const CHECK_EVERY_MS = 10 * 60 * 1000

export const offlineSupported = () => typeof window !== 'undefined' && 'caches' in window && 'serviceWorker' in navigator

export function savedWalks(): SavedWalk[] {
  try {
    const list = JSON.parse(localStorage.getItem(LIST_KEY) ?? '[]') as unknown
    return Array.isArray(list) ? (list as SavedWalk[]) : []
  } catch {
    return []
  }
}

function writeList(list: SavedWalk[]) {
  localStorage.setItem(LIST_KEY, JSON.stringify(list))
}

const cacheName = (uuid: string) => `${VISITOR_CACHES.walkPrefix}${uuid}`

export async function removeWalk(uuid: string): Promise<void> {
  await caches.delete(cacheName(uuid))
  writeList(savedWalks().filter((w) => w.uuid !== uuid))
}

/** The same-origin files a page needs besides itself: scripts, styles, images, the map's styles. */
function resourcesOf(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  const urls = new Set<string>()
  for (const el of doc.querySelectorAll('script[src], link[rel="stylesheet"][href], link[rel="icon"][href], link[rel="manifest"][href], img[src]')) {
    const value = el.getAttribute('src') ?? el.getAttribute('href')
    if (value) urls.add(value)
  }
  const trail = doc.querySelector('[data-trail]')?.getAttribute('data-trail')
  if (trail) {
    const data = JSON.parse(trail) as TrailData
    for (const style of data.styles) urls.add(style)
    // The stops' recordings (ADR 122): weighed with the rest, kept for listening offline.
    for (const stop of data.places) if (stop.recording) urls.add(stop.recording.url)
  }
  return [...urls].map((u) => new URL(u, location.href)).filter((u) => u.origin === location.origin).map((u) => u.pathname + u.search)
}

/** The visitor's (public) copy of a page: never a signed-in member's, which may show a draft. */
const fetchPublic = (url: string) => fetch(url, { credentials: 'omit', cache: 'no-store' })

const absolute = (url: string) => new URL(url, location.href).href

/**
 * What saving the walk takes: its pages and files (fetched and kept in the walk's cache, so the
 * figure is the bytes saved, not a guess from headers: compressed lengths would halve it), and
 * the tile levels that fit the budget with them, from the average of a few tiles.
 */
export async function estimatePack(trail: TrailData, onlyZooms?: number[]): Promise<PackEstimate> {
  const cache = await caches.open(cacheName(trail.uuid))
  const fetched = new Map<string, number>()
  const keep = async (url: string, res: Response) => {
    const size = (await res.clone().arrayBuffer()).byteLength
    await cache.put(absolute(url), res)
    fetched.set(absolute(url), size)
    return size
  }
  const files = new Set<string>()
  for (const page of trail.pages) {
    const res = await fetchPublic(page)
    if (!res.ok) throw new Error(`page ${res.status}`)
    const html = await res.clone().text()
    await keep(page, res)
    files.add(page)
    for (const url of resourcesOf(html)) files.add(url)
  }
  await Promise.all(
    [...files]
      .filter((f) => !fetched.has(absolute(f)))
      .map(async (url) => {
        const res = await fetchPublic(url)
        if (!res.ok) throw new Error(`${url}: ${res.status}`)
        await keep(url, res)
      }),
  )
  const bytes = [...fetched.values()].reduce((a, b) => a + b, 0)
  if (!trail.tiles.saving) return { files: [...files], tiles: [], zooms: [], bytes, tilesRefused: false, fetched }

  const paths = trail.paths.length > 0 ? trail.paths : [trail.places.map((p): [number, number] => [p.lat, p.lng])]
  const zooms = onlyZooms ?? trail.offline.zooms
  const byZoom = corridorTiles(
    paths.map((path) => path.map(([lat, lng]) => ({ lat, lng }))),
    { zooms, corridorM: trail.offline.corridorM, zoomOffset: retinaTiles() ? 1 : 0 },
  )
  // The average tile of this source, from a few along the path (kept: they are needed anyway).
  const middle = byZoom.get(zooms[Math.floor(zooms.length / 2)]) ?? []
  const samples = middle.filter((_, i) => i % Math.max(1, Math.floor(middle.length / 4)) === 0).slice(0, 4)
  const sampled: number[] = []
  try {
    for (const tile of samples) {
      const url = tileUrl(trail.tiles.url, tile)
      const res = await fetch(url, { mode: 'cors', credentials: 'omit' })
      if (res.ok) sampled.push(await keep(url, res))
    }
  } catch {
    return { files: [...files], tiles: [], zooms: [], bytes, tilesRefused: true, fetched }
  }
  const average = sampled.length > 0 ? sampled.reduce((a, b) => a + b, 0) / sampled.length : 20_000
  const plan = planPack(byZoom, average, onlyZooms ? Infinity : trail.offline.budgetBytes, bytes)
  const tiles = plan.tiles.map((t) => tileUrl(trail.tiles.url, t))
  // The sampled tiles are counted once: by their size, not the average.
  const sampledPlanned = tiles.filter((t) => fetched.has(absolute(t)))
  const tileBytes = plan.tileBytes - sampledPlanned.length * average + sampledPlanned.reduce((a, t) => a + fetched.get(absolute(t))!, 0)
  return { files: [...files], tiles, zooms: plan.zooms, bytes: Math.round(bytes + tileBytes), tilesRefused: false, fetched }
}

/**
 * Downloads the pack into the walk's cache (what the estimate fetched is not fetched again; the
 * rest is, even when there: this is also how a newer version replaces the old), drops what the
 * new pack no longer holds, and lists the walk. `onProgress` gets (done, total) after each file.
 */
export async function savePack(trail: TrailData, estimate: PackEstimate, onProgress: (done: number, total: number) => void, signal?: AbortSignal): Promise<SavedWalk> {
  const cache = await caches.open(cacheName(trail.uuid))
  const items = [...estimate.files.map((url) => ({ url, tile: false })), ...estimate.tiles.map((url) => ({ url, tile: true }))]
  let done = 0
  let bytes = 0
  const queue = [...items]
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      if (signal?.aborted) throw new DOMException('cancelled', 'AbortError')
      const known = estimate.fetched.get(absolute(item.url))
      if (known !== undefined) {
        bytes += known
        onProgress(++done, items.length)
        continue
      }
      const res = item.tile ? await fetch(item.url, { mode: 'cors', credentials: 'omit', signal }) : await fetchPublic(item.url)
      if (!res.ok) throw new Error(`${item.url}: ${res.status}`)
      // Read before adding: `bytes += await …` would add to the total as it was before the wait (six workers).
      const size = (await res.clone().arrayBuffer()).byteLength
      bytes += size
      await cache.put(absolute(item.url), res)
      onProgress(++done, items.length)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  const wanted = new Set(items.map((i) => absolute(i.url)))
  for (const request of await cache.keys()) if (!wanted.has(request.url)) await cache.delete(request)
  const saved: SavedWalk = { uuid: trail.uuid, name: trail.name, mapPath: trail.pages[0], version: trail.version, bytes, zooms: estimate.zooms, savedAt: new Date().toISOString() }
  writeList([saved, ...savedWalks().filter((w) => w.uuid !== trail.uuid)])
  return saved
}

/**
 * Online, each saved walk is compared with the server's map page (its `data-trail-version`);
 * a newer version is saved over the old one (same zoom levels). Returns the walks replaced.
 */
export async function refreshSavedWalks(): Promise<string[]> {
  if (!navigator.onLine) return []
  const replaced: string[] = []
  for (const walk of savedWalks()) {
    if (walk.checkedAt && Date.now() - Date.parse(walk.checkedAt) < CHECK_EVERY_MS) continue
    const res = await fetchPublic(walk.mapPath).catch(() => null)
    if (!res?.ok) continue
    const doc = new DOMParser().parseFromString(await res.text(), 'text/html')
    const raw = doc.querySelector('[data-trail]')?.getAttribute('data-trail')
    if (!raw) continue
    const trail = JSON.parse(raw) as TrailData
    if (trail.version !== walk.version) {
      await savePack(trail, await estimatePack(trail, walk.zooms.length ? walk.zooms : []), () => {})
      replaced.push(walk.uuid)
    }
    writeList(savedWalks().map((w) => (w.uuid === walk.uuid ? { ...w, checkedAt: new Date().toISOString() } : w)))
  }
  return replaced
}
