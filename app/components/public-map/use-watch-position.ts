import { useCallback, useEffect, useRef, useState } from 'react'
import type { LatLng } from '#app/modules/geo/geo.ts'

export type PositionState = { status: 'off' | 'waiting' | 'denied' | 'unavailable'; position: null } | { status: 'on'; position: LatLng }

/** The device's position, followed from the moment the visitor asks for it (`start`). */
export function useWatchPosition(): [PositionState, () => void] {
  const [state, setState] = useState<PositionState>({ status: 'off', position: null })
  const watchId = useRef<number | null>(null)
  const start = useCallback(() => {
    if (watchId.current !== null) return
    if (!('geolocation' in navigator)) return setState({ status: 'unavailable', position: null })
    setState({ status: 'waiting', position: null })
    watchId.current = navigator.geolocation.watchPosition(
      (p) => setState({ status: 'on', position: { lat: p.coords.latitude, lng: p.coords.longitude } }),
      (error) => {
        if (watchId.current !== null) navigator.geolocation.clearWatch(watchId.current)
        watchId.current = null
        setState({ status: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable', position: null })
      },
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 },
    )
  }, [])
  useEffect(
    () => () => {
      if (watchId.current !== null) navigator.geolocation.clearWatch(watchId.current)
    },
    [],
  )
  return [state, start]
}
