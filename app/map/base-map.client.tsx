import 'leaflet/dist/leaflet.css'
import './map.css'
import { clsx } from 'clsx'
import { useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { MapContainer, TileLayer, useMap, ZoomControl } from 'react-leaflet'
import type { LatLng } from '#app/modules/geo/geo.ts'
import { boundsKey, boundsOf, type BoundsTuple } from './bounds.ts'

export interface BaseMapProps {
  /** Tile URL template ({z}/{x}/{y}), from the TILE_URL setting. */
  tileUrl: string
  /** Tile credits (HTML), from the TILE_ATTRIBUTION setting. */
  attribution: string
  /** The map's accessible name. */
  label: string
  /** The map frames these points, again whenever they move. */
  fitTo: LatLng[]
  /** Size of the frame (Tailwind classes); the placeholder before it has the same. */
  className?: string
  testId?: string
  children?: ReactNode
}

const FIT_OPTIONS = { padding: [32, 32] as [number, number], maxZoom: 16 }
// Without points: the whole of Switzerland.
const FALLBACK = { center: [46.8, 8.2] as [number, number], zoom: 7 }

/** Refits the map when the framed box changes (the first fit is MapContainer's own). */
function FitBounds({ bounds }: { bounds: BoundsTuple | null }) {
  const map = useMap()
  const key = boundsKey(bounds)
  const first = useRef(key)
  useEffect(() => {
    if (key === first.current) return
    first.current = key
    if (bounds) map.fitBounds(bounds, FIT_OPTIONS)
    // bounds is read through its key: a new array with the same box must not refit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key])
  return null
}

interface ZoomAnimationState {
  _animatingZoom?: boolean
  _onZoomTransitionEnd?: () => void
}

/**
 * Leaflet ends a zoom animation in a 250 ms timer that fails on a removed map ("reading
 * '_leaflet_pos'"): leaving the page mid-zoom ends the animation first. A layout effect's
 * cleanup runs before MapContainer's own (a passive effect) removes the map.
 */
function FinishZoomOnUnmount() {
  const map = useMap()
  useLayoutEffect(
    () => () => {
      const state = map as unknown as ZoomAnimationState
      if (state._animatingZoom) state._onZoomTransitionEnd?.()
    },
    [map],
  )
  return null
}

/** A Leaflet map with the configured tiles, framing the given points. Browser only. */
export default function BaseMap({ tileUrl, attribution, label, fitTo, className, testId, children }: BaseMapProps) {
  const { t } = useTranslation()
  const bounds = useMemo(() => boundsOf(fitTo), [fitTo])
  const view = bounds ? { bounds, boundsOptions: FIT_OPTIONS } : FALLBACK
  return (
    // isolate: Leaflet's panes and controls stack inside the map, never over menus and toasts.
    <div role="region" aria-label={label} data-testid={testId} className={clsx('isolate overflow-hidden rounded-xl border border-gray-200 dark:border-gray-800', className)}>
      {/* Leaflet's own zoom buttons are titled in English: ours in the page's language. */}
      <MapContainer {...view} zoomSnap={0.5} className="size-full bg-gray-100 dark:bg-gray-800" attributionControl zoomControl={false}>
        <ZoomControl zoomInTitle={t('publicMap.zoomIn')} zoomOutTitle={t('publicMap.zoomOut')} />
        <TileLayer url={tileUrl} attribution={attribution} />
        <FitBounds bounds={bounds} />
        <FinishZoomOnUnmount />
        {children}
      </MapContainer>
    </div>
  )
}
