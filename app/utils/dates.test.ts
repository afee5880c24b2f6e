import { describe, expect, it } from 'vitest'
import { dateFormat, readerLocale } from './dates.ts'

// Fixed instants passed in: the formatting, not the clock, is under test.
const zurich = (locale: string) => dateFormat(locale, 'Europe/Zurich')
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('dates in the trails’ time zone and the reader’s locale', () => {
  it('writes an instant in the time zone, the reader’s way', () => {
    const at = '2026-11-27T16:00:00.000Z'
    expect(plain(zurich('en-GB').dateTime(at))).toBe('27 Nov 2026, 17:00')
    expect(plain(zurich('en').dateTime(at))).toBe('Nov 27, 2026, 5:00 PM')
    expect(plain(zurich('fr').dateTime(at))).toBe('27 nov. 2026, 17:00')
    expect(plain(zurich('de').dateTime(at))).toBe('27.11.2026, 17:00')
    expect(plain(zurich('it').dateTime(at))).toBe('27 nov 2026, 17:00')
    // Late in the evening in UTC is the next day in Zurich.
    expect(zurich('en-GB').date('2026-11-27T23:30:00.000Z')).toBe('28 Nov 2026')
    expect(dateFormat('en-GB', 'UTC').date('2026-11-27T23:30:00.000Z')).toBe('27 Nov 2026')
  })

  it('writes calendar days and months as they are, in any time zone', () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Zurich']) {
      const f = dateFormat('en-GB', zone)
      expect(f.day('2026-03-01')).toBe('1 Mar')
      expect(f.day('2026-03-01', { year: true })).toBe('1 Mar 2026')
      expect(f.month('2026-03')).toBe('March 2026')
      expect(f.month('2026-03', { short: true })).toBe('Mar')
    }
  })

  it('says today, yesterday and days ago by the calendar day of the time zone, then a date', () => {
    const now = new Date('2026-11-24T10:00:00.000Z')
    const f = zurich('en')
    expect(f.relativeDay('2026-11-24T08:00:00.000Z', now)).toBe('today')
    // 23:30 UTC on the 23rd is already the 24th in Zurich.
    expect(f.relativeDay('2026-11-23T23:30:00.000Z', now)).toBe('today')
    expect(f.relativeDay('2026-11-23T12:00:00.000Z', now)).toBe('yesterday')
    expect(zurich('de').relativeDay('2026-11-21T12:00:00.000Z', now)).toBe('vor 3 Tagen')
    expect(zurich('fr').relativeDay('2026-11-23T12:00:00.000Z', now)).toBe('hier')
    expect(f.relativeDay('2026-03-12T12:00:00.000Z', now)).toBe('Mar 12')
    expect(f.relativeDay('2025-03-12T12:00:00.000Z', now)).toBe('Mar 12, 2025')
  })

  it('takes the reader’s region only for the interface’s language', () => {
    expect(readerLocale('en', 'en-GB,en;q=0.9,fr;q=0.8')).toBe('en-GB')
    expect(readerLocale('en', 'fr-CH,fr;q=0.9,en-GB;q=0.8')).toBe('en-GB')
    expect(readerLocale('fr', 'en-GB,en;q=0.9')).toBe('fr')
    expect(readerLocale('de', ['de-CH', 'de'])).toBe('de-CH')
    expect(readerLocale('en', 'en-@@,*')).toBe('en')
    expect(readerLocale('it', null)).toBe('it')
  })
})
