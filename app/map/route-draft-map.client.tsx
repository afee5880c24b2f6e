import { useMemo } from 'react'
import BaseMap from './base-map.client.tsx'
import { NumberedMarkers, RouteLine, type NumberedPlace } from './markers.client.tsx'

export interface RouteDraftMapProps {
  tileUrl: string
  attribution: string
  label: string
  /** The stops in walking order, numbered. */
  places: NumberedPlace[]
  /** The walking line as paths of [lat, lng]; the stops joined in order when there is none. */
  paths: [number, number][][]
  /** The route colour (#RRGGBB). */
  color: string
  className?: string
}

/** A route on the map: its numbered stops joined by a line in the route colour. */
export default function RouteDraftMap({ places, paths, color, ...base }: RouteDraftMapProps) {
  const line = useMemo<[number, number][][]>(
    () => (paths.some((path) => path.length >= 2) ? paths : [places.map((p) => [p.lat, p.lng])]),
    [paths, places],
  )
  return (
    <BaseMap {...base} fitTo={places} testId="route-map">
      <RouteLine paths={line} color={color} />
      <NumberedMarkers places={places} color={color} />
    </BaseMap>
  )
}
