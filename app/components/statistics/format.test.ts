import { describe, expect, it } from 'vitest'
import { formatDuration, monthNames } from './format.ts'

const t = (key: string, values: Record<string, string> = {}) => `${key.split('.').at(-1)}:${Object.values(values).join('/')}`
const en = (n: number) => new Intl.NumberFormat('en').format(n)

describe('formatDuration', () => {
  it('says seconds under a minute', () => {
    expect(formatDuration(0, en, t)).toBe('seconds:0')
    expect(formatDuration(59.4, en, t)).toBe('seconds:59')
  })

  it('says minutes and seconds under an hour, whole minutes without the seconds', () => {
    expect(formatDuration(323, en, t)).toBe('minutesSeconds:5/23')
    expect(formatDuration(300, en, t)).toBe('minutes:5')
    expect(formatDuration(3599, en, t)).toBe('minutesSeconds:59/59')
  })

  it('says hours and minutes from an hour, with formatted thousands', () => {
    expect(formatDuration(3600, en, t)).toBe('hoursMinutes:1/0')
    expect(formatDuration(1234 * 3600 + 5 * 60 + 59, en, t)).toBe('hoursMinutes:1,234/5')
    expect(formatDuration(1234 * 3600, (n) => new Intl.NumberFormat('de').format(n), t)).toBe('hoursMinutes:1.234/0')
  })

  it('never shows a negative duration', () => {
    expect(formatDuration(-5, en, t)).toBe('seconds:0')
  })
})

describe('monthNames', () => {
  it('names the twelve months in the language, January first', () => {
    expect(monthNames('en')).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'])
    expect(monthNames('de')[2]).toBe('Mär')
    expect(monthNames('fr')[0]).toBe('janv.')
    expect(monthNames('it')[11]).toBe('dic')
  })
})
