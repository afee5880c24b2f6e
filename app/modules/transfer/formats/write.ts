import { locales } from '#app/i18n/config.ts'
import { listOrder } from '#app/i18n/content-locales.ts'
import type { LatLng } from '#app/modules/geo/geo.ts'
import { walkTextFields, type WalkTexts } from '#app/modules/walks/walks.schema.ts'
import { writeCsv } from './csv.ts'
import { writeGpx, xmlEscape, type GpxRoute, type GpxTrack } from '#app/modules/geo/gpx-write.ts'

// Export: a category's places and routes in GeoJSON, CSV, GPX and KML, pure
// functions of an ExportModel. What each format cannot hold is said in ADR 023: GeoJSON and KML
// carry everything (texts per language, a route's stops by the ids of its places); GPX carries
// the fallback language only; CSV carries places only (with the routes they are stops of).

export interface ExportPlace {
  /** The id of the place's feature in the file ("place-12"): routes name their stops by it. */
  ref: string
  name: string
  lat: number | null
  lng: number | null
  /** Height in metres, when known (kept from an imported file). */
  ele?: number | null
  texts: Record<string, { name: string | null; description: string | null }>
}

export interface ExportRoute {
  ref: string
  uuid: string
  slug: string
  status: string
  color: string
  distance: number
  duration: number
  /** The landing page's public address (ADR 011) and the map page's. */
  url: string
  mapUrl: string
  lines: (LatLng & { ele?: number })[][]
  stops: string[]
  texts: Record<string, Partial<WalkTexts>>
  /** The stored photo's key (open data links it). */
  photoPath: string | null
}

export interface ExportModel {
  name: string
  /** What the file cannot hold, said in it (GPX: places without position, routes with neither path nor stops). */
  note?: string | null
  fallbackLocale: string
  places: ExportPlace[]
  routes: ExportRoute[]
}

const round = (n: number) => Math.round(n * 1e7) / 1e7
const position = (p: LatLng) => [round(p.lng), round(p.lat)]
/** A third coordinate when the height is known (GeoJSON and KML both take one). */
const withHeight = (coordinates: number[], ele: number | null | undefined) => (ele === null || ele === undefined ? coordinates : [...coordinates, Math.round(ele * 10) / 10])

/** Texts without a language are the fallback language's; every language's are keyed `field:xx` (any content language, ADR 043: `name:es`, `name:zh-Hant`). */
function textProperties<F extends string>(texts: Record<string, Partial<Record<F, string | null>>>, fields: readonly F[], fallback: string) {
  const out: Record<string, string> = {}
  for (const field of fields) {
    const value = texts[fallback]?.[field]
    if (value) out[field] = value
  }
  for (const locale of listOrder(Object.keys(texts))) {
    for (const field of fields) {
      const value = texts[locale]?.[field]
      if (value) out[`${field}:${locale}`] = value
    }
  }
  return out
}

const placeDescription = (model: ExportModel, place: ExportPlace) => place.texts[model.fallbackLocale]?.description ?? null
export const routeName = (model: ExportModel, route: ExportRoute) =>
  route.texts[model.fallbackLocale]?.name ?? Object.values(route.texts).find((t) => t.name)?.name ?? route.slug

/** The model as a GeoJSON FeatureCollection object (open data sends it as it is). */
export function geoJsonOf(model: ExportModel) {
  const features = [
    ...model.places.map((place) => ({
      type: 'Feature',
      id: place.ref,
      geometry: place.lat !== null && place.lng !== null ? { type: 'Point', coordinates: withHeight(position(place as LatLng), place.ele) } : null,
      properties: { kind: 'place', ...textProperties(place.texts, ['name', 'description'] as const, model.fallbackLocale), name: place.name },
    })),
    ...model.routes.map((route) => ({
      type: 'Feature',
      id: route.ref,
      geometry:
        route.lines.length === 0
          ? null
          : route.lines.length === 1
            ? { type: 'LineString', coordinates: route.lines[0].map(position) }
            : { type: 'MultiLineString', coordinates: route.lines.map((line) => line.map(position)) },
      properties: {
        kind: 'route',
        ...textProperties(route.texts, walkTextFields, model.fallbackLocale),
        name: routeName(model, route),
        uuid: route.uuid,
        slug: route.slug,
        status: route.status,
        url: route.url,
        map_url: route.mapUrl,
        distance: route.distance,
        duration: route.duration,
        stroke: route.color,
        stops: route.stops,
      },
    })),
  ]
  return { type: 'FeatureCollection', name: model.name, features }
}

export const toGeoJson = (model: ExportModel): string => JSON.stringify(geoJsonOf(model), null, 1) + '\n'

