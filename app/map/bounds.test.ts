import { describe, expect, it } from 'vitest'
import { boundsKey, boundsOf } from './bounds.ts'

describe('boundsOf', () => {
  it('boxes the points: south-west then north-east', () => {
    expect(
      boundsOf([
        { lat: 46.52, lng: 6.63 },
        { lat: 46.5, lng: 6.64 },
        { lat: 46.54, lng: 6.6 },
      ]),
    ).toEqual([
      [46.5, 6.6],
      [46.54, 6.64],
    ])
  })

  it('gives a single point a box of no size, and nothing for no usable point', () => {
    expect(boundsOf([{ lat: 46.5, lng: 6.6 }])).toEqual([
      [46.5, 6.6],
      [46.5, 6.6],
    ])
    expect(boundsOf([])).toBeNull()
    expect(boundsOf([{ lat: Number.NaN, lng: 6 }, { lat: 95, lng: 6 }, { lat: 10, lng: Infinity }])).toBeNull()
  })

  it('skips points without usable coordinates', () => {
    expect(boundsOf([{ lat: Number.NaN, lng: 1 }, { lat: 1, lng: 2 }])).toEqual([
      [1, 2],
      [1, 2],
    ])
  })
})

describe('boundsKey', () => {
  it('is the same for the same box and differs for another', () => {
    const a = boundsOf([{ lat: 46.5, lng: 6.6 }])
    expect(boundsKey(a)).toBe(boundsKey(boundsOf([{ lat: 46.5, lng: 6.6 }])))
    expect(boundsKey(a)).not.toBe(boundsKey(boundsOf([{ lat: 46.5, lng: 6.7 }])))
    expect(boundsKey(null)).toBe('none')
  })
})
