import L from 'leaflet'
import { useMemo, type ReactNode } from 'react'
import { CircleMarker, Marker, Polyline, Tooltip } from 'react-leaflet'
import type { LatLng } from '#app/modules/geo/geo.ts'
import { heatColor, pointRadius } from './heat-scale.ts'
import { textColorOn } from '#app/utils/contrast.ts'

const MARKER_SIZE = 28

/** Marks a layer's element for tests and styles (Leaflet creates it after React renders). */
const tagElement = (testId: string) => ({
  add: (event: L.LeafletEvent) => (event.target as { getElement?: () => Element | undefined }).getElement?.()?.setAttribute('data-testid', testId),
})

function numberedIcon(label: number, color: string) {
  const html = `<span aria-hidden="true" style="background:${color};color:${textColorOn(color)}">${label}</span>`
  return L.divIcon({ className: 'tg-numbered-marker', html, iconSize: [MARKER_SIZE, MARKER_SIZE], iconAnchor: [MARKER_SIZE / 2, MARKER_SIZE / 2] })
}

export interface NumberedPlace extends LatLng {
  id: number
  name: string
  /** Shown on the marker: the stop's number (1, 2, ...). */
  number: number
}

/** A route's stops as numbered discs in the route colour; name in the title and tooltip. */
export function NumberedMarkers({ places, color }: { places: NumberedPlace[]; color: string }) {
  return places.map((place) => (
    <NumberedMarker key={`${place.id}-${place.number}`} place={place} color={color} />
  ))
}

function NumberedMarker({ place, color }: { place: NumberedPlace; color: string }) {
  const icon = useMemo(() => numberedIcon(place.number, color), [place.number, color])
  const title = `${place.number}. ${place.name}`
  return (
    <Marker position={[place.lat, place.lng]} icon={icon} title={title} alt={title} eventHandlers={tagElement('numbered-marker')}>
      <Tooltip direction="top" offset={[0, -MARKER_SIZE / 2]}>
        {title}
      </Tooltip>
    </Marker>
  )
}

/** A walking line (one or more paths of [lat, lng]) in the route colour. */
export function RouteLine({ paths, color }: { paths: [number, number][][]; color: string }) {
  const positions = paths.filter((path) => path.length >= 2)
  if (positions.length === 0) return null
  return <Polyline positions={positions} pathOptions={{ color, weight: 4, opacity: 0.85 }} eventHandlers={tagElement('route-line')} />
}

export interface WeightedPoint extends LatLng {
  place_id: number
  weight: number
}

/** Points as discs sized and coloured by weight, each with a tooltip. */
export function WeightedPoints<P extends WeightedPoint>({ points, max, tooltip }: { points: P[]; max: number; tooltip: (point: P) => ReactNode }) {
  // Lightest first, so the heaviest discs are drawn on top.
  const ordered = useMemo(() => [...points].sort((a, b) => a.weight - b.weight), [points])
  return ordered.map((point) => {
    const colour = heatColor(max > 0 ? point.weight / max : 0)
    return (
      <CircleMarker
        key={point.place_id}
        center={[point.lat, point.lng]}
        radius={pointRadius(point.weight, max)}
        pathOptions={{ color: '#1f2937', weight: 1, fillColor: colour, fillOpacity: 0.8 }}
        eventHandlers={tagElement('weighted-point')}
      >
        <Tooltip>{tooltip(point)}</Tooltip>
      </CircleMarker>
    )
  })
}
