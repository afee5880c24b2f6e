import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { gpx, kml } from '@tmcw/togeojson'
import { DOMParser } from '@xmldom/xmldom'
import Papa from 'papaparse'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { importFile, owner, placesOf, warmImportWorker } from './transfer.test-fixtures.ts'

// Real files from the field (tests/fixtures/real-world/README.md says where each comes from),
// imported through the API (preview, then commit) and compared with what independent readers
// see in the same bytes: @tmcw/togeojson for GPX and KML, JSON.parse for GeoJSON, papaparse for
// CSV (its bytes decoded by Python's cp1252 codec, not by ours). Same count of each kind, same
// names (or the proposed ones where the file has none), coordinates to 1e-6, heights kept,
// non-ASCII texts intact.

const DIR = path.join(import.meta.dirname, '../../../tests/fixtures/real-world')
const bytesOf = (file: string) => new Uint8Array(fs.readFileSync(path.join(DIR, file)))

type Position = number[]
interface Expected {
  /** `name` null: the file has none, `proposal` is what should be proposed (null: a numbered label). */
  places: { name: string | null; proposal?: string | null; lng: number; lat: number; ele: number | null; description: string | null; texts: Record<string, string> }[]
  routes: { name: string | null; lines: Position[][] }[]
  /** Features the independent reader sees but that carry nothing to import (no geometry, a one-position line). */
  empty: number
  /** Features of a kind Trailguide does not import (polygons). */
  other: number
}

const oneLine = (value: unknown) => (typeof value === 'string' && value.trim() !== '' && value.trim().length <= 80 && !/[\r\n]/.test(value.trim()) ? value.trim() : null)
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null)

/** What a FeatureCollection (togeojson's, or the file's own) holds, in the terms of the comparison. */
function expectedFrom(collection: { features: { properties: Record<string, unknown> | null; geometry: { type: string; coordinates?: unknown; geometries?: { type: string; coordinates: unknown }[] } | null }[] }, keys: { name: string[]; description: string[] }): Expected {
  const out: Expected = { places: [], routes: [], empty: 0, other: 0 }
  const pick = (props: Record<string, unknown>, names: string[]) => names.map((k) => text(props[k])).find((v) => v !== null) ?? null
  for (const feature of collection.features) {
    const props = feature.properties ?? {}
    const geometry = feature.geometry
    // Without an untagged name, the first language's (in the app's order: en, fr, de, it) is the name.
    const name = pick(props, [...keys.name, ...['en', 'fr', 'de', 'it'].map((l) => `name:${l}`)])
    if (!geometry) {
      out.empty++
      continue
    }
    if (geometry.type === 'Point') {
      const [lng, lat, ele] = geometry.coordinates as number[]
      const texts = Object.fromEntries(['fr', 'en', 'de', 'it'].flatMap((l) => (text(props[`name:${l}`]) ? [[l, text(props[`name:${l}`])!]] : [])))
      const description = pick(props, keys.description)
      out.places.push({ name, proposal: oneLine(props.cmt) ?? oneLine(description) ?? oneLine(props.sym), lng, lat, ele: ele ?? null, description, texts })
      continue
    }
    const parts: Position[][] | null =
      geometry.type === 'LineString'
        ? [geometry.coordinates as Position[]]
        : geometry.type === 'MultiLineString'
          ? (geometry.coordinates as Position[][])
          : geometry.type === 'GeometryCollection' && geometry.geometries!.every((g) => g.type === 'LineString')
            ? geometry.geometries!.map((g) => g.coordinates as Position[])
            : null
    if (parts === null) out.other++
    else if (parts.every((line) => line.length < 2)) out.empty++
    else out.routes.push({ name, lines: parts.filter((line) => line.length >= 2) })
  }
  return out
}

/** GPX or KML through togeojson, the text decoded by Node's Buffer in the encoding the file declares. */
function togeojson(file: string) {
  const bytes = Buffer.from(bytesOf(file))
  const latin1 = /encoding="ISO-8859-1"/i.test(bytes.subarray(0, 100).toString('latin1'))
  const doc = new DOMParser().parseFromString(bytes.toString(latin1 ? 'latin1' : 'utf8'), 'text/xml')
  // togeojson takes a DOM Document; xmldom's is the same shape.
  const read = (file.endsWith('.gpx') ? gpx : kml) as (doc: unknown) => Parameters<typeof expectedFrom>[0]
  return expectedFrom(read(doc), { name: ['name'], description: ['desc', 'description'] })
}

