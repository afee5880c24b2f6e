import { describe, expect, it } from 'vitest'
import { pageQueryKey, readPageQuery } from './page-query.ts'

const keyOf = (query: string) => pageQueryKey(readPageQuery(new URLSearchParams(query)))

describe('kept-page parameters (ADR 070)', () => {
  it('keeps only canonical values, in one order', () => {
    expect(keyOf('step_free=1&place=12&embed=1&duration=60&distance=5')).toBe('?embed=1&place=12&duration=60&distance=5&step_free=1')
    expect(keyOf('fbclid=x&utm_source=y&q=')).toBe('')
  })

  it.each(['0147', '147.0', '+147', ' 147', '147 ', '1e2', '0x93', '-147', '', '12345678901'])('place=%j is no stop', (value) => {
    expect(readPageQuery(new URLSearchParams({ place: value })).place).toBeNull()
    expect(keyOf(new URLSearchParams({ place: value }).toString())).toBe('')
  })

  it('reads the first of repeated parameters, as the loaders do', () => {
    expect(readPageQuery(new URLSearchParams('place=7&place=8')).place).toBe(7)
    expect(keyOf('embed=0&embed=1')).toBe('')
  })
})
