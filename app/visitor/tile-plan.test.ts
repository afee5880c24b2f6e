import { describe, expect, it } from 'vitest'
import { corridorTiles, densify, planPack, tileUrl, tileUrlPattern } from './tile-plan.ts'

// A 1.2 km walk through Lausanne's old town.
const path = [
  { lat: 46.5197, lng: 6.6323 },
  { lat: 46.5226, lng: 6.635 },
  { lat: 46.5255, lng: 6.6357 },
]

describe('offline tile plan', () => {
  it('densifies a path so no two points are farther apart than the step', () => {
    const points = densify([path], 50)
    for (let i = 1; i < points.length; i++) {
      const dy = (points[i].lat - points[i - 1].lat) * 111_320
      const dx = (points[i].lng - points[i - 1].lng) * 111_320 * Math.cos((points[i].lat * Math.PI) / 180)
      expect(Math.hypot(dx, dy)).toBeLessThanOrEqual(50.01)
    }
    expect(points[0]).toEqual(path[0])
    expect(points.at(-1)).toEqual(path[2])
  })

  it('covers the corridor with the slippy-map tiles of each zoom level, without duplicates', () => {
    const byZoom = corridorTiles([path], { zooms: [13, 15, 17], corridorM: 150 })
    // The tile under each point of the path (slippy-map numbering, computed here independently).
    for (const p of path) {
      const n = 2 ** 17
      const x = Math.floor(((p.lng + 180) / 360) * n)
      const y = Math.floor(((1 - Math.asinh(Math.tan((p.lat * Math.PI) / 180)) / Math.PI) / 2) * n)
      expect(byZoom.get(17)!.some((t) => t.z === 17 && t.x === x && t.y === y)).toBe(true)
    }
    for (const tiles of byZoom.values()) expect(new Set(tiles.map((t) => `${t.z}/${t.x}/${t.y}`)).size).toBe(tiles.length)
    expect(byZoom.get(13)!.length).toBeLessThanOrEqual(4)
    // Each level up roughly doubles the tiles along a line (and quadruples them over an area).
    expect(byZoom.get(17)!.length).toBeGreaterThan(byZoom.get(15)!.length)
    // detectRetina asks for the next level's tiles.
    expect(corridorTiles([path], { zooms: [16], corridorM: 150, zoomOffset: 1 }).get(16)![0].z).toBe(17)
  })

  it('keeps the most zoom levels that fit the budget, lowest first, and always one', () => {
    const byZoom = corridorTiles([path], { zooms: [12, 13, 14, 15, 16, 17, 18], corridorM: 150 })
    const count = (zooms: number[]) => zooms.reduce((n, z) => n + byZoom.get(z)!.length, 0)
    const plan = planPack(byZoom, 20_000, count([12, 13, 14, 15]) * 20_000 + 100_000, 100_000)
    expect(plan.zooms).toEqual([12, 13, 14, 15])
    expect(plan.tiles).toHaveLength(count([12, 13, 14, 15]))
    expect(plan.tileBytes).toBe(plan.tiles.length * 20_000)
    expect(planPack(byZoom, 20_000, 1).zooms).toEqual([12])
  })

  it('builds tile URLs as Leaflet does, and recognises them', () => {
    expect(tileUrl('https://{s}.tile.example.org/{z}/{x}/{y}{r}.png', { z: 16, x: 33974, y: 23175 })).toBe('https://c.tile.example.org/16/33974/23175.png')
    const pattern = tileUrlPattern('https://{s}.tile.example.org/{z}/{x}/{y}{r}.png')
    expect(pattern.test('https://c.tile.example.org/16/33974/23175.png')).toBe(true)
    expect(pattern.test('https://c.tile.example.org/16/33974/23175@2x.png')).toBe(true)
    expect(pattern.test('https://evil.example.org/16/1/2.png')).toBe(false)
    expect(tileUrlPattern('http://127.0.0.1:9/{z}/{x}/{y}.png').test('http://127.0.0.1:9/3/1/2.png')).toBe(true)
  })
})
