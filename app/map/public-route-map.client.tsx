import L from 'leaflet'
import { useEffect, useMemo } from 'react'
import { CircleMarker, Marker, Tooltip, useMap } from 'react-leaflet'
import type { LatLng } from '#app/modules/geo/geo.ts'
import BaseMap from './base-map.client.tsx'
import { RouteLine, type NumberedPlace } from './markers.client.tsx'

const MARKER_SIZE = 34
const FOCUS_ZOOM = 17

export interface MapFocus extends LatLng {
  /** Changes on every request, so centring the same place twice moves the map again. */
  seq: number
}

export interface PublicRouteMapProps {
  tileUrl: string
  attribution: string
  label: string
  className?: string
  places: NumberedPlace[]
  /** Route colour as CSS (hex). */
  color: string
  /** The walked line as [lat, lng] paths; empty when the path is hidden. */
  paths: [number, number][][]
  position: LatLng | null
  focus: MapFocus | null
  selectedId: number | null
  onSelect: (placeId: number) => void
}

const tagElement = (testId: string) => ({
  add: (event: L.LeafletEvent) => (event.target as { getElement?: () => Element | undefined }).getElement?.()?.setAttribute('data-testid', testId),
})

function stopIcon(number: number, color: string, selected: boolean) {
  const ring = selected ? ';box-shadow:0 0 0 4px rgb(255 255 255 / .9),0 0 0 7px #111827' : ''
  const html = `<span aria-hidden="true" style="background:${color}${ring}">${number}</span>`
  return L.divIcon({ className: 'tg-numbered-marker', html, iconSize: [MARKER_SIZE, MARKER_SIZE], iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2] })
}

function StopMarker({ place, color, selected, onSelect }: { place: NumberedPlace; color: string; selected: boolean; onSelect: (id: number) => void }) {
  const icon = useMemo(() => stopIcon(place.number, color, selected), [place.number, color, selected])
  const title = `${place.number}. ${place.name}`
  const handlers = useMemo(() => ({ ...tagElement('numbered-marker'), click: () => onSelect(place.id) }), [onSelect, place.id])
  return (
    <Marker position={[place.lat, place.lng]} icon={icon} title={title} alt={title} eventHandlers={handlers} zIndexOffset={selected ? 1000 : 0}>
      <Tooltip direction="top" offset={[0, -MARKER_SIZE / 2]}>
        {title}
      </Tooltip>
    </Marker>
  )
}

/** Moves the map to a place when asked (a list's "centre on map", a deep link). */
function FocusOn({ focus }: { focus: MapFocus | null }) {
  const map = useMap()
  useEffect(() => {
    if (focus) map.setView([focus.lat, focus.lng], Math.max(map.getZoom(), FOCUS_ZOOM))
    // Only a new request moves the map, not a re-render with the same one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, focus?.seq])
  return null
}

/** The visitor's route map: path, numbered stops, their own position. Browser only. */
export default function PublicRouteMap({ places, color, paths, position, focus, selectedId, onSelect, ...base }: PublicRouteMapProps) {
  return (
    <BaseMap {...base} fitTo={places} testId="public-route-map">
      <RouteLine paths={paths} color={color} />
      {places.map((place) => (
        <StopMarker key={place.id} place={place} color={color} selected={place.id === selectedId} onSelect={onSelect} />
      ))}
      {position && (
        <CircleMarker
          center={[position.lat, position.lng]}
          radius={9}
          pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#2563eb', fillOpacity: 1 }}
          eventHandlers={tagElement('my-position')}
        />
      )}
      <FocusOn focus={focus} />
    </BaseMap>
  )
}
