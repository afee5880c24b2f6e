import L from 'leaflet'
import { useCallback, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Polyline, useMap, useMapEvents } from 'react-leaflet'
import type { LatLng } from '#app/modules/geo/geo.ts'
import BaseMap from './base-map.client.tsx'
import { ClusterLayer, type ClusterPlace } from './cluster-layer.client.tsx'
import { NumberedMarkers, type NumberedPlace } from './markers.client.tsx'

const PLACE_SIZE = 22
const FOCUS_ZOOM = 17

export interface MapFocus extends LatLng {
  /** Changes on every request, so focusing the same spot twice moves the map again. */
  seq: number
  /** An area to show whole ([west, south, east, north]): a town found by the address search. */
  bbox?: [number, number, number, number]
  /** The zoom to show the spot at (an address found); else at least the street's. */
  zoom?: number
}

/** What the page may ask of the map once it is ready. */
export interface RouteEditorMapHandle {
  getCenter(): LatLng
}

export interface RouteEditorMapProps {
  tileUrl: string
  attribution: string
  label: string
  className?: string
  /** The category's places that are not stops of the route. */
  places: ClusterPlace[]
  /** The route's stops in walking order, numbered from 1. */
  stops: NumberedPlace[]
  /** The walking line as [lat, lng] paths. */
  paths: [number, number][][]
  /** The route colour (#RRGGBB). */
  color: string
  /** Visitors see the path / the other places: shown plainly, else faded (still editable). */
  isPathVisible: boolean
  isSpacePlacesVisible: boolean
  /** The map frames these points, again when they change. */
  fitTo: LatLng[]
  focus: MapFocus | null
  /** A route is open: a place's popup offers to add it. */
  canAdd: boolean
  /** The next click on the map picks a spot (for a new place). */
  picking: boolean
  onAdd(placeId: number): void
  onPick(position: LatLng): void
  onReady(handle: RouteEditorMapHandle | null): void
}

function placeIcon(faded: boolean) {
  return L.divIcon({
    className: faded ? 'tg-place-marker tg-place-marker--faded' : 'tg-place-marker',
    html: '<span aria-hidden="true"></span>',
    iconSize: [PLACE_SIZE, PLACE_SIZE],
    iconAnchor: [PLACE_SIZE / 2, PLACE_SIZE / 2],
    popupAnchor: [0, -PLACE_SIZE / 2],
  })
}

/** Hands the page a way to read the map centre (the QR panel activates codes there). */
function ReadyHandle({ onReady }: { onReady: RouteEditorMapProps['onReady'] }) {
  const map = useMap()
  useEffect(() => {
    // The view, written on the map's element: where the map is, for the browser tests and tools.
    const mark = () => {
      const c = map.getCenter()
      map.getContainer().dataset.center = `${c.lat.toFixed(5)},${c.lng.toFixed(5)}`
      map.getContainer().dataset.zoom = String(map.getZoom())
    }
    mark()
    map.on('moveend', mark)
    return () => void map.off('moveend', mark)
  }, [map])
  useEffect(() => {
    onReady({
      getCenter: () => {
        const c = map.getCenter()
        return { lat: c.lat, lng: c.lng }
      },
    })
    return () => onReady(null)
  }, [map, onReady])
  return null
}

/** Moves the map to a position when asked (a QR code's place, a new place, a town or address found). */
function FocusOn({ focus }: { focus: MapFocus | null }) {
  const map = useMap()
  useEffect(() => {
    if (!focus) return
    const animate = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
    if (focus.bbox) {
      const [west, south, east, north] = focus.bbox
      map.fitBounds([[south, west], [north, east]], { maxZoom: FOCUS_ZOOM, animate })
    } else map.setView([focus.lat, focus.lng], focus.zoom ?? Math.max(map.getZoom(), FOCUS_ZOOM), { animate })
    // Only a new request moves the map, not a re-render with the same one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, focus?.seq])
  return null
}

/** While picking, a click on the map is a spot for a new place; the cursor says so. */
function PickSpot({ picking, onPick }: { picking: boolean; onPick: RouteEditorMapProps['onPick'] }) {
  const map = useMapEvents({
    click(event) {
      if (picking) onPick({ lat: event.latlng.lat, lng: event.latlng.lng })
    },
  })
  useEffect(() => {
    map.getContainer().classList.toggle('tg-picking', picking)
  }, [map, picking])
  return null
}

const tagLine = { add: (event: L.LeafletEvent) => (event.target as L.Polyline).getElement()?.setAttribute('data-testid', 'route-line') }

/** The path in the route colour; dashed and grey when visitors do not see it. */
function EditorLine({ paths, color, visible }: { paths: [number, number][][]; color: string; visible: boolean }) {
  const positions = paths.filter((path) => path.length >= 2)
  if (positions.length === 0) return null
  const style = visible ? { color, weight: 4, opacity: 0.85 } : { color: '#6B7280', weight: 3, opacity: 0.7, dashArray: '6 8' }
  return <Polyline key={visible ? 'shown' : 'hidden'} positions={positions} pathOptions={style} eventHandlers={tagLine} />
}

/** The map editor's map: the category's places (clustered), the route's numbered stops and path. */
export default function RouteEditorMap(props: RouteEditorMapProps) {
  const { places, stops, paths, color, isPathVisible, isSpacePlacesVisible, fitTo, focus, canAdd, picking, onAdd, onPick, onReady, ...base } = props
  const { t } = useTranslation()

  const icon = useCallback(() => placeIcon(!isSpacePlacesVisible), [isSpacePlacesVisible])
  const popup = useCallback(
    (place: ClusterPlace) => {
      const box = document.createElement('div')
      box.className = 'tg-place-popup'
      const name = document.createElement('p')
      name.textContent = place.name
      box.append(name)
      if (canAdd) {
        const button = document.createElement('button')
        button.type = 'button'
        button.textContent = t('mapEditor.addToRoute')
        button.setAttribute('data-testid', 'popup-add-place')
        button.addEventListener('click', () => onAdd(place.id))
        box.append(button)
      }
      return box
    },
    [canAdd, onAdd, t],
  )

  return (
    <BaseMap {...base} fitTo={fitTo} testId="route-editor-map">
      <ClusterLayer places={places} icon={icon} popup={popup} testId="place-marker" />
      <EditorLine paths={paths} color={color} visible={isPathVisible} />
      <NumberedMarkers places={stops} color={color} />
      <ReadyHandle onReady={onReady} />
      <FocusOn focus={focus} />
      <PickSpot picking={picking} onPick={onPick} />
    </BaseMap>
  )
}
