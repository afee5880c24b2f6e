import L from 'leaflet'
import { textColorOn } from '#app/utils/contrast.ts'
import { retinaTiles, STOP_TARGET } from './trail-map.ts'

// The category home's map: where each published route starts, a 44 px pin in its
// colour that links to its page. Plain Leaflet, driven by app/visitor/category-home.client.ts.

export interface RouteStart {
  uuid: string
  /** The route's number on its card. */
  number: number
  name: string
  color: string
  lat: number
  lng: number
  href: string
}

export interface CategoryMap {
  /** Shows only these routes' pins. */
  show(uuids: Set<string>): void
}

export function createCategoryMap(element: HTMLElement, options: { tileUrl: string; attribution: string; zoomInTitle: string; zoomOutTitle: string; starts: RouteStart[] }): CategoryMap {
  const map = L.map(element, { zoomSnap: 0.5, zoomControl: false })
  L.control.zoom({ zoomInTitle: options.zoomInTitle, zoomOutTitle: options.zoomOutTitle }).addTo(map)
  L.tileLayer(options.tileUrl, { attribution: options.attribution, detectRetina: retinaTiles(), maxZoom: 19 }).addTo(map)
  const frame = (uuids: Set<string>) => {
    const points = options.starts.filter((s) => uuids.has(s.uuid)).map((s): [number, number] => [s.lat, s.lng])
    if (points.length > 0) map.fitBounds(L.latLngBounds(points), { padding: [40, 40], maxZoom: 15 })
    else if (options.starts.length === 0) map.setView([46.8, 8.2], 7)
  }
  // The view first: Leaflet adds layers to a map once it has one.
  frame(new Set(options.starts.map((s) => s.uuid)))
  const markers = new Map<string, L.Marker>()
  for (const start of options.starts) {
    const icon = L.divIcon({
      className: 'tg-stop-marker',
      html: `<span aria-hidden="true" style="background:${start.color};color:${textColorOn(start.color)}">${start.number}</span>`,
      iconSize: [STOP_TARGET, STOP_TARGET],
      iconAnchor: [STOP_TARGET / 2, STOP_TARGET / 2],
    })
    // The cards' links do the same for keyboards and screen readers (WCAG 2.5.8's equivalent control).
    const marker = L.marker([start.lat, start.lng], { icon, title: start.name, alt: start.name, keyboard: false })
    // Leaflet makes the pin's element anew each time it is shown.
    marker.on('add', () => marker.getElement()?.setAttribute('data-testid', 'route-start'))
    marker.addTo(map)
    // A tap on a pin opens the route's page.
    marker.on('click', () => window.location.assign(start.href))
    markers.set(start.uuid, marker)
  }
  new ResizeObserver(() => map.invalidateSize()).observe(element)
  return {
    show(uuids) {
      for (const [uuid, marker] of markers) {
        if (uuids.has(uuid)) marker.addTo(map)
        else marker.remove()
      }
      frame(uuids)
    },
  }
}
