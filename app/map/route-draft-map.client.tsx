import { useMemo } from 'react'
import BaseMap from './base-map.client.tsx'
import { NumberedMarkers, RouteLine, type NumberedPlace } from './markers.client.tsx'

export interface RouteDraftMapProps {
  tileUrl: string
  attribution: string
  label: string
  /** The stops in walking order, numbered. */
  places: NumberedPlace[]
  /** The walking line as [lat, lng] positions; the stops joined in order when empty. */
  line: [number, number][]
  /** The route colour (#RRGGBB). */
  color: string
  className?: string
}

/** A route on the map: its numbered stops joined by a line in the route colour. */
export default function RouteDraftMap({ places, line, color, ...base }: RouteDraftMapProps) {
  const positions = useMemo<[number, number][]>(() => (line.length >= 2 ? line : places.map((p) => [p.lat, p.lng])), [line, places])
  return (
    <BaseMap {...base} fitTo={places} testId="route-map">
      <RouteLine positions={positions} color={color} />
      <NumberedMarkers places={places} color={color} />
    </BaseMap>
  )
}
