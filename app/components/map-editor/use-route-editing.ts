import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { addToast, SAVED_NOTICE_MS } from '#app/components/shell/toast-store.ts'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { apiErrorMessage, apiRequest, isSessionEnded } from '#app/client/api-client.ts'
import {
  editorReducer,
  initialEditorState,
  isDirty,
  isPathStale,
  savePayload,
  stopsKey,
  walkableStops,
  type EditorAction,
  type EditorState,
} from './editor-state.ts'

/** The path is computed again this long after the stops stop changing. */
const DIRECTIONS_DEBOUNCE_MS = 700

const editable = (route: RouteView) => ({
  uuid: route.uuid,
  places: route.places,
  distance: route.distance,
  duration: route.duration,
  features_collection: route.features_collection,
  isPathVisible: route.isPathVisible,
  isSpacePlacesVisible: route.isSpacePlacesVisible,
})


/**
 * The open route's editing: the reducer state, kept across revalidations while it holds
 * unsaved changes; the walking path computed through /api/directions; the save.
 */
export function useRouteEditing(loaded: RouteView | null, onSaved: () => void) {
  const { t } = useTranslation()
  const [route, setRoute] = useState(loaded)
  const [state, setState] = useState<EditorState | null>(() => (loaded ? initialEditorState(editable(loaded)) : null))
  const [lastLoaded, setLastLoaded] = useState(loaded)
  const [computing, setComputing] = useState(false)
  const [saving, setSaving] = useState(false)

  // New loader data: another route replaces the editor; the same route refreshes it only when
  // it holds no unsaved edits (a revalidation after a modal must not lose them).
  if (loaded !== lastLoaded) {
    setLastLoaded(loaded)
    setRoute(loaded)
    if (!loaded) setState(null)
    else if (!state || state.uuid !== loaded.uuid || !isDirty(state)) setState(initialEditorState(editable(loaded)))
  }

  // Callbacks read the latest state (a save right after an edit, a debounced directions call).
  const stateRef = useRef(state)
  useLayoutEffect(() => {
    stateRef.current = state
  })
  const dispatch = useCallback((action: EditorAction) => setState((s) => (s ? editorReducer(s, action) : s)), [])

  /** Computes the path through the current stops; the action it ended with (null: nothing asked). */
  const computePath = useCallback(async (): Promise<EditorAction | null> => {
    const current = stateRef.current
    if (!current) return null
    const forKey = stopsKey(current.stops)
    const points = walkableStops(current.stops).map(({ lat, lng }) => ({ lat, lng }))
    if (points.length < 2) {
      const action: EditorAction = { type: 'resetPath', forKey }
      dispatch(action)
      return action
    }
    setComputing(true)
    let action: EditorAction
    try {
      const directions = await apiRequest('/directions', { method: 'POST', body: { coordinates: points } })
      action = { type: 'directions', forKey, directions }
    } catch (error) {
      // The session ended: the work is kept as it is (the path computes again once restored).
      if (isSessionEnded(error)) return null
      // docs/spec.md §8: report, reset the path; the editor stays usable.
      addToast({ title: t('mapEditor.directionsFailed') })
      action = { type: 'resetPath', forKey }
    } finally {
      setComputing(false)
    }
    dispatch(action)
    return action
  }, [dispatch, t])

  // The stops changed: compute the path again once they settle.
  const key = state ? stopsKey(state.stops) : ''
  const stale = state ? isPathStale(state) : false
  useEffect(() => {
    if (!stale) return
    const timer = setTimeout(() => void computePath(), DIRECTIONS_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [key, stale, computePath])

  /** Saves the route (computing a stale path first); true when it is saved. */
  const save = useCallback(
    async (options: { revalidate?: boolean } = {}): Promise<boolean> => {
      let current = stateRef.current
      if (!current) return false
      if (isPathStale(current)) {
        const action = await computePath()
        // No outcome: the session ended meanwhile (the work is kept; saving would fail again).
        if (!action) return false
        current = editorReducer(current, action)
      }
      setSaving(true)
      try {
        const next = await apiRequest('/routes/update', { method: 'PUT', body: savePayload(current) })
        setRoute(next)
        setState(initialEditorState(editable(next)))
        addToast({ title: t('mapEditor.saved'), timeout: SAVED_NOTICE_MS })
        if (options.revalidate !== false) onSaved()
        return true
      } catch (error) {
        // A session that ended says so itself, once (api-client.ts): no second notice.
        if (!isSessionEnded(error)) addToast({ title: t('mapEditor.saveFailed', { uuid: current.uuid }), description: apiErrorMessage(error, '') || undefined })
        return false
      } finally {
        setSaving(false)
      }
    },
    [computePath, onSaved, t],
  )

  /** Forgets the unsaved edits: back to the route as last loaded or saved. */
  const discard = useCallback(() => {
    if (route) setState(initialEditorState(editable(route)))
  }, [route])

  /** The route as saved elsewhere (a restored revision, ADR 111): the editor starts from it, the lists follow. */
  const replace = useCallback(
    (next: RouteView) => {
      setRoute(next)
      setState(initialEditorState(editable(next)))
      onSaved()
    },
    [onSaved],
  )

  /** Puts back work kept when the session ended (only onto the route it was made on). */
  const restore = useCallback((kept: EditorState) => setState((s) => (s && s.uuid === kept.uuid ? kept : s)), [])

  return { route, setRoute, replace, state, dispatch, restore, dirty: state ? isDirty(state) : false, stale, computing, saving, computePath, save, discard }
}
