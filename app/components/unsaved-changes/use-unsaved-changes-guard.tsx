import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import { useBlocker, useRouteLoaderData } from 'react-router'
import type { RootLoaderData } from '#app/root.tsx'
import { isSessionEnding, onSessionEnd } from '#app/client/api-client.ts'
import { forgetKeptWork, keepWork, keptWorkText, parseKeptWork, subscribeKeptWork, type KeptWork } from './kept-work.ts'
import { UnsavedChangesModal } from './unsaved-changes-modal.tsx'

/** Only a change of page or of its query (category, route) leaves the edited thing. */
const leaves = (from: { pathname: string; search: string }, to: { pathname: string; search: string }) =>
  from.pathname !== to.pathname || from.search !== to.search

export interface UnsavedChangesGuardOptions<S> {
  dirty: boolean
  /** What the modal names ("“Old town” has changes…"). */
  name: string
  saving: boolean
  /** Saves; true when saved (the navigation then goes on). */
  save(): Promise<boolean>
  discard(): void
  /** Keeps the unsaved work when the session ends, to offer it back after signing in again. */
  keep?: { screen: string; routeUuid: string; state: S; restore(state: S): void }
}

/**
 * The editors' guard for unsaved changes (map, landing, branding): in-app navigation asks
 * save / discard / stay, closing or reloading the tab asks the browser's question, and a
 * session that ends keeps the work in the browser instead of trapping the user.
 */
export function useUnsavedChangesGuard<S>({ dirty, name, saving, save, discard, keep }: UnsavedChangesGuardOptions<S>) {
  const bypass = useRef(false)
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !bypass.current && !isSessionEnding() && leaves(currentLocation, nextLocation))

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      if (isSessionEnding()) return
      event.preventDefault()
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])
  // A bypass is for the one navigation it was asked for.
  useEffect(() => {
    bypass.current = false
  })

  // ---- the session ends: keep the work; after signing in again, offer it back ----
  const userId = useRouteLoaderData<RootLoaderData>('root')?.user?.id ?? null
  const keyOf = useCallback((routeUuid: string, screen: string) => (userId === null ? null : { userId, screen, routeUuid }), [userId])
  const latest = useRef({ dirty, keep })
  useEffect(() => {
    latest.current = { dirty, keep }
  })
  useEffect(
    () =>
      onSessionEnd(() => {
        const { dirty: unsaved, keep: current } = latest.current
        const key = current && keyOf(current.routeUuid, current.screen)
        if (unsaved && current && key) keepWork(key, current.state)
      }),
    [keyOf],
  )
  const screen = keep?.screen
  const routeUuid = keep?.routeUuid
  const key = useMemo(() => (screen && routeUuid ? keyOf(routeUuid, screen) : null), [keyOf, screen, routeUuid])
  // Read after hydration only (the server has no browser storage).
  const text = useSyncExternalStore(subscribeKeptWork, () => (key ? keptWorkText(key) : null), () => null)
  const offer = useMemo<KeptWork<S> | null>(() => parseKeptWork<S>(text), [text])
  const forget = () => {
    if (key) forgetKeptWork(key)
  }

  return {
    /** Lets the next navigation through (e.g. the edited route was just deleted). */
    allowNextNavigation: () => {
      bypass.current = true
    },
    /** Work kept when the session ended on this route, until restored or dismissed. */
    kept: offer
      ? {
          keptAt: offer.keptAt,
          restore: () => {
            keep?.restore(offer.state)
            forget()
          },
          dismiss: forget,
        }
      : null,
    modal: (
      <UnsavedChangesModal
        open={blocker.state === 'blocked'}
        name={name}
        saving={saving}
        onSave={async () => {
          if (await save()) blocker.proceed?.()
        }}
        onDiscard={() => {
          discard()
          blocker.proceed?.()
        }}
        onCancel={() => blocker.reset?.()}
      />
    ),
  }
}
