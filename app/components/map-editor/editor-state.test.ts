import { describe, expect, it } from 'vitest'
import {
  editorReducer,
  initialEditorState,
  isDirty,
  isPathStale,
  pathLines,
  savePayload,
  stopsKey,
  walkableStops,
  type EditableRoute,
  type EditorAction,
  type EditorState,
} from './editor-state.ts'

const cathedral = { id: 11, name: 'Cathedral', lat: 46.5225, lng: 6.6356 }
const palud = { id: 12, name: 'Place de la Palud', lat: 46.5206, lng: 6.6328 }
const flon = { id: 13, name: 'Flon', lat: 46.5208, lng: 6.6282 }
const ouchy = { id: 14, name: 'Ouchy', lat: 46.5069, lng: 6.6268 }
const unplaced = { id: 15, name: 'Somewhere', lat: null, lng: null }

const route: EditableRoute = {
  uuid: 'r-1',
  places: [cathedral, palud],
  distance: 300,
  duration: 214,
  features_collection: {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: [[6.6356, 46.5225], [6.6328, 46.5206]] } }],
  },
  isPathVisible: true,
  isSpacePlacesVisible: false,
}

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state)
const ids = (state: EditorState) => state.stops.map((s) => s.id)
const line = { type: 'LineString' as const, coordinates: [[6.6356, 46.5225], [6.6282, 46.5208]] as [number, number][] }

describe('map editor state', () => {
  it('starts from the route as saved: not dirty, path up to date', () => {
    const state = initialEditorState(route)
    expect(ids(state)).toEqual([11, 12])
    expect(isDirty(state)).toBe(false)
    expect(isPathStale(state)).toBe(false)
  })

  it('adds a place at the end and becomes dirty', () => {
    const state = run(initialEditorState(route), { type: 'add', place: flon })
    expect(ids(state)).toEqual([11, 12, 13])
    expect(isDirty(state)).toBe(true)
    expect(isPathStale(state)).toBe(true)
  })

  it('adds an empty slot with a null id, then fills it with a place', () => {
    const withSlot = run(initialEditorState(route), { type: 'addSlot' })
    expect(ids(withSlot)).toEqual([11, 12, null])
    expect(isDirty(withSlot)).toBe(true)
    // An empty slot changes nothing that is walked: the path stays valid.
    expect(isPathStale(withSlot)).toBe(false)
    const slot = withSlot.stops[2]
    const filled = run(withSlot, { type: 'fill', key: slot.key, place: ouchy })
    expect(filled.stops[2]).toMatchObject({ key: slot.key, id: 14, name: 'Ouchy', lat: ouchy.lat })
    expect(isPathStale(filled)).toBe(true)
  })

  it('removes a stop; the others are numbered from 1 again in the payload order', () => {
    const state = run(initialEditorState(route), { type: 'add', place: flon }, { type: 'add', place: ouchy })
    const removed = run(state, { type: 'remove', key: state.stops[0].key })
    expect(ids(removed)).toEqual([12, 13, 14])
    expect(savePayload(removed).places).toEqual([{ id: 12 }, { id: 13 }, { id: 14 }])
  })

  it('moves a stop (drag and drop or keyboard) and keeps its key', () => {
    const state = run(initialEditorState(route), { type: 'add', place: flon }, { type: 'add', place: ouchy })
    const key = state.stops[3].key
    const moved = run(state, { type: 'move', from: 3, to: 0 })
    expect(ids(moved)).toEqual([14, 11, 12, 13])
    expect(moved.stops[0].key).toBe(key)
    const back = run(moved, { type: 'move', from: 0, to: 1 })
    expect(ids(back)).toEqual([11, 14, 12, 13])
  })

  it('ignores a move out of range or onto itself', () => {
    const state = initialEditorState(route)
    expect(run(state, { type: 'move', from: 0, to: 5 })).toBe(state)
    expect(run(state, { type: 'move', from: -1, to: 0 })).toBe(state)
    expect(run(state, { type: 'move', from: 1, to: 1 })).toBe(state)
  })

  it('toggles the path and the other places; toggling back is clean again', () => {
    const state = run(initialEditorState(route), { type: 'setPathVisible', value: false }, { type: 'setSpacePlacesVisible', value: true })
    expect(state.isPathVisible).toBe(false)
    expect(state.isSpacePlacesVisible).toBe(true)
    expect(isDirty(state)).toBe(true)
    expect(isDirty(run(state, { type: 'setPathVisible', value: true }, { type: 'setSpacePlacesVisible', value: false }))).toBe(false)
  })

  it('takes directions for the current stops as a one-LineString collection', () => {
    const state = run(initialEditorState(route), { type: 'add', place: flon })
    const next = run(state, { type: 'directions', forKey: stopsKey(state.stops), directions: { distance: 812.4, duration: 580.3, geometry: line } })
    expect(next.distance).toBe(812.4)
    expect(next.duration).toBe(580.3)
    expect(next.features_collection).toEqual({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: line }] })
    expect(isPathStale(next)).toBe(false)
    expect(pathLines(next.features_collection)).toEqual([[[46.5225, 6.6356], [46.5208, 6.6282]]])
  })

  it('drops directions that answer for stops that changed meanwhile', () => {
    const state = run(initialEditorState(route), { type: 'add', place: flon })
    const asked = stopsKey(state.stops)
    const changed = run(state, { type: 'add', place: ouchy })
    expect(run(changed, { type: 'directions', forKey: asked, directions: { distance: 1, duration: 1, geometry: line } })).toBe(changed)
    expect(run(changed, { type: 'resetPath', forKey: asked })).toBe(changed)
  })

  it('resets the path on a directions failure: no collection, distance and duration 0', () => {
    const state = initialEditorState(route)
    const reset = run(state, { type: 'resetPath', forKey: stopsKey(state.stops) })
    expect(reset).toMatchObject({ features_collection: null, distance: 0, duration: 0 })
    expect(ids(reset)).toEqual([11, 12])
    expect(isDirty(reset)).toBe(true)
  })

  it('saves only the places that have an id, in order, with the path and the toggles', () => {
    const state = run(
      initialEditorState(route),
      { type: 'addSlot' },
      { type: 'add', place: flon },
      { type: 'move', from: 3, to: 0 },
      { type: 'setSpacePlacesVisible', value: true },
    )
    expect(ids(state)).toEqual([13, 11, 12, null])
    expect(savePayload(state)).toEqual({
      uuid: 'r-1',
      places: [{ id: 13 }, { id: 11 }, { id: 12 }],
      distance: 300,
      duration: 214,
      features_collection: route.features_collection,
      isPathVisible: true,
      isSpacePlacesVisible: true,
    })
  })

  it('rounds distance and duration to whole metres and seconds when saving', () => {
    const state = initialEditorState({ ...route, distance: 812.6, duration: 580.4 })
    expect(savePayload(state)).toMatchObject({ distance: 813, duration: 580 })
  })

  it('is clean again after loading the saved route', () => {
    const edited = run(initialEditorState(route), { type: 'add', place: flon })
    const reloaded = run(edited, { type: 'load', route: { ...route, places: [cathedral, palud, flon] } })
    expect(isDirty(reloaded)).toBe(false)
    expect(ids(reloaded)).toEqual([11, 12, 13])
  })

  it('walks only stops with a place and coordinates', () => {
    const state = run(initialEditorState(route), { type: 'addSlot' }, { type: 'add', place: unplaced })
    expect(walkableStops(state.stops).map((s) => s.id)).toEqual([11, 12])
  })
})