const closeTo = (a: number, b: number) => Math.abs(a - b) < 1e-6
const byPosition = <T extends { lat: number | null; lng: number | null }>(list: T[]) => [...list].sort((a, b) => a.lat! - b.lat! || a.lng! - b.lng!)

/** `dropped`: features the independent reader leaves out without a word, which the import names as errors. */
const CASES: { file: string; format: string; expected: () => Expected; dropped?: number }[] = [
  { file: 'watch-apple-friday-evening-run.gpx', format: 'gpx', expected: () => togeojson('watch-apple-friday-evening-run.gpx') },
  { file: 'watch-strava-run.gpx', format: 'gpx', expected: () => togeojson('watch-strava-run.gpx') },
  // Its first <trk> ("ACTIVE LOG") has no position: togeojson leaves it out, the import says "too short".
  { file: 'garmin-waypoints-cerknica.gpx', format: 'gpx', expected: () => togeojson('garmin-waypoints-cerknica.gpx'), dropped: 1 },
  { file: 'latin1-iso-8859-1.gpx', format: 'gpx', expected: () => togeojson('latin1-iso-8859-1.gpx') },
  { file: 'geotrek-trek.gpx', format: 'gpx', expected: () => togeojson('geotrek-trek.gpx') },
  { file: 'google-my-tracks.kml', format: 'kml', expected: () => togeojson('google-my-tracks.kml') },
  { file: 'google-location-history.kml', format: 'kml', expected: () => togeojson('google-location-history.kml') },
  { file: 'geotrek-trace-iso-8859-1.kml', format: 'kml', expected: () => togeojson('geotrek-trace-iso-8859-1.kml') },
  {
    file: 'osm-overpass-turbo-north-macedonia.geojson',
    format: 'geojson',
    expected: () => expectedFrom(JSON.parse(Buffer.from(bytesOf('osm-overpass-turbo-north-macedonia.geojson')).toString('utf8')), { name: ['name'], description: ['description'] }),
  },
  {
    file: 'geotrek-schema-randonnee.geojson',
    format: 'geojson',
    // France's open walking-route schema names a route `nom_itineraire`.
    expected: () => expectedFrom(JSON.parse(Buffer.from(bytesOf('geotrek-schema-randonnee.geojson')).toString('utf8')), { name: ['nom_itineraire'], description: ['description'] }),
  },
  {
    file: 'excel-windows-1252.csv',
    format: 'csv',
    expected: () => {
      const decoded = execFileSync('python3', ['-c', 'import sys; sys.stdout.buffer.write(open(sys.argv[1], "rb").read().decode("cp1252").encode("utf-8"))', path.join(DIR, 'excel-windows-1252.csv')]).toString('utf8')
      const rows = Papa.parse<Record<string, string>>(decoded, { header: true, skipEmptyLines: true }).data
      const number = (cell: string) => Number(cell.replace(',', '.'))
      return { places: rows.map((r) => ({ name: r.Nom, lat: number(r.Latitude), lng: number(r.Longitude), ele: null, description: r.Description, texts: {} })), routes: [], empty: 0, other: 0 }
    },
  },
]

