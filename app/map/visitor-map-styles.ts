// The stylesheets of the plain-Leaflet visitor maps, as built files (the pages' scripts link them).
import leafletCss from 'leaflet/dist/leaflet.css?url'
import mapCss from './map.css?url'

export const visitorMapStyles = [leafletCss, mapCss]
