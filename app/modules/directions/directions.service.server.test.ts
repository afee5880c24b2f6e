import { describe, expect, it } from 'vitest'
import { loadConfig } from '#app/config/config.server.ts'
import type { Position } from './directions.schema.ts'
import { createDirectionsProvider, thinOut } from './directions.service.server.ts'

const env = (extra: Record<string, string> = {}) => loadConfig({ BASE_URL: 'http://localhost:3000', ...extra })

describe('directions settings', () => {
  it('draws straight lines unless told otherwise', () => {
    const config = env()
    expect(config.DIRECTIONS_PROVIDER).toBe('straight')
    expect(config.MAPBOX_BASE_URL).toBe('https://api.mapbox.com')
    expect(config.DIRECTIONS_TIMEOUT_MS).toBe(10_000)
    expect(createDirectionsProvider(config).name).toBe('straight')
  })

  it('builds the provider it names', () => {
    expect(createDirectionsProvider(env({ DIRECTIONS_PROVIDER: 'mapbox', MAPBOX_ACCESS_TOKEN: 'pk.x' })).name).toBe('mapbox')
    expect(createDirectionsProvider(env({ DIRECTIONS_PROVIDER: 'osrm', OSRM_URL: 'http://osrm:5000/' })).name).toBe('osrm')
    expect(env({ DIRECTIONS_PROVIDER: 'osrm', OSRM_URL: 'http://osrm:5000/' }).OSRM_URL).toBe('http://osrm:5000')
    expect(env({ MAPBOX_BASE_URL: 'http://proxy.local/mapbox/' }).MAPBOX_BASE_URL).toBe('http://proxy.local/mapbox')
  })

  it('stops the server with a clear message when the chosen provider lacks its settings', () => {
    expect(() => env({ DIRECTIONS_PROVIDER: 'mapbox' })).toThrow('MAPBOX_ACCESS_TOKEN: is required when DIRECTIONS_PROVIDER=mapbox')
    expect(() => env({ DIRECTIONS_PROVIDER: 'osrm' })).toThrow('OSRM_URL: is required when DIRECTIONS_PROVIDER=osrm')
    expect(() => env({ DIRECTIONS_PROVIDER: 'google' })).toThrow(/DIRECTIONS_PROVIDER/)
    expect(() => env({ DIRECTIONS_PROVIDER: 'osrm', OSRM_URL: 'osrm:5000' })).toThrow('OSRM_URL: must be an http(s) URL')
    // Another provider's settings are not needed.
    expect(() => env({ DIRECTIONS_PROVIDER: 'osrm', OSRM_URL: 'http://osrm:5000' })).not.toThrow()
  })
})

describe('thinOut', () => {
  const line = (n: number): Position[] => Array.from({ length: n }, (_, i) => [i, 0])

  it('keeps a path that fits', () => {
    expect(thinOut(line(5), 5)).toEqual(line(5))
  })

  it('keeps every k-th position, the first and the last, within the bound', () => {
    expect(thinOut(line(10), 5)).toEqual([[0, 0], [3, 0], [6, 0], [9, 0]])
    expect(thinOut(line(11), 5)).toEqual([[0, 0], [3, 0], [6, 0], [9, 0], [10, 0]])
    for (const n of [20_001, 20_002, 39_999, 40_000, 123_457]) {
      const kept = thinOut(line(n), 20_000)
      expect(kept.length).toBeLessThanOrEqual(20_000)
      expect(kept[0]).toEqual([0, 0])
      expect(kept.at(-1)).toEqual([n - 1, 0])
    }
  })
})