describe.each(testDialects)('real files from the field, on %s', (dialect) => {
  beforeAll(warmImportWorker, 120_000)
  const { t, testDb } = useTestApi(dialect)

  it.each(CASES)('$file: preview and commit hold what an independent reader sees', async ({ file, format, expected: read, dropped = 0 }) => {
    const expected = read()
    const m = await owner(t)
    const bytes = bytesOf(file)

    const preview = await importFile(t, m.token, m.category.id, bytes, { name: file, query: '?dry_run=true' })
    expect(preview.status, preview.text).toBe(200)
    const data = preview.json.data
    expect(data.format).toBe(format)
    expect([data.places.length, data.routes.length]).toEqual([expected.places.length, expected.routes.length])
    // What the other reader sees but cannot be imported is named, row by row, not dropped in silence.
    expect(new Set(data.errors.map((e) => e.row)).size).toBe(expected.empty + expected.other + dropped)

    // Places: coordinates to 1e-6, the file's names (non-ASCII intact), proposals where it has none.
    const previewPlaces = byPosition(data.places)
    byPosition(expected.places).forEach((want, i) => {
      const got = previewPlaces[i]
      expect(closeTo(got.lat!, want.lat) && closeTo(got.lng!, want.lng), `${file}: place ${i} at ${got.lat},${got.lng}, expected ${want.lat},${want.lng}`).toBe(true)
      if (want.name !== null) expect([got.name, got.proposed]).toEqual([want.name.normalize('NFC'), false])
      else if (want.proposal) expect([got.name, got.proposed]).toEqual([want.proposal, true])
      else expect([got.name, got.proposed]).toEqual([expect.stringMatching(/^Waypoint \d+$/), true])
    })
    const previewRoutes = data.routes
    expected.routes.forEach((want, i) => {
      const got = previewRoutes[i]
      if (want.name !== null) expect([got.name, got.proposed]).toEqual([want.name, false])
      else expect(got.proposed).toBe(true)
      expect(got.path.length).toBe(want.lines.length)
      const [lng, lat] = want.lines[0][0]
      expect(closeTo(got.path[0][0][0], lat) && closeTo(got.path[0][0][1], lng)).toBe(true)
    })

    // The commit stores what the preview showed.
    const done = await importFile(t, m.token, m.category.id, bytes, { name: file })
    expect(done.status, done.text).toBe(200)
    expect(done.json.data.summary).toMatchObject({ places_created: expected.places.length, routes_created: expected.routes.length })
    const places = await placesOf(testDb, m.category.id)
    const eles = new Map((await testDb.db.selectFrom('places').select(['id', 'ele']).where('category_id', '=', m.category.id).execute()).map((p) => [p.id, p.ele]))
    const stored = byPosition(places)
    byPosition(expected.places).forEach((want, i) => {
      const got = stored[i]
      expect(closeTo(got.lat!, want.lat) && closeTo(got.lng!, want.lng)).toBe(true)
      expect(got.name).toBe(want.name ?? previewPlaces[i].name)
      // Heights kept where the file has them (places keep a tenth of a metre).
      if (want.ele !== null) expect(Math.abs(eles.get(got.id)! - want.ele)).toBeLessThan(0.051)
      // The untagged description is the category's language's (French here), its characters intact.
      if (want.description !== null && want.name !== null) expect(got.texts.fr?.description).toBe(want.description)
      for (const [locale, name] of Object.entries(want.texts)) expect(got.texts[locale]?.name).toBe(name)
    })

    const walks = await testDb.db
      .selectFrom('walks')
      .leftJoin('walk_translations', (j) => j.onRef('walk_translations.walk_id', '=', 'walks.id').on('walk_translations.locale', '=', 'fr'))
      .select(['walks.id', 'walks.features_collection', 'walk_translations.name'])
      .where('walks.category_id', '=', m.category.id)
      .orderBy('walks.id')
      .execute()
    expect(walks.length).toBe(expected.routes.length)
    walks.forEach((walk, i) => {
      const want = expected.routes[i]
      expect(walk.name).toBe(want.name ?? previewRoutes[i].name)
      const lines = (JSON.parse(walk.features_collection!) as { features: { geometry: { coordinates: Position[] } }[] }).features.map((f) => f.geometry.coordinates)
      expect(lines.length).toBe(want.lines.length)
      lines.forEach((line, j) => {
        // Every position, with its height when the file has one.
        expect(line.length).toBe(want.lines[j].length)
        line.forEach((position, k) => {
          const [lng, lat, ele] = want.lines[j][k]
          expect(closeTo(position[0], lng) && closeTo(position[1], lat), `${file}: route ${i} line ${j} position ${k}`).toBe(true)
          if (ele !== undefined) expect(position[2]).toBeCloseTo(ele, 6)
        })
      })
    })
  })
})
