import { arrayMove } from '@dnd-kit/sortable'
import type { LatLng } from '#app/modules/geo/geo.ts'
import type { FeatureCollection, Geometry } from '#app/modules/geo/geojson.schema.ts'
import type { Directions as DirectionsAnswer } from '#app/modules/directions/directions.schema.ts'

// The map editor's state as a pure reducer: the page dispatches, tests check every rule
// (docs/spec.md §4: removing renumbers from 1, a new slot has a null id; section 7: only places
// with an id are saved, in order).

/** One stop of the route being edited. `key` is stable across moves (drag and drop needs it). */
export interface EditorStop {
  key: string
  /** The place; null for an empty slot still waiting for a place. */
  id: number | null
  name: string
  lat: number | null
  lng: number | null
}

export interface PlaceRef {
  id: number
  name: string
  lat: number | null
  lng: number | null
}

/** The part of a route the editor changes (a subset of RouteView). */
export interface EditableRoute {
  uuid: string
  places: { id: number; name: string; lat: number; lng: number }[]
  distance: number
  duration: number
  features_collection: FeatureCollection | null
  isPathVisible: boolean
  isSpacePlacesVisible: boolean
}

/** What the reducer takes of POST /directions' answer. */
type Directions = Pick<DirectionsAnswer, 'distance' | 'duration' | 'geometry'>

export interface EditorState {
  uuid: string
  stops: EditorStop[]
  distance: number
  duration: number
  features_collection: FeatureCollection | null
  isPathVisible: boolean
  isSpacePlacesVisible: boolean
  /** The stops (`stopsKey`) the current path was computed for: it is stale when they differ. */
  pathFor: string
  /** What was last loaded or saved, as it would be sent: the editor is dirty when it differs. */
  saved: string
  nextKey: number
}

export type EditorAction =
  | { type: 'load'; route: EditableRoute }
  | { type: 'add'; place: PlaceRef }
  | { type: 'addSlot' }
  | { type: 'fill'; key: string; place: PlaceRef }
  | { type: 'remove'; key: string }
  | { type: 'move'; from: number; to: number }
  | { type: 'setPathVisible'; value: boolean }
  | { type: 'setSpacePlacesVisible'; value: boolean }
  /** A directions answer for the stops `forKey`; ignored when the stops changed meanwhile. */
  | { type: 'directions'; forKey: string; directions: Directions }
  /** No path (failure, or fewer than two stops): docs/spec.md §8 "resets the route". */
  | { type: 'resetPath'; forKey: string }

/** The places with an id, in order: what a stop list amounts to once saved. */
const placedStops = (stops: EditorStop[]) => stops.filter((s): s is EditorStop & { id: number } => s.id !== null)

/** A key of the stops that have a place, in order: a path belongs to one such sequence. */
export const stopsKey = (stops: EditorStop[]) => placedStops(stops).map((s) => s.id).join(',')

/** The stops that can be walked to, in order (a place without coordinates cannot). */
export function walkableStops(stops: EditorStop[]): (EditorStop & LatLng & { id: number })[] {
  return placedStops(stops).filter((s): s is EditorStop & LatLng & { id: number } => typeof s.lat === 'number' && typeof s.lng === 'number')
}

/** The body of `PUT /api/routes/update` (updateWalkSchema): places with an id, in order. */
export function savePayload(state: EditorState) {
  return {
    uuid: state.uuid,
    places: placedStops(state.stops).map((s) => ({ id: s.id })),
    distance: Math.round(state.distance),
    duration: Math.round(state.duration),
    features_collection: state.features_collection,
    isPathVisible: state.isPathVisible,
    isSpacePlacesVisible: state.isSpacePlacesVisible,
  }
}

// Empty slots are a pending edit too: leaving would lose them, so they count as a change.
const comparable = (state: EditorState) => JSON.stringify({ ...savePayload(state), slots: state.stops.length })

/** The editor holds changes that are not saved yet. */
export const isDirty = (state: EditorState) => comparable(state) !== state.saved

/** The route's path as the API stores it: one LineString feature. */
function pathCollection(geometry: Geometry): FeatureCollection {
  return { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry }] } as FeatureCollection
}

export function initialEditorState(route: EditableRoute): EditorState {
  const stops: EditorStop[] = route.places.map((p, i) => ({ key: `s${i}`, id: p.id, name: p.name, lat: p.lat, lng: p.lng }))
  const state: EditorState = {
    uuid: route.uuid,
    stops,
    distance: route.distance,
    duration: route.duration,
    features_collection: route.features_collection,
    isPathVisible: route.isPathVisible,
    isSpacePlacesVisible: route.isSpacePlacesVisible,
    pathFor: stopsKey(stops),
    saved: '',
    nextKey: stops.length,
  }
  return { ...state, saved: comparable(state) }
}

const stopOf = (key: string, place: PlaceRef): EditorStop => ({ key, id: place.id, name: place.name, lat: place.lat, lng: place.lng })

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return initialEditorState(action.route)
    case 'add':
      return { ...state, stops: [...state.stops, stopOf(`s${state.nextKey}`, action.place)], nextKey: state.nextKey + 1 }
    case 'addSlot':
      return { ...state, stops: [...state.stops, { key: `s${state.nextKey}`, id: null, name: '', lat: null, lng: null }], nextKey: state.nextKey + 1 }
    case 'fill':
      return { ...state, stops: state.stops.map((s) => (s.key === action.key ? stopOf(s.key, action.place) : s)) }
    case 'remove':
      return { ...state, stops: state.stops.filter((s) => s.key !== action.key) }
    case 'move': {
      const { from, to } = action
      const inRange = (i: number) => Number.isInteger(i) && i >= 0 && i < state.stops.length
      if (!inRange(from) || !inRange(to) || from === to) return state
      return { ...state, stops: arrayMove(state.stops, from, to) }
    }
    case 'setPathVisible':
      return { ...state, isPathVisible: action.value }
    case 'setSpacePlacesVisible':
      return { ...state, isSpacePlacesVisible: action.value }
    case 'directions': {
      if (action.forKey !== stopsKey(state.stops)) return state
      const { distance, duration, geometry } = action.directions
      return { ...state, distance, duration, features_collection: pathCollection(geometry), pathFor: action.forKey }
    }
    case 'resetPath':
      if (action.forKey !== stopsKey(state.stops)) return state
      return { ...state, distance: 0, duration: 0, features_collection: null, pathFor: action.forKey }
  }
}

/** The path is out of date: the stops changed since it was computed or loaded. */
export const isPathStale = (state: EditorState) => state.pathFor !== stopsKey(state.stops)

/** The line to draw, as Leaflet paths of [lat, lng] (GeoJSON positions are [lng, lat]). */
export function pathLines(collection: FeatureCollection | null): [number, number][][] {
  if (!collection) return []
  const lines: [number, number][][] = []
  for (const feature of collection.features) {
    const g = feature.geometry
    if (g.type === 'LineString') lines.push(g.coordinates.map((p) => [p[1], p[0]]))
    else if (g.type === 'MultiLineString') for (const part of g.coordinates) lines.push(part.map((p) => [p[1], p[0]]))
  }
  return lines
}
