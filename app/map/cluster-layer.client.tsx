import 'leaflet.markercluster/dist/MarkerCluster.css'
import 'leaflet.markercluster/dist/MarkerCluster.Default.css'
import L from 'leaflet'
// The plugin extends the global L that Leaflet sets when it loads (imported just above).
import 'leaflet.markercluster'
import { useEffect, useRef } from 'react'
import { useMap } from 'react-leaflet'
import type { LatLng } from '#app/modules/geo/geo.ts'

export interface ClusterPlace extends LatLng {
  id: number
  name: string
}

export interface ClusterLayerProps<P extends ClusterPlace> {
  places: P[]
  /** The marker of one place (a DivIcon: styled by map.css, no image files). */
  icon: (place: P) => L.DivIcon
  /** The popup's content, built as DOM (Leaflet renders popups outside React). */
  popup: (place: P) => HTMLElement
  /** Put on each marker's element for tests. */
  testId: string
}

/**
 * Places as markers that merge into numbered clusters where they are dense
 * (leaflet.markercluster). Markers are rebuilt when the places or their look change.
 */
export function ClusterLayer<P extends ClusterPlace>({ places, icon, popup, testId }: ClusterLayerProps<P>) {
  const map = useMap()
  const groupRef = useRef<L.MarkerClusterGroup | null>(null)

  useEffect(() => {
    // Clusters break apart from street level on: the places are then easy to click one by one.
    const group = L.markerClusterGroup({ maxClusterRadius: 48, disableClusteringAtZoom: 17, showCoverageOnHover: false, spiderfyOnMaxZoom: true })
    groupRef.current = group
    map.addLayer(group)
    return () => {
      map.removeLayer(group)
      groupRef.current = null
    }
  }, [map])

  useEffect(() => {
    const group = groupRef.current
    if (!group) return
    group.clearLayers()
    const markers = places.map((place) => {
      const marker = L.marker([place.lat, place.lng], { icon: icon(place), title: place.name, alt: place.name, keyboard: true })
      marker.bindPopup(() => popup(place), { closeButton: true, minWidth: 180 })
      marker.on('add', () => marker.getElement()?.setAttribute('data-testid', testId))
      return marker
    })
    group.addLayers(markers)
  }, [map, places, icon, popup, testId])

  return null
}
