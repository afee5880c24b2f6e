import { describe, expect, it } from 'vitest'
import { busyRunner } from './use-busy-action.ts'

describe('the busy action', () => {
  it('is busy while the action runs, and a second start meanwhile does nothing', async () => {
    const states: boolean[] = []
    const run = busyRunner((busy) => states.push(busy))
    let finish!: (value: string) => void
    let calls = 0
    const action = () => {
      calls++
      return new Promise<string>((resolve) => (finish = resolve))
    }
    const first = run(action)
    expect(await run(action)).toBeUndefined()
    expect([calls, states]).toEqual([1, [true]])
    finish('saved')
    expect(await first).toBe('saved')
    expect(states).toEqual([true, false])
    // Done: it may run again.
    const again = run(action)
    finish('again')
    expect([await again, calls]).toEqual(['again', 2])
  })

  it('stops being busy when the action fails, and lets the error through', async () => {
    const states: boolean[] = []
    const run = busyRunner((busy) => states.push(busy))
    await expect(run(() => Promise.reject(new Error('offline')))).rejects.toThrow('offline')
    expect(states).toEqual([true, false])
    expect(await run(() => Promise.resolve(1))).toBe(1)
  })
})
