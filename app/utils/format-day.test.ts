import { describe, expect, it } from 'vitest'
import { relativeDay } from './format-day.ts'

// Local noon on both sides: the calendar day is the same in any time zone the tests run in.
const local = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12).toISOString()
const now = new Date(2026, 10, 24, 12)

describe('relativeDay', () => {
  it('says today, yesterday and days ago in the reader’s language for the last week', () => {
    expect(relativeDay(local(2026, 11, 24), now, 'en')).toBe('today')
    expect(relativeDay(local(2026, 11, 23), now, 'en')).toBe('yesterday')
    expect(relativeDay(local(2026, 11, 21), now, 'en')).toBe('3 days ago')
    expect(relativeDay(local(2026, 11, 23), now, 'fr')).toBe('hier')
    expect(relativeDay(local(2026, 11, 21), now, 'de')).toBe('vor 3 Tagen')
    expect(relativeDay(local(2026, 11, 24), now, 'it')).toBe('oggi')
  })

  it('gives a short date beyond a week, with the year when it is another', () => {
    expect(relativeDay(local(2026, 3, 12), now, 'en')).toBe('Mar 12')
    expect(relativeDay(local(2025, 3, 12), now, 'en')).toBe('Mar 12, 2025')
    expect(relativeDay(local(2026, 3, 12), now, 'fr')).toBe('12 mars')
  })
})
