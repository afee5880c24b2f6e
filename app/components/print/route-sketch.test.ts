import { describe, expect, it } from 'vitest'
import { SKETCH_LEGEND, SKETCH_PAD, sketchRoute } from './route-sketch.ts'

describe('sketchRoute', () => {
  it('fits the route in the drawing area, north up, with the same scale both ways, clear of the frame and the legend', () => {
    const line = [{ lat: 46.52, lng: 6.63 }, { lat: 46.53, lng: 6.64 }]
    const s = sketchRoute([line], [{ ...line[0], number: 1 }, { ...line[1], number: 2 }], 1000, 800)
    const [a, b] = s.lines[0].split(' ').map((p) => p.split(',').map(Number))
    expect(b[1]).toBeLessThan(a[1]) // north is up
    expect(b[0]).toBeGreaterThan(a[0])
    for (const [x, y] of [a, b]) {
      expect(x).toBeGreaterThanOrEqual(SKETCH_PAD - 0.1)
      expect(x).toBeLessThanOrEqual(1000 - SKETCH_PAD + 0.1)
      expect(y).toBeGreaterThanOrEqual(SKETCH_PAD - 0.1)
      // A stop's disc (r 17, ring 4) ends above the scale bar and the north arrow.
      expect(y + 19).toBeLessThanOrEqual(800 - 64)
    }
    // Fitted: the route, taller than wide here, spans the drawing area's height.
    expect(a[1] - b[1]).toBeCloseTo(800 - SKETCH_PAD - SKETCH_LEGEND, 0)
    expect(s.stops).toEqual([
      { number: 1, x: a[0], y: a[1] },
      { number: 2, x: b[0], y: b[1] },
    ].map((p) => ({ ...p, x: expect.closeTo(p.x, 1), y: expect.closeTo(p.y, 1) })))
    expect(s.scale.label).toMatch(/^\d+ m$/)
  })

  it('draws a lone stop in the middle at a sensible zoom, and nothing without points', () => {
    const s = sketchRoute([], [{ lat: 46.5, lng: 6.6, number: 1 }], 1000, 800)
    expect(s.stops[0]).toMatchObject({ x: 500, y: SKETCH_PAD + (800 - SKETCH_PAD - SKETCH_LEGEND) / 2 })
    expect(s.scale.label).toMatch(/m$/)
    expect(sketchRoute([], [], 100, 100).stops).toEqual([])
  })
})
