/**
 * Framework-free toast store (spec sections 4 and 9).
 *
 * Plain module state plus listeners, so non-React code (the API client, error handlers) can raise
 * toasts, and React reads it through useSyncExternalStore. Every change replaces the array, so
 * snapshots can be compared by reference.
 */
import type { ReactNode } from 'react'

/** docs/spec.md §9: notification default timeout. */
export const DEFAULT_TOAST_TIMEOUT = 5000

interface ToastAction {
  label: string
  /** Runs when the action is chosen; the toast then closes. */
  onClick: (toast: Toast) => void
}

export interface ToastInput {
  title: string
  description?: string
  /** Any node, typically a lucide icon element. */
  icon?: ReactNode
  /** Image URL shown as a round avatar. */
  avatar?: string
  actions?: ToastAction[]
  /** Show the close button (default true). */
  closeButton?: boolean
  /** Milliseconds before the toast closes by itself (default 5000); 0 keeps it until closed. */
  timeout?: number
  /** Runs when the body of the toast is clicked. */
  click?: (toast: Toast) => void
  /**
   * The address the toast offers to open (`/map?route=…`): arriving there, through the toast or
   * any other way, closes it, since its news is then on the screen (see dismissArrived).
   */
  leadsTo?: string
}

export interface Toast extends Omit<ToastInput, 'closeButton' | 'timeout'> {
  /** Creation timestamp in ms as a string, with a `-n` suffix only on a same-ms collision. */
  id: string
  closeButton: boolean
  timeout: number
}

export type ToastPatch = Partial<ToastInput>
export type ToastListener = (toasts: readonly Toast[]) => void

const EMPTY: readonly Toast[] = Object.freeze([])

let toasts: readonly Toast[] = EMPTY
const listeners = new Set<ToastListener>()

let lastStamp = ''
let sameStampCount = 0

function nextId(): string {
  const stamp = String(Date.now())
  if (stamp !== lastStamp) {
    lastStamp = stamp
    sameStampCount = 0
  }
  let id = sameStampCount === 0 ? stamp : `${stamp}-${sameStampCount}`
  // The suffix is only needed when the plain timestamp is already taken.
  while (toasts.some((toast) => toast.id === id)) {
    sameStampCount += 1
    id = `${stamp}-${sameStampCount}`
  }
  sameStampCount += 1
  return id
}

function normalizeTimeout(timeout: number | undefined): number {
  // Negative, NaN or infinite values would never fire or fire at once: fall back to the default.
  return typeof timeout === 'number' && Number.isFinite(timeout) && timeout >= 0
    ? timeout
    : DEFAULT_TOAST_TIMEOUT
}

function emit(next: readonly Toast[]): void {
  toasts = next
  // Copy so a listener that unsubscribes while being called does not skip the others.
  for (const listener of [...listeners]) listener(toasts)
}

/** Adds a toast and returns its id. */
/** docs/spec.md §4: the route-saved notice shows for one second. */
export const SAVED_NOTICE_MS = 1000

export function addToast(input: ToastInput): string {
  const toast: Toast = {
    ...input,
    id: nextId(),
    closeButton: input.closeButton ?? true,
    timeout: normalizeTimeout(input.timeout),
  }
  emit([...toasts, toast])
  return toast.id
}

/** Merges a patch into a toast; returns false when no toast has that id. */
export function updateToast(id: string, patch: ToastPatch): boolean {
  const index = toasts.findIndex((toast) => toast.id === id)
  if (index === -1) return false
  const current = toasts[index]
  const updated: Toast = {
    ...current,
    ...patch,
    id,
    closeButton: patch.closeButton ?? current.closeButton,
    timeout: 'timeout' in patch ? normalizeTimeout(patch.timeout) : current.timeout,
  }
  const next = [...toasts]
  next[index] = updated
  emit(next)
  return true
}

/** Removes a toast; returns false when no toast has that id. */
export function removeToast(id: string): boolean {
  if (!toasts.some((toast) => toast.id === id)) return false
  emit(toasts.filter((toast) => toast.id !== id))
  return true
}

/**
 * Closes the toasts that lead to where the app now is: the same path, with every query parameter
 * the toast's address names (others, like a language prefix's redirect, may be added).
 */
export function dismissArrived(location: { pathname: string; search: string }): void {
  const here = new URLSearchParams(location.search)
  const arrived = (to: string) => {
    const target = new URL(to, 'http://x')
    return target.pathname === location.pathname && [...target.searchParams].every(([name, value]) => here.getAll(name).includes(value))
  }
  const next = toasts.filter((toast) => !toast.leadsTo || !arrived(toast.leadsTo))
  if (next.length !== toasts.length) emit(next)
}

export function clearToasts(): void {
  if (toasts.length === 0) return
  emit(EMPTY)
}

/** Calls the listener after every change; returns the unsubscribe function. */
export function subscribe(listener: ToastListener): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** The current toasts, oldest first (same reference until something changes). */
export function getToasts(): readonly Toast[] {
  return toasts
}

/** Server snapshot for useSyncExternalStore: toasts never render on the server. */
export function getServerToasts(): readonly Toast[] {
  return EMPTY
}

export const toast = {
  add: addToast,
  update: updateToast,
  remove: removeToast,
  clear: clearToasts,
  subscribe,
  getToasts,
} as const
