import { useMemo, type ReactNode } from 'react'
import BaseMap from './base-map.client.tsx'
import { HeatLayer } from './heat-layer.client.tsx'
import { heatIntensities } from './heat-scale.ts'
import { WeightedPoints, type WeightedPoint } from './markers.client.tsx'

export interface HeatmapMapProps<P extends WeightedPoint> {
  tileUrl: string
  attribution: string
  label: string
  points: P[]
  /** The largest weight: the top of the colour ramp. */
  max: number
  /** A heat layer, or each place as a disc sized by its weight. */
  mode: 'heat' | 'points'
  tooltip: (point: P) => ReactNode
  className?: string
}

/** The heatmap screen's map: weighted places as heat or as raw points. */
export default function HeatmapMap<P extends WeightedPoint>({ points, max, mode, tooltip, ...base }: HeatmapMapProps<P>) {
  const intensities = useMemo(() => heatIntensities(points, max), [points, max])
  return (
    <BaseMap {...base} fitTo={points} testId="heatmap-map">
      {mode === 'heat' ? <HeatLayer points={intensities} /> : <WeightedPoints points={points} max={max} tooltip={tooltip} />}
    </BaseMap>
  )
}
