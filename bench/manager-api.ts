import { load, median, ms, int, percentile, sequential, type Row } from './measure.ts'
import type { SeededCategory } from './seed.ts'

export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

/** fetch-routes and fetch-places under 20 connections, at both sizes (the large one has the budget). */
export async function listEndpoints(opts: { baseUrl: string; token: string; small: SeededCategory; large: SeededCategory; seconds: number }): Promise<Row[]> {
  // As the map editor's browser asks (fetch sends Accept-Encoding: br, gzip): the kept answer's
  // brotli copy. Without compression (a script's client), the large list is measured as well.
  const identity = { Authorization: `Bearer ${opts.token}`, 'Accept-Language': 'en' }
  const headers = { ...identity, 'Accept-Encoding': BROWSER_ACCEPT_ENCODING }
  const rows: Row[] = []
  for (const endpoint of ['fetch-routes', 'fetch-places'] as const) {
    const figures: Record<string, { p50: number; p99: number; rps: number; errors: number; bytes: number }> = {}
    for (const [size, category] of [['small', opts.small], ['large', opts.large]] as const) {
      const url = `${opts.baseUrl}/api/place-categories/${category.id}/${endpoint}`
      const sample = await fetch(url, { headers: identity })
      if (!sample.ok) throw new Error(`${url}: ${sample.status}`)
      const bytes = (await sample.arrayBuffer()).byteLength
      await load({ url, connections: 20, seconds: 1, headers })
      const run = await load({ url, connections: 20, seconds: opts.seconds, headers })
      figures[size] = { p50: run.p50, p99: run.p99, rps: run.requestsPerSecond, errors: run.errors + run.non2xx, bytes }
    }
    const plainUrl = `${opts.baseUrl}/api/place-categories/${opts.large.id}/${endpoint}`
    const plain = await load({ url: plainUrl, connections: 20, seconds: Math.max(1, opts.seconds / 2), headers: identity })
    const { large, small } = figures
    rows.push({
      id: endpoint,
      what: `${endpoint}, ${opts.large.routes} routes / ${int(opts.large.places)} places, 20 conn (br, gzip)`,
      figure: `p99 ${ms(large.p99)} (p50 ${ms(large.p50)}, ${int(large.rps)} req/s, ${Math.round(large.bytes / 1024)} KB raw); small: p99 ${ms(small.p99)}; uncompressed: p99 ${ms(plain.p99)}, ${int(plain.requestsPerSecond)} req/s`,
      budget: 'p99 ≤ 30 ms',
      pass: large.p99 <= 30 && large.errors === 0,
      values: {
        p99: large.p99,
        p50: large.p50,
        rps: large.rps,
        errors: large.errors,
        bytes: large.bytes,
        smallP99: small.p99,
        smallP50: small.p50,
        smallRps: small.rps,
        smallBytes: small.bytes,
        identityP99: plain.p99,
        identityRps: plain.requestsPerSecond,
      },
    })
  }
  return rows
}

/** What Chromium's fetch sends. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd'

/** PUT /api/routes/update with 50 places, one save after another (the order changes each time). */
export async function routeSave(opts: { baseUrl: string; token: string; category: SeededCategory }): Promise<Row> {
  const ids = opts.category.savePlaceIds
  let turn = 0
  const send = () => {
    turn++
    const places = (turn % 2 ? ids : [...ids].reverse()).map((id) => ({ id }))
    return fetch(`${opts.baseUrl}/api/routes/update`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${opts.token}`, 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: JSON.stringify({ uuid: opts.category.saveRouteUuid, places, name: `Route saved ${turn}` }),
    })
  }
  const times = await sequential(40, send)
  return {
    id: 'route-save',
    what: `Route save PUT /api/routes/update, ${ids.length} places`,
    figure: `median ${ms(median(times))} (p90 ${ms(percentile(times, 90))}, ${times.length} saves)`,
    budget: 'median ≤ 50 ms',
    pass: median(times) <= 50 && ids.length === 50,
    values: { median: median(times), p90: percentile(times, 90), saves: times.length, places: ids.length },
  }
}

/** fetch-statistic for a year and for `total`, at both sizes (the large one has the budget). */
export async function statistics(opts: { baseUrl: string; token: string; small: SeededCategory; large: SeededCategory }): Promise<Row[]> {
  const year = new Date().getUTCFullYear()
  const rows: Row[] = []
  for (const period of [String(year), 'total']) {
    const figures: Record<string, number> = {}
    for (const [size, category] of [['small', opts.small], ['large', opts.large]] as const) {
      const url = `${opts.baseUrl}/api/place-categories/${category.id}/fetch-statistic?year=${period}`
      const times = await sequential(30, () => fetch(url, { headers: { Authorization: `Bearer ${opts.token}` } }))
      figures[size] = median(times)
    }
    rows.push({
      id: `statistic-${period === 'total' ? 'total' : 'year'}`,
      what: `fetch-statistic ${period}, ${int(opts.large.events)} events`,
      figure: `median ${ms(figures.large)}; ${int(opts.small.events)} events: ${ms(figures.small)}`,
      budget: 'median ≤ 20 ms',
      pass: figures.large <= 20,
      values: { median: figures.large, smallMedian: figures.small, events: opts.large.events, smallEvents: opts.small.events },
    })
  }
  return rows
}
