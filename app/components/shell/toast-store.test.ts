import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  DEFAULT_TOAST_TIMEOUT,
  addToast,
  clearToasts,
  dismissArrived,
  getServerToasts,
  getToasts,
  removeToast,
  subscribe,
  toast,
  updateToast,
} from './toast-store.ts'

describe('toast store', () => {
  beforeEach(() => {
    clearToasts()
  })
  afterEach(() => {
    clearToasts()
    vi.restoreAllMocks()
  })

  it('adds a toast with defaults and the creation timestamp as id', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_123)
    const id = addToast({ title: 'Saved' })
    expect(id).toBe('1700000000123')
    expect(getToasts()).toEqual([
      { id: '1700000000123', title: 'Saved', closeButton: true, timeout: DEFAULT_TOAST_TIMEOUT },
    ])
    expect(DEFAULT_TOAST_TIMEOUT).toBe(5000)
  })

  it('keeps explicit options, including timeout 0 and closeButton false', () => {
    const onClick = vi.fn()
    const id = addToast({
      title: 'Invited',
      description: 'Anna joined',
      avatar: '/a.png',
      actions: [{ label: 'Undo', onClick }],
      closeButton: false,
      timeout: 0,
    })
    const [created] = getToasts()
    expect(created).toMatchObject({ id, description: 'Anna joined', avatar: '/a.png', closeButton: false, timeout: 0 })
    expect(created.actions?.[0].onClick).toBe(onClick)
  })

  it('falls back to the default timeout for invalid values', () => {
    addToast({ title: 'a', timeout: -1 })
    addToast({ title: 'b', timeout: Number.NaN })
    addToast({ title: 'c', timeout: Number.POSITIVE_INFINITY })
    expect(getToasts().map((t) => t.timeout)).toEqual([5000, 5000, 5000])
  })

  it('suffixes the id only when two toasts are created in the same millisecond', () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1000)
    const first = addToast({ title: 'one' })
    const second = addToast({ title: 'two' })
    const third = addToast({ title: 'three' })
    now.mockReturnValue(1001)
    const fourth = addToast({ title: 'four' })
    expect([first, second, third, fourth]).toEqual(['1000', '1000-1', '1000-2', '1001'])
    expect(new Set(getToasts().map((t) => t.id)).size).toBe(4)
  })

  it('never reuses an id still on screen, even if the clock goes back', () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(2000)
    const first = addToast({ title: 'one' })
    now.mockReturnValue(1999)
    addToast({ title: 'two' })
    now.mockReturnValue(2000)
    const third = addToast({ title: 'three' })
    expect(third).not.toBe(first)
    expect(new Set(getToasts().map((t) => t.id)).size).toBe(3)
  })

  it('updates a toast by id and keeps the others', () => {
    const a = addToast({ title: 'Saving…', timeout: 0 })
    const b = addToast({ title: 'Other' })
    expect(updateToast(a, { title: 'Saved', description: 'All good', timeout: 2000 })).toBe(true)
    const [updated, other] = getToasts()
    expect(updated).toMatchObject({ id: a, title: 'Saved', description: 'All good', timeout: 2000, closeButton: true })
    expect(other).toMatchObject({ id: b, title: 'Other' })
  })

  it('keeps timeout and closeButton when the patch leaves them out', () => {
    const id = addToast({ title: 'x', timeout: 0, closeButton: false })
    updateToast(id, { title: 'y' })
    expect(getToasts()[0]).toMatchObject({ title: 'y', timeout: 0, closeButton: false })
  })

  it('returns false when updating or removing an unknown id', () => {
    expect(updateToast('nope', { title: 'x' })).toBe(false)
    expect(removeToast('nope')).toBe(false)
  })

  it('removes a toast by id', () => {
    const a = addToast({ title: 'a' })
    const b = addToast({ title: 'b' })
    expect(removeToast(a)).toBe(true)
    expect(getToasts().map((t) => t.id)).toEqual([b])
  })

  it('clears all toasts', () => {
    addToast({ title: 'a' })
    addToast({ title: 'b' })
    clearToasts()
    expect(getToasts()).toEqual([])
  })

  it('returns a new array on change and the same one otherwise (useSyncExternalStore)', () => {
    const before = getToasts()
    expect(getToasts()).toBe(before)
    const id = addToast({ title: 'a' })
    const after = getToasts()
    expect(after).not.toBe(before)
    expect(getToasts()).toBe(after)
    updateToast(id, { title: 'b' })
    expect(getToasts()).not.toBe(after)
    expect(getServerToasts()).toEqual([])
  })

  it('calls listeners on every change until they unsubscribe', () => {
    const listener = vi.fn()
    const unsubscribe = subscribe(listener)
    const id = addToast({ title: 'a' })
    expect(listener).toHaveBeenLastCalledWith(getToasts())
    updateToast(id, { title: 'b' })
    removeToast(id)
    addToast({ title: 'c' })
    clearToasts()
    expect(listener).toHaveBeenCalledTimes(5)
    expect(listener).toHaveBeenLastCalledWith([])
    unsubscribe()
    addToast({ title: 'd' })
    expect(listener).toHaveBeenCalledTimes(5)
  })

  it('does not notify when nothing changed', () => {
    const listener = vi.fn()
    const unsubscribe = subscribe(listener)
    clearToasts()
    removeToast('nope')
    updateToast('nope', { title: 'x' })
    expect(listener).not.toHaveBeenCalled()
    unsubscribe()
  })

  it('groups the functions in the toast object', () => {
    const id = toast.add({ title: 'grouped' })
    expect(toast.getToasts()[0].id).toBe(id)
    toast.update(id, { title: 'changed' })
    expect(toast.getToasts()[0].title).toBe('changed')
    toast.remove(id)
    expect(toast.getToasts()).toEqual([])
    toast.add({ title: 'again' })
    toast.clear()
    expect(toast.getToasts()).toEqual([])
    expect(toast.subscribe).toBe(subscribe)
  })

  it('closes a toast that leads to a screen once the app is there, however it got there', () => {
    addToast({ title: 'Route created', leadsTo: '/fr/map?route=abc' })
    addToast({ title: 'Other' })
    dismissArrived({ pathname: '/fr/ai', search: '' })
    dismissArrived({ pathname: '/fr/map', search: '?route=other' })
    expect(getToasts()).toHaveLength(2)
    dismissArrived({ pathname: '/fr/map', search: '?category=3&route=abc' })
    expect(getToasts().map((t) => t.title)).toEqual(['Other'])
  })
})
