import { describe, expect, it } from 'vitest'
import { placeHint } from './place-search.tsx'

const format = (n: number) => n.toFixed(4)

describe('placeHint', () => {
  it('tells two places of one name apart by their position', () => {
    const north = placeHint({ id: 7, name: 'Fontaine', lat: 46.52311, lng: 6.63289 }, 2, format)
    const south = placeHint({ id: 8, name: 'Fontaine', lat: 46.50102, lng: 6.62874 }, 2, format)
    expect(north).toBe('46.5231, 6.6329')
    expect(south).toBe('46.5010, 6.6287')
    expect(north).not.toBe(south)
  })

  it('says nothing for a name no other place has, and the number of a place without a position', () => {
    expect(placeHint({ id: 7, name: 'Cathédrale', lat: 46.52, lng: 6.63 }, 1, format)).toBe('')
    expect(placeHint({ id: 9, name: 'Fontaine', lat: null, lng: null }, 3, format)).toBe('#9')
  })
})
