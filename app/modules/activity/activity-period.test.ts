import { describe, expect, it } from 'vitest'
import { dayStart, periodBounds } from './activity-period.ts'

// The period filter reads calendar days of the trails' time zone (ADR 100, 115).

describe('dayStart', () => {
  it('is midnight of the zone, in winter and in summer', () => {
    expect(dayStart('2026-01-10', 'Europe/Zurich').toISOString()).toBe('2026-01-09T23:00:00.000Z')
    expect(dayStart('2026-07-10', 'Europe/Zurich').toISOString()).toBe('2026-07-09T22:00:00.000Z')
    expect(dayStart('2026-07-10', 'UTC').toISOString()).toBe('2026-07-10T00:00:00.000Z')
    expect(dayStart('2026-07-10', 'America/New_York').toISOString()).toBe('2026-07-10T04:00:00.000Z')
  })

  it('on the days the clocks change', () => {
    // Zurich: 02:00 becomes 03:00 on 29 March, 03:00 becomes 02:00 on 25 October: midnight is before either.
    expect(dayStart('2026-03-29', 'Europe/Zurich').toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(dayStart('2026-03-30', 'Europe/Zurich').toISOString()).toBe('2026-03-29T22:00:00.000Z')
    expect(dayStart('2026-10-25', 'Europe/Zurich').toISOString()).toBe('2026-10-24T22:00:00.000Z')
    expect(dayStart('2026-10-26', 'Europe/Zurich').toISOString()).toBe('2026-10-25T23:00:00.000Z')
  })
})

describe('periodBounds', () => {
  it('includes both days: from the first day’s start to the start of the day after the last', () => {
    expect(periodBounds({ from: '2026-01-10', to: '2026-01-11' }, 'Europe/Zurich')).toEqual({ since: '2026-01-09T23:00:00.000Z', before: '2026-01-11T23:00:00.000Z' })
    expect(periodBounds({ to: '2026-12-31' }, 'UTC')).toEqual({ since: undefined, before: '2027-01-01T00:00:00.000Z' })
    expect(periodBounds({}, 'UTC')).toEqual({ since: undefined, before: undefined })
  })
})