export function toCsv(model: ExportModel): string {
  // The four interface languages' columns always (as before ADR 043), then any other content language a place is written in.
  const languages = listOrder([...locales, ...model.places.flatMap((p) => Object.keys(p.texts))].filter((l, i, all) => all.indexOf(l) === i))
  const headings = ['name', 'lat', 'lng', 'description', ...languages.flatMap((l) => [`name_${l}`, `description_${l}`]), 'routes']
  const stopsOf = new Map<string, string[]>()
  for (const route of model.routes) {
    route.stops.forEach((ref, i) => stopsOf.set(ref, [...(stopsOf.get(ref) ?? []), `${routeName(model, route)} #${i + 1}`]))
  }
  const rows = model.places.map((place) => [
    place.name,
    place.lat,
    place.lng,
    placeDescription(model, place),
    ...languages.flatMap((l) => [place.texts[l]?.name ?? null, place.texts[l]?.description ?? null]),
    (stopsOf.get(place.ref) ?? []).join('; '),
  ])
  return writeCsv(headings, rows)
}

export function toGpx(model: ExportModel): string {
  const byRef = new Map(model.places.map((p) => [p.ref, p]))
  const located = (p: ExportPlace | undefined): p is ExportPlace & LatLng => p !== undefined && p.lat !== null && p.lng !== null
  const routes: GpxRoute[] = []
  const tracks: GpxTrack[] = []
  for (const route of model.routes) {
    const name = routeName(model, route)
    const link = { href: route.url, text: name }
    const desc = route.texts[model.fallbackLocale]?.description ?? null
    const stops = route.stops.map((ref) => byRef.get(ref)).filter(located)
    // The stops as a route marked "stops", the walked path as a track of the same name.
    if (stops.length > 0) routes.push({ name, desc, link, type: 'stops', points: stops.map((p) => ({ lat: p.lat, lng: p.lng, ele: p.ele, name: p.name })) })
    if (route.lines.length > 0) tracks.push({ name, desc: stops.length > 0 ? null : desc, link, segments: route.lines })
  }
  return writeGpx({
    name: model.name,
    desc: model.note,
    waypoints: model.places.filter(located).map((p) => ({ lat: p.lat, lng: p.lng, ele: p.ele, name: p.name, desc: placeDescription(model, p) })),
    routes,
    tracks,
  })
}

/** KML's colour is aabbggrr. */
const kmlColor = (hex: string) => `ff${hex.slice(5, 7)}${hex.slice(3, 5)}${hex.slice(1, 3)}`.toLowerCase()
const coordinates = (points: LatLng[]) => points.map((p) => `${round(p.lng)},${round(p.lat)}`).join(' ')

function extendedData(values: Record<string, string | number>): string {
  const entries = Object.entries(values).filter(([, v]) => v !== '')
  if (entries.length === 0) return ''
  return `<ExtendedData>${entries.map(([k, v]) => `<Data name="${xmlEscape(k)}"><value>${xmlEscape(String(v))}</value></Data>`).join('')}</ExtendedData>`
}

export function toKml(model: ExportModel): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<kml xmlns="http://www.opengis.net/kml/2.2">', `<Document><name>${xmlEscape(model.name)}</name>`]
  lines.push('<Folder><name>Places</name>')
  for (const place of model.places) {
    const { name: _name, description: _description, ...texts } = textProperties(place.texts, ['name', 'description'] as const, model.fallbackLocale)
    const description = placeDescription(model, place)
    const point = place.lat !== null && place.lng !== null ? `<Point><coordinates>${withHeight([round(place.lng), round(place.lat)], place.ele).join(',')}</coordinates></Point>` : ''
    lines.push(
      `<Placemark id="${xmlEscape(place.ref)}"><name>${xmlEscape(place.name)}</name>${description ? `<description>${xmlEscape(description)}</description>` : ''}${extendedData({ kind: 'place', ...texts })}${point}</Placemark>`,
    )
  }
  lines.push('</Folder>', '<Folder><name>Routes</name>')
  for (const route of model.routes) {
    const { name: _name, description, ...texts } = textProperties(route.texts, walkTextFields, model.fallbackLocale)
    const geometry =
      route.lines.length === 0
        ? ''
        : route.lines.length === 1
          ? `<LineString><tessellate>1</tessellate><coordinates>${coordinates(route.lines[0])}</coordinates></LineString>`
          : `<MultiGeometry>${route.lines.map((line) => `<LineString><tessellate>1</tessellate><coordinates>${coordinates(line)}</coordinates></LineString>`).join('')}</MultiGeometry>`
    const data = { kind: 'route', ...texts, stops: route.stops.join(' '), color: route.color, status: route.status, url: route.url, distance: route.distance, duration: route.duration }
    lines.push(
      `<Placemark id="${xmlEscape(route.ref)}"><name>${xmlEscape(routeName(model, route))}</name>${description ? `<description>${xmlEscape(description)}</description>` : ''}` +
        `<Style><LineStyle><color>${kmlColor(route.color)}</color><width>4</width></LineStyle></Style>${extendedData(data)}${geometry}</Placemark>`,
    )
  }
  lines.push('</Folder>', '</Document>', '</kml>', '')
  return lines.join('\n')
}
