import L from 'leaflet'
import { useEffect, useMemo } from 'react'
import { useMap } from 'react-leaflet'
import BaseMap from './base-map.client.tsx'

export interface PreviewPoint {
  row: number
  lat: number
  lng: number
  name: string
  /** new: will be created; existing: a place is already there (under 20 m); skipped: left out. */
  kind: 'new' | 'existing' | 'skipped'
}

export interface ImportPreviewMapProps {
  tileUrl: string
  attribution: string
  label: string
  points: PreviewPoint[]
  /** Routes' paths, [lat, lng] per line. */
  lines: [number, number][][]
  className?: string
}

const colours = { new: '#16a34a', existing: '#d97706', skipped: '#9ca3af' }

/**
 * Every row of an import on one canvas (10,000 points stay fluid: no DOM element per point),
 * coloured by what the commit will do; a tooltip names the row.
 */
function PreviewLayer({ points, lines }: { points: PreviewPoint[]; lines: [number, number][][] }) {
  const map = useMap()
  useEffect(() => {
    const renderer = L.canvas({ padding: 0.5 })
    const group = L.layerGroup()
    for (const line of lines) if (line.length >= 2) L.polyline(line, { renderer, color: '#2563eb', weight: 3, opacity: 0.8 }).addTo(group)
    for (const p of points) {
      L.circleMarker([p.lat, p.lng], { renderer, radius: 5, color: '#fff', weight: 1, fillColor: colours[p.kind], fillOpacity: 0.95 })
        .bindTooltip(`${p.row}. ${p.name}`)
        .addTo(group)
    }
    group.addTo(map)
    return () => {
      group.remove()
    }
  }, [map, points, lines])
  return null
}

export default function ImportPreviewMap({ points, lines, ...base }: ImportPreviewMapProps) {
  const fitTo = useMemo(() => [...points, ...lines.flat().map(([lat, lng]) => ({ lat, lng }))], [points, lines])
  return (
    <BaseMap {...base} fitTo={fitTo} testId="import-preview-map">
      <PreviewLayer points={points} lines={lines} />
    </BaseMap>
  )
}
