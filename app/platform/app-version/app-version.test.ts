import { describe, expect, it, vi } from 'vitest'
import { BuildWatcher, claimReload, isChunkLoadError, parseBuildInfo, RELOAD_STORAGE_KEY } from './app-version.ts'

class MemoryStorage {
  values = new Map<string, string>()
  getItem(key: string) {
    return this.values.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.values.set(key, value)
  }
}

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://x/assets/a.js',
    'error loading dynamically imported module: https://x/assets/a.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/a.css',
  ])('knows "%s"', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true)
  })

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
    expect(isChunkLoadError(null)).toBe(false)
  })
})

describe('parseBuildInfo', () => {
  it('reads the id, or nothing', () => {
    expect(parseBuildInfo({ id: 'abc123' })).toBe('abc123')
    expect(parseBuildInfo({ id: '' })).toBeNull()
    expect(parseBuildInfo({ id: 3 })).toBeNull()
    expect(parseBuildInfo(null)).toBeNull()
  })
})

describe('claimReload', () => {
  it('allows one reload per 10 seconds, remembered in the storage', () => {
    const storage = new MemoryStorage()
    expect(claimReload(storage, 100_000)).toBe(true)
    expect(storage.getItem(RELOAD_STORAGE_KEY)).toBe('100000')
    expect(claimReload(storage, 100_001)).toBe(false)
    expect(claimReload(storage, 109_999)).toBe(false)
    expect(claimReload(storage, 110_000)).toBe(true)
    expect(claimReload(storage, 110_500)).toBe(false)
  })

  it('does not trust a stored time from the future (a clock change)', () => {
    const storage = new MemoryStorage()
    storage.setItem(RELOAD_STORAGE_KEY, '500000')
    expect(claimReload(storage, 100_000)).toBe(true)
  })

  it('never reloads without storage, so a failing chunk cannot loop', () => {
    expect(claimReload(null, 1)).toBe(false)
    const denied = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem: () => undefined,
    }
    expect(claimReload(denied, 1)).toBe(false)
  })
})

function watcher(served: () => Promise<string | null>, now = () => 50_000) {
  const reload = vi.fn()
  const storage = new MemoryStorage()
  const fetchId = vi.fn(served)
  return { watcher: new BuildWatcher({ currentId: 'old', fetchId, storage, reload, now }), reload, fetchId, storage }
}

describe('BuildWatcher', () => {
  it('remembers a newer served build', async () => {
    const { watcher: w } = watcher(async () => 'new')
    expect(w.newerBuild).toBeNull()
    expect(await w.check()).toBe('new')
    expect(w.newerBuild).toBe('new')
  })

  it('asks once at a time', async () => {
    const { watcher: w, fetchId } = watcher(async () => 'old')
    await Promise.all([w.check(), w.check(), w.check()])
    expect(fetchId).toHaveBeenCalledTimes(1)
    await w.check()
    expect(fetchId).toHaveBeenCalledTimes(2)
  })

  it('reloads on a failed chunk when a newer build is served, once per 10 s', async () => {
    let time = 50_000
    const { watcher: w, reload } = watcher(async () => 'new', () => time)
    expect(await w.chunkFailed()).toBe(true)
    expect(await w.chunkFailed()).toBe(false)
    time += 9_000
    expect(await w.chunkFailed()).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
    time += 1_000
    expect(await w.chunkFailed()).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('does not reload when the same build is served or the server cannot tell', async () => {
    for (const served of [async () => 'old', async () => null, () => Promise.reject(new Error('offline'))]) {
      const { watcher: w, reload } = watcher(served)
      expect(await w.chunkFailed()).toBe(false)
      expect(reload).not.toHaveBeenCalled()
    }
  })

  it('uses a newer build already seen by polling without asking again', async () => {
    const { watcher: w, fetchId, reload } = watcher(async () => 'new')
    await w.check()
    expect(await w.chunkFailed()).toBe(true)
    expect(fetchId).toHaveBeenCalledTimes(1)
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
