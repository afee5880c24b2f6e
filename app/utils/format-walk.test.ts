import { describe, expect, it } from 'vitest'
import { formatDistance, formatDuration, formatRouteDistance } from './format-walk.ts'

// The unit stays with its number: a no-break space between them.
const s = (text: string) => text.replace(/ /g, '\u00a0')

describe('formatDistance', () => {
  it('shows metres below a kilometre and kilometres with 2 decimals from one on', () => {
    expect(formatDistance(0)).toBe(s('0 m'))
    expect(formatDistance(999)).toBe(s('999 m'))
    expect(formatDistance(999.4)).toBe(s('999 m'))
    expect(formatDistance(1000)).toBe(s('1.00 km'))
    expect(formatDistance(2345.6)).toBe(s('2.35 km'))
  })

  it('writes numbers the page’s way', () => {
    expect(formatDistance(1250, 'fr')).toBe(s('1,25 km'))
    expect(formatDistance(12_500, 'de')).toBe(s('12,50 km'))
  })
})

describe('formatRouteDistance', () => {
  it('is always kilometres with 2 decimals', () => {
    expect(formatRouteDistance(999)).toBe(s('1.00 km'))
    expect(formatRouteDistance(850)).toBe(s('0.85 km'))
    expect(formatRouteDistance(1000)).toBe(s('1.00 km'))
    expect(formatRouteDistance(4321)).toBe(s('4.32 km'))
    expect(formatRouteDistance(4321, 'it')).toBe(s('4,32 km'))
  })
})

describe('formatDuration', () => {
  it('shows whole minutes below an hour', () => {
    expect(formatDuration(0)).toBe(s('0 min'))
    expect(formatDuration(59 * 60)).toBe(s('59 min'))
    expect(formatDuration(59 * 60 + 29)).toBe(s('59 min'))
  })

  it('shows hours and minutes from 60 minutes on', () => {
    expect(formatDuration(60 * 60)).toBe(s('1h 0min'))
    expect(formatDuration(59 * 60 + 31)).toBe(s('1h 0min'))
    expect(formatDuration(65 * 60)).toBe(s('1h 5min'))
    expect(formatDuration(3 * 3600 + 42 * 60)).toBe(s('3h 42min'))
  })
})
