/**
 * Unsaved editor work kept in the browser when the session ends: keyed by user,
 * screen and route, so it is only ever offered back to the same person on the same route.
 * localStorage, not sessionStorage: signing in again may happen in another tab.
 */
const PREFIX = 'trailguide.kept-work.v1'

export interface KeptWork<S> {
  state: S
  /** When it was kept (ms since the epoch), shown with the offer. */
  keptAt: number
}

export interface KeptWorkKey {
  userId: number
  screen: string
  routeUuid: string
}

const keyOf = ({ userId, screen, routeUuid }: KeptWorkKey) => `${PREFIX}:${userId}:${screen}:${routeUuid}`

/** A week: older work is stale (the route has most likely changed since) and is dropped. */
const MAX_AGE_MS = 7 * 24 * 3600 * 1000

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null // storage disabled (privacy settings)
  }
}

const listeners = new Set<() => void>()
/** Follows kept work (this tab's changes, and other tabs' through the storage event). */
export function subscribeKeptWork(listener: () => void): () => void {
  listeners.add(listener)
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}
const changed = () => listeners.forEach((listener) => listener())

/** The stored text of kept work (a stable snapshot for useSyncExternalStore), or null. */
export function keptWorkText(key: KeptWorkKey): string | null {
  return storage()?.getItem(keyOf(key)) ?? null
}

export function keepWork<S>(key: KeptWorkKey, state: S, now = Date.now()): boolean {
  try {
    storage()?.setItem(keyOf(key), JSON.stringify({ state, keptAt: now } satisfies KeptWork<S>))
    changed()
    return true
  } catch {
    return false // quota exceeded: nothing more can be done
  }
}

/** Kept work from its stored text; null when there is none, or it is unreadable or too old. */
export function parseKeptWork<S>(text: string | null, now = Date.now()): KeptWork<S> | null {
  if (!text) return null
  try {
    const kept = JSON.parse(text) as KeptWork<S>
    if (typeof kept?.keptAt === 'number' && kept.state !== undefined && now - kept.keptAt < MAX_AGE_MS) return kept
  } catch {
    // unreadable: not offered
  }
  return null
}

export function forgetKeptWork(key: KeptWorkKey) {
  storage()?.removeItem(keyOf(key))
  changed()
}
