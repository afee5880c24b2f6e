import { describe, expect, it } from 'vitest'
import { memoized } from './memo.ts'

describe('memoized', () => {
  it('computes a key once, null and undefined answers included, and starts over when full', () => {
    const seen: string[] = []
    const length = memoized((key) => {
      seen.push(key)
      return key === 'none' ? undefined : key.length
    }, 2)
    expect(length('abc')).toBe(3)
    expect(length('abc')).toBe(3)
    expect(length('none')).toBeUndefined()
    expect(length('none')).toBeUndefined()
    expect(seen).toEqual(['abc', 'none'])
    // A third key: the memory starts over, then holds it.
    expect(length('four')).toBe(4)
    expect(length('four')).toBe(4)
    expect(length('abc')).toBe(3)
    expect(seen).toEqual(['abc', 'none', 'four', 'abc'])
  })
})
