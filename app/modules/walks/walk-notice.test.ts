import { describe, expect, it } from 'vitest'
import { dayIn, nextDayStart } from './notice-days.ts'
import { isNoticeActive, noticeInputSchema, noticeText } from './walk-notice.ts'

describe('notice days', () => {
  it('reads the day in the zone and finds when it ends, across daylight saving changes', () => {
    expect(dayIn('Europe/Zurich', Date.parse('2026-11-30T23:30:00Z'))).toBe('2026-12-01')
    expect(dayIn('UTC', Date.parse('2026-11-30T23:30:00Z'))).toBe('2026-11-30')
    expect(new Date(nextDayStart('Europe/Zurich', Date.parse('2026-11-30T12:00:00Z'))).toISOString()).toBe('2026-11-30T23:00:00.000Z')
    // The night clocks go forward (29 March 2026) and back (25 October 2026): 23 and 25 hour days.
    expect(new Date(nextDayStart('Europe/Zurich', Date.parse('2026-03-29T01:30:00Z'))).toISOString()).toBe('2026-03-29T22:00:00.000Z')
    expect(new Date(nextDayStart('Europe/Zurich', Date.parse('2026-10-24T22:30:00Z'))).toISOString()).toBe('2026-10-25T23:00:00.000Z')
    expect(new Date(nextDayStart('America/Sao_Paulo', Date.parse('2026-06-01T12:00:00Z'))).toISOString()).toBe('2026-06-02T03:00:00.000Z')
    expect(new Date(nextDayStart('UTC', Date.parse('2026-12-31T23:59:59Z'))).toISOString()).toBe('2027-01-01T00:00:00.000Z')
  })
})

describe('notice rules', () => {
  it('is active within its days, both included; no date is no bound', () => {
    const window = { starts_on: '2026-12-01', ends_on: '2026-12-03' }
    expect(['2026-11-30', '2026-12-01', '2026-12-03', '2026-12-04'].map((d) => isNoticeActive(window, d))).toEqual([false, true, true, false])
    expect(isNoticeActive({ starts_on: null, ends_on: null }, '1999-01-01')).toBe(true)
    expect(isNoticeActive({ starts_on: null, ends_on: '2026-12-03' }, '2026-12-04')).toBe(false)
  })

  it('picks the text as route texts do: wanted, fallback, then any', () => {
    expect(noticeText({ de: 'Gesperrt', fr: 'Fermé' }, 'de', 'fr')).toBe('Gesperrt')
    expect(noticeText({ de: 'Gesperrt', fr: 'Fermé' }, 'en', 'fr')).toBe('Fermé')
    expect(noticeText({ it: 'Chiuso' }, 'en', 'fr')).toBe('Chiuso')
    expect(noticeText({}, 'en', 'fr')).toBeNull()
  })

  it('checks days that exist and an end not before the start', () => {
    expect(noticeInputSchema.safeParse({ level: 'closed', starts_on: '2028-02-29' }).success).toBe(true)
    expect(noticeInputSchema.safeParse({ level: 'closed', starts_on: '2027-02-29' }).success).toBe(false)
    expect(noticeInputSchema.safeParse({ level: 'closed', starts_on: '2026-12-03', ends_on: '2026-12-03' }).success).toBe(true)
    expect(noticeInputSchema.safeParse({ level: 'closed', starts_on: '2026-12-03', ends_on: '2026-12-02' }).success).toBe(false)
    expect(noticeInputSchema.safeParse({ level: 'warning', texts: {} }).success).toBe(false)
  })
})
