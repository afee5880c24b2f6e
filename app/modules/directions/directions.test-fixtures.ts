import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { haversineDistance, type LatLng } from '#app/modules/geo/geo.ts'

// A real HTTP server that answers both routing protocols the app speaks: Mapbox Directions v5
// (/directions/v5/mapbox/walking/…) and OSRM (/route/v1/foot/…), for the directions API tests.

export const MAPBOX_TOKEN = 'pk.eyJ1IjoidHJhaWxndWlkZSJ9.test-token'

interface RouterRequest {
  method: string
  /** The path, decoded once: "/directions/v5/mapbox/walking/6.6,46.5;6.61,46.51". */
  path: string
  /** Every query parameter, in the order sent. */
  query: [string, string][]
}

/** What the fake router does with the next requests. */
export type RouterBehaviour =
  | { kind: 'answer' }
  | { kind: 'refuse'; status: number; code: string; message: string }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'raw'; body: string; contentType?: string }
  | { kind: 'slow'; delayMs: number }

export interface FakeRouter {
  baseUrl: string
  requests: RouterRequest[]
  behave(behaviour: RouterBehaviour): void
  close(): Promise<void>
}

/** The points a request asks for, read back from its path. */
export function requestedPoints(path: string): LatLng[] {
  const list = path.slice(path.lastIndexOf('/') + 1)
  return list.split(';').map((pair) => {
    const [lng, lat] = pair.split(',').map(Number)
    return { lat, lng }
  })
}

/**
 * A realistic answer through the points: each leg is the straight line with a bend in it
 * (its midpoint moved a little east), 25 % longer than the straight line, walked at 1.25 m/s.
 * Mapbox's answer has a pedestrian weight and a uuid; OSRM's waypoints have hints.
 */
export function routeAnswer(points: LatLng[], protocol: 'mapbox' | 'osrm') {
  const legs = points.slice(1).map((to, i) => {
    const from = points[i]
    const distance = haversineDistance(from, to) * 1.25
    const duration = distance / 1.25
    return {
      ...(protocol === 'mapbox' ? { via_waypoints: [], admins: [{ iso_3166_1_alpha3: 'CHE', iso_3166_1: 'CH' }] } : {}),
      weight: duration * 1.1,
      duration,
      distance,
      summary: `Leg ${i + 1}`,
      steps: [
        { maneuver: { type: 'depart', location: [from.lng, from.lat] }, distance, duration, name: `Street ${i + 1}`, mode: 'walking' },
        { maneuver: { type: 'arrive', location: [to.lng, to.lat] }, distance: 0, duration: 0, name: '', mode: 'walking' },
      ],
    }
  })
  const coordinates: number[][] = [[points[0].lng, points[0].lat]]
  points.slice(1).forEach((to, i) => {
    const from = points[i]
    coordinates.push([(from.lng + to.lng) / 2 + 0.0001, (from.lat + to.lat) / 2], [to.lng, to.lat])
  })
  const sum = (key: 'distance' | 'duration' | 'weight') => legs.reduce((total, leg) => total + leg[key], 0)
  return {
    code: 'Ok',
    routes: [
      {
        weight_name: protocol === 'mapbox' ? 'pedestrian' : 'duration',
        weight: sum('weight'),
        duration: sum('duration'),
        distance: sum('distance'),
        legs,
        geometry: { type: 'LineString', coordinates },
      },
    ],
    waypoints: points.map((p) => ({ distance: 0.5, name: '', location: [p.lng, p.lat], ...(protocol === 'osrm' ? { hint: 'hint==' } : {}) })),
    ...(protocol === 'mapbox' ? { uuid: 'mapbox-answer-uuid' } : {}),
  }
}

export async function startFakeRouter(): Promise<FakeRouter> {
  const requests: RouterRequest[] = []
  let behaviour: RouterBehaviour = { kind: 'answer' }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://router.test')
    const request: RouterRequest = { method: req.method ?? '', path: decodeURIComponent(url.pathname), query: [...url.searchParams] }
    requests.push(request)
    const json = (status: number, value: unknown) => res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(value))
    const protocol = request.path.includes('/directions/v5/mapbox/walking/') ? 'mapbox' : request.path.includes('/route/v1/foot/') ? 'osrm' : null
    if (request.method !== 'GET' || !protocol) return json(404, { message: 'Not Found' })
    if (protocol === 'mapbox' && url.searchParams.get('access_token') !== MAPBOX_TOKEN) return json(401, { message: 'Not Authorized - Invalid Token' })
    switch (behaviour.kind) {
      case 'answer':
        return json(200, routeAnswer(requestedPoints(request.path), protocol))
      case 'refuse':
        return json(behaviour.status, { code: behaviour.code, message: behaviour.message, routes: [] })
      case 'status':
        return res.writeHead(behaviour.status, { 'Content-Type': 'text/html' }).end(behaviour.body ?? '<html><body>502 Bad Gateway</body></html>')
      case 'raw':
        return res.writeHead(200, { 'Content-Type': behaviour.contentType ?? 'application/json' }).end(behaviour.body)
      case 'slow': {
        const timer = setTimeout(() => json(200, routeAnswer(requestedPoints(request.path), protocol)), behaviour.delayMs)
        res.on('close', () => clearTimeout(timer))
      }
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    behave(next) {
      behaviour = next
    },
    close() {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
