import L from 'leaflet'
import type { LatLng } from '#app/modules/geo/geo.ts'
import { textColorOn } from '#app/utils/contrast.ts'

// The visitor map of the route pages without a framework (/m, issue 13): plain Leaflet, driven
// by app/visitor/trail-page.client.ts. Stops are 44 × 44 px tap targets (WCAG 2.2 target size)
// with a 32 px disc inside.

export const STOP_TARGET = 44
const FOCUS_ZOOM = 17
const FIT = { padding: [32, 32] as [number, number], maxZoom: 16 }

interface TrailStop extends LatLng {
  id: number
  number: number
  name: string
}

export interface TrailMapOptions {
  tileUrl: string
  attribution: string
  color: string
  paths: [number, number][][]
  stops: TrailStop[]
  /** Leaflet's own control titles, in the page's language. */
  zoomInTitle: string
  zoomOutTitle: string
  /** A stop asked for (a plaque's scan, ?place=): the map opens on it, not on the whole route. */
  focus?: LatLng
  onSelect: (id: number) => void
}

export interface TrailMap {
  select(id: number | null): void
  focus(point: LatLng): void
  showPosition(point: LatLng | null): void
}

/** Sharp tiles on high-density phone screens: the next zoom level's tiles at half size (Leaflet's detectRetina). */
export const retinaTiles = () => typeof window !== 'undefined' && window.devicePixelRatio > 1

function stopIcon(stop: TrailStop, color: string, selected: boolean) {
  const ring = selected ? ';box-shadow:0 0 0 3px #fff,0 0 0 6px #111827' : ''
  return L.divIcon({
    className: 'tg-stop-marker',
    html: `<span aria-hidden="true" style="background:${color};color:${textColorOn(color)}${ring}">${stop.number}</span>`,
    iconSize: [STOP_TARGET, STOP_TARGET],
    iconAnchor: [STOP_TARGET / 2, STOP_TARGET / 2],
  })
}

const tag = (layer: L.Layer & { getElement?: () => Element | undefined }, testId: string) => layer.getElement?.()?.setAttribute('data-testid', testId)

export function createTrailMap(element: HTMLElement, options: TrailMapOptions): TrailMap {
  const map = L.map(element, { zoomSnap: 0.5, zoomControl: false, attributionControl: true })
  L.control.zoom({ zoomInTitle: options.zoomInTitle, zoomOutTitle: options.zoomOutTitle }).addTo(map)
  L.tileLayer(options.tileUrl, { attribution: options.attribution, detectRetina: retinaTiles(), maxZoom: 19 }).addTo(map)

  // One view set once: framing the route and then moving to the asked stop cost a throttled
  // phone a zoom animation and a second set of tiles before the map was usable.
  const points = options.stops.map((s): [number, number] => [s.lat, s.lng])
  const framed = [...points, ...options.paths.flat()]
  if (options.focus) map.setView([options.focus.lat, options.focus.lng], FOCUS_ZOOM)
  else if (framed.length > 0) map.fitBounds(L.latLngBounds(framed), FIT)
  else map.setView([46.8, 8.2], 7)

  const lines = options.paths.filter((p) => p.length >= 2)
  if (lines.length > 0) {
    const line = L.polyline(lines, { color: options.color, weight: 5, opacity: 0.85, interactive: false }).addTo(map)
    tag(line, 'route-line')
  }

  const markers = new Map<number, L.Marker>()
  for (const stop of options.stops) {
    const title = `${stop.number}. ${stop.name}`
    // A pointer's shortcut to the stop: keyboards and screen readers have the same action in the
    // list of places (WCAG 2.5.8's "equivalent" control), so markers that may overlap when stops
    // are close take no focus.
    const marker = L.marker([stop.lat, stop.lng], { icon: stopIcon(stop, options.color, false), title, alt: title, keyboard: false, riseOnHover: true })
    marker.on('click', () => options.onSelect(stop.id))
    marker.addTo(map)
    tag(marker, 'numbered-marker')
    markers.set(stop.id, marker)
  }

  // The sheet beside the map changes size (a stop opened, the list shown): the map follows.
  new ResizeObserver(() => map.invalidateSize()).observe(element)

  let selected: number | null = null
  let position: L.CircleMarker | null = null
  return {
    select(id) {
      for (const changed of [selected, id]) {
        const stop = options.stops.find((s) => s.id === changed)
        const marker = changed === null ? undefined : markers.get(changed)
        if (!stop || !marker) continue
        marker.setIcon(stopIcon(stop, options.color, changed === id))
        marker.setZIndexOffset(changed === id ? 1000 : 0)
        tag(marker, 'numbered-marker')
      }
      selected = id
    },
    focus(point) {
      map.setView([point.lat, point.lng], Math.max(map.getZoom(), FOCUS_ZOOM))
    },
    showPosition(point) {
      if (!point) {
        position?.remove()
        position = null
        return
      }
      if (!position) {
        position = L.circleMarker([point.lat, point.lng], { radius: 9, color: '#ffffff', weight: 3, fillColor: '#2563eb', fillOpacity: 1, interactive: false }).addTo(map)
        tag(position, 'my-position')
      } else position.setLatLng([point.lat, point.lng])
    },
  }
}
