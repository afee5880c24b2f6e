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

// docs/spec.md §9 at its edges: metres below 1000, kilometres from 1000; minutes below 60, hours from 60.
describe('the display boundaries', () => {
  it.each([
    [999, 'en', '999 m'],
    [999.49, 'en', '999 m'],
    // Rounds to 1000 m first, so it is never shown as "1000 m".
    [999.5, 'en', '1.00 km'],
    [1000, 'en', '1.00 km'],
    [1004.9, 'en', '1.00 km'],
    [1005, 'en', '1.01 km'],
    [999, 'fr', '999 m'],
    [1000, 'fr', '1,00 km'],
    [999, 'de', '999 m'],
    [1000, 'de', '1,00 km'],
    [1000, 'it', '1,00 km'],
  ])('formatDistance(%d, %s) is %s', (metres, locale, expected) => {
    expect(formatDistance(metres, locale)).toBe(s(expected))
  })

  it('keeps kilometres with 2 decimals past a thousand of them, grouped the locale’s way', () => {
    expect(formatDistance(1_234_567)).toBe(s('1,234.57 km'))
    expect(formatRouteDistance(1_234_567, 'de')).toBe(s('1.234,57 km'))
  })

  it.each([
    [59 * 60, '59 min'],
    [59 * 60 + 29, '59 min'],
    // 59.5 minutes round to a whole hour.
    [59 * 60 + 30, '1h 0min'],
    [60 * 60, '1h 0min'],
    [60 * 60 + 29, '1h 0min'],
    [60 * 60 + 30, '1h 1min'],
    [119 * 60, '1h 59min'],
    [120 * 60, '2h 0min'],
    [25 * 3600, '25h 0min'],
  ])('formatDuration(%d s) is %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(s(expected))
  })

  it('never shows a negative measure', () => {
    expect(formatDistance(-5)).toBe(s('0 m'))
    expect(formatRouteDistance(-5)).toBe(s('0.00 km'))
    expect(formatDuration(-90)).toBe(s('0 min'))
  })
})
