import http from 'node:http'
import type { AddressInfo } from 'node:net'

// A real local HTTP server that speaks both geocoding protocols the app asks: Nominatim's
// /search?format=jsonv2&q=… and Mapbox's /geocoding/v5/mapbox.places/<q>.json. It knows a few
// Swiss places; the API tests and the browser tests (tests/e2e/global-setup.ts) use it, so no
// test reaches the internet.

export const GEOCODER_MAPBOX_TOKEN = 'pk.eyJ1IjoidHJhaWxndWlkZSJ9.geocoding-test'

interface Known {
  /** Lower-case words the query must contain. */
  words: string[]
  name: Record<string, string>
  lat: number
  lng: number
  /** [west, south, east, north], or none for an address (a point). */
  bbox?: [number, number, number, number]
}

const known: Known[] = [
  { words: ['vevey'], name: { fr: 'Vevey, District de la Riviera-Pays-d’Enhaut, Vaud, Suisse', de: 'Vevey, Bezirk Riviera-Pays-d’Enhaut, Waadt, Schweiz', en: 'Vevey, Riviera-Pays-d’Enhaut District, Vaud, Switzerland', it: 'Vevey, Distretto di Riviera-Pays-d’Enhaut, Vaud, Svizzera' }, lat: 46.4602, lng: 6.8419, bbox: [6.8296, 46.4512, 6.8663, 46.4739] },
  { words: ['rue du lac', 'vevey'], name: { fr: '5, Rue du Lac, Vevey, Vaud, 1800, Suisse', de: '5, Rue du Lac, Vevey, Waadt, 1800, Schweiz', en: '5, Rue du Lac, Vevey, Vaud, 1800, Switzerland', it: '5, Rue du Lac, Vevey, Vaud, 1800, Svizzera' }, lat: 46.4588, lng: 6.8452 },
  { words: ['corseaux'], name: { fr: 'Corseaux, Vaud, Suisse', de: 'Corseaux, Waadt, Schweiz', en: 'Corseaux, Vaud, Switzerland', it: 'Corseaux, Vaud, Svizzera' }, lat: 46.4725, lng: 6.8282, bbox: [6.8167, 46.4654, 6.8381, 46.4811] },
  { words: ['zermatt'], name: { fr: 'Zermatt, Valais, Suisse', de: 'Zermatt, Wallis, Schweiz', en: 'Zermatt, Valais, Switzerland', it: 'Zermatt, Vallese, Svizzera' }, lat: 46.0207, lng: 7.7491, bbox: [7.6, 45.93, 7.88, 46.1] },
]

/** The known places whose words all appear in the query, most specific first. */
function find(query: string): Known[] {
  const q = query.toLowerCase()
  return known.filter((k) => k.words.every((w) => q.includes(w))).sort((a, b) => b.words.length - a.words.length)
}

const languageOf = (header: string | null) => (header ?? 'en').slice(0, 2)

interface GeocoderRequest {
  path: string
  query: Record<string, string>
  userAgent: string | undefined
  at: number
}

type GeocoderBehaviour = { kind: 'answer' } | { kind: 'status'; status: number } | { kind: 'raw'; body: string } | { kind: 'slow'; delayMs: number }

export interface FakeGeocoder {
  baseUrl: string
  requests: GeocoderRequest[]
  behave(behaviour: GeocoderBehaviour): void
  close(): Promise<void>
}

export async function startFakeGeocoder(port = 0): Promise<FakeGeocoder> {
  const requests: GeocoderRequest[] = []
  let behaviour: GeocoderBehaviour = { kind: 'answer' }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    requests.push({ path: decodeURIComponent(url.pathname), query: Object.fromEntries(url.searchParams), userAgent: req.headers['user-agent'], at: Date.now() })
    const send = (status: number, body: string) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' })
      res.end(body)
    }
    if (behaviour.kind === 'status') return send(behaviour.status, '{"error":"Internal"}')
    if (behaviour.kind === 'raw') return send(200, behaviour.body)
    const answer = () => {
      const mapbox = url.pathname.match(/^\/geocoding\/v5\/mapbox\.places\/(.+)\.json$/)
      if (mapbox) {
        const lang = languageOf(url.searchParams.get('language'))
        const limit = Number(url.searchParams.get('limit') ?? 5)
        const features = find(decodeURIComponent(mapbox[1])).slice(0, limit).map((k, i) => ({
          id: `place.${i}`,
          type: 'Feature',
          place_type: [k.bbox ? 'place' : 'address'],
          relevance: 1,
          text: k.name[lang].split(',')[0],
          place_name: k.name[lang],
          center: [k.lng, k.lat],
          geometry: { type: 'Point', coordinates: [k.lng, k.lat] },
          ...(k.bbox ? { bbox: k.bbox } : {}),
        }))
        return send(200, JSON.stringify({ type: 'FeatureCollection', query: [], features, attribution: 'Test' }))
      }
      if (url.pathname === '/search' && url.searchParams.get('format') === 'jsonv2') {
        const lang = languageOf(url.searchParams.get('accept-language'))
        const limit = Number(url.searchParams.get('limit') ?? 10)
        // Nominatim writes numbers as strings; boundingbox is [south, north, west, east].
        const places = find(url.searchParams.get('q') ?? '').slice(0, limit).map((k, i) => ({
          place_id: 1000 + i,
          licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
          osm_type: 'relation',
          lat: String(k.lat),
          lon: String(k.lng),
          category: 'boundary',
          type: 'administrative',
          display_name: k.name[lang],
          boundingbox: k.bbox ? [k.bbox[1], k.bbox[3], k.bbox[0], k.bbox[2]].map(String) : [k.lat, k.lat, k.lng, k.lng].map(String),
        }))
        return send(200, JSON.stringify(places))
      }
      send(404, '{"error":"Unknown path"}')
    }
    if (behaviour.kind === 'slow') setTimeout(answer, behaviour.delayMs)
    else answer()
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    behave: (next) => void (behaviour = next),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
