import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { forgetKeptWork, keepWork, keptWorkText, parseKeptWork } from './kept-work.ts'

// The browser's localStorage, in memory (the unit tests run in Node).
const items = new Map<string, string>()
beforeAll(() => {
  const localStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  }
  Object.assign(globalThis, { window: { localStorage, addEventListener() {}, removeEventListener() {} } })
})

const key = { userId: 7, screen: 'landing', routeUuid: 'abc' }

afterEach(() => items.clear())

describe('kept work', () => {
  it('keeps work per user, screen and route, and gives it back until forgotten', () => {
    expect(keepWork(key, { subtitle: 'Hello' }, 1_000)).toBe(true)
    expect(parseKeptWork(keptWorkText(key), 2_000)).toEqual({ state: { subtitle: 'Hello' }, keptAt: 1_000 })
    // Another user, screen or route sees nothing.
    expect(keptWorkText({ ...key, userId: 8 })).toBeNull()
    expect(keptWorkText({ ...key, screen: 'branding' })).toBeNull()
    expect(keptWorkText({ ...key, routeUuid: 'other' })).toBeNull()
    forgetKeptWork(key)
    expect(keptWorkText(key)).toBeNull()
  })

  it('offers nothing for unreadable or week-old work', () => {
    expect(parseKeptWork('{not json', 0)).toBeNull()
    expect(parseKeptWork(JSON.stringify({ keptAt: 'x', state: {} }), 0)).toBeNull()
    keepWork(key, { a: 1 }, 0)
    expect(parseKeptWork(keptWorkText(key), 8 * 24 * 3600 * 1000)).toBeNull()
    expect(parseKeptWork(null)).toBeNull()
  })
})
