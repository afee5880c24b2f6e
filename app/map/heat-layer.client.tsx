import L from 'leaflet'
// The plugin extends the global L that Leaflet sets when it loads (imported just above).
import 'leaflet.heat'
import { useEffect } from 'react'
import { useMap } from 'react-leaflet'
import { HEAT_GRADIENT } from './heat-scale.ts'

export interface HeatLayerProps {
  /** [lat, lng, intensity 0..1] (see heatIntensities). */
  points: [number, number, number][]
  radius?: number
  blur?: number
}

/** A leaflet.heat canvas over the map, drawn with the shared colour ramp. */
export function HeatLayer({ points, radius = 28, blur = 18 }: HeatLayerProps) {
  const map = useMap()
  useEffect(() => {
    // maxZoom 0: every zoom level shows full intensities (the plugin fades them below maxZoom).
    const layer = L.heatLayer(points, { radius, blur, max: 1, maxZoom: 0, minOpacity: 0.25, gradient: { ...HEAT_GRADIENT } })
    layer.addTo(map)
    return () => {
      map.removeLayer(layer)
    }
  }, [map, points, radius, blur])
  return null
}
