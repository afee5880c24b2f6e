import { describe, expect, it } from 'vitest'
import { sketchRoute } from './route-sketch.ts'

describe('sketchRoute', () => {
  it('fits the route in the box, north up, with the same scale both ways', () => {
    const line = [{ lat: 46.52, lng: 6.63 }, { lat: 46.53, lng: 6.64 }]
    const s = sketchRoute([line], [{ ...line[0], number: 1 }, { ...line[1], number: 2 }], 200, 100)
    const [a, b] = s.lines[0].split(' ').map((p) => p.split(',').map(Number))
    expect(b[1]).toBeLessThan(a[1]) // north is up
    expect(b[0]).toBeGreaterThan(a[0])
    for (const [x, y] of [a, b]) {
      expect(x).toBeGreaterThanOrEqual(13.9)
      expect(x).toBeLessThanOrEqual(186.1)
      expect(y).toBeGreaterThanOrEqual(13.9)
      expect(y).toBeLessThanOrEqual(86.1)
    }
    expect(s.stops).toEqual([
      { number: 1, x: a[0], y: a[1] },
      { number: 2, x: b[0], y: b[1] },
    ].map((p) => ({ ...p, x: expect.closeTo(p.x, 1), y: expect.closeTo(p.y, 1) })))
    // ~1.1 km tall route in 72 units: a scale bar of a round length.
    expect(['200 m', '500 m']).toContain(s.scale.label)
  })

  it('draws a lone stop in the middle at a sensible zoom, and nothing without points', () => {
    const s = sketchRoute([], [{ lat: 46.5, lng: 6.6, number: 1 }], 100, 100)
    expect(s.stops[0]).toMatchObject({ x: 50, y: 50 })
    expect(s.scale.label).toMatch(/m$/)
    expect(sketchRoute([], [], 100, 100).stops).toEqual([])
  })
})
