import { zipSync } from 'fflate'

// Import files at the limits (10 MB, 10,000 rows), generated for the memory test, the worker
// tests and the bench: what a self-registered user may send (issue 24).

export const LIMIT_BYTES = 10 * 1024 * 1024
/** Just under the limit, so the file is accepted and read to its end. */
const TARGET = LIMIT_BYTES - 4 * 1024

const pad = (n: number) => 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(Math.ceil(n / 57)).slice(0, n)
const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;')

/** A track that wanders like a walker's: about a metre and a half a second, a little noise, one point a second. */
export function* walk(count: number, start = { lat: 46.5, lng: 6.6 }): Generator<{ lat: number; lng: number; ele: number }> {
  let { lat, lng } = start
  let heading = 0
  for (let i = 0; i < count; i++) {
    heading += Math.sin(i / 300) * 0.05 + (((i * 7919) % 13) - 6) * 0.01
    lat += (Math.cos(heading) * 1.4) / 111_195
    lng += (Math.sin(heading) * 1.4) / 76_500
    yield { lat, lng, ele: 500 + 80 * Math.sin(i / 5000) }
  }
}

/** A GPS watch's GPX: one track of 200,000 points or more (as many as fit under the limit), heights on every other one. */
export function bigGpx(): { bytes: Buffer; points: number } {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Watch" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Long day out</name><trkseg>\n']
  let size = parts[0].length
  let points = 0
  for (const p of walk(400_000)) {
    const point = points % 2 === 0 ? `<trkpt lat="${p.lat.toFixed(6)}" lon="${p.lng.toFixed(6)}"><ele>${p.ele.toFixed(1)}</ele></trkpt>\n` : `<trkpt lat="${p.lat.toFixed(6)}" lon="${p.lng.toFixed(6)}"/>\n`
    if (size + point.length + 40 > TARGET) break
    parts.push(point)
    size += point.length
    points++
  }
  parts.push('</trkseg></trk></gpx>\n')
  return { bytes: Buffer.from(parts.join('')), points }
}

/** A spreadsheet of 10,000 places with long descriptions: both limits at once. */
export function bigCsv(): Buffer {
  const rows = 10_000
  const header = 'name;lat;lng;description\r\n'
  const filler = Math.floor((TARGET - header.length) / rows) - 40
  const lines = [header]
  for (let i = 0; i < rows; i++) lines.push(`Place ${i + 1};${(46.4 + Math.floor(i / 100) * 0.0004).toFixed(6)};${(6.5 + (i % 100) * 0.0006).toFixed(6)};${pad(filler)}\r\n`)
  return Buffer.from(lines.join(''))
}

/** 9,000 placemarks with long descriptions and a line of 20,000 positions. */
export function bigKml(): Buffer {
  const line = [...walk(20_000)].map((p) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)},${p.ele.toFixed(1)}`).join(' ')
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Line</name><LineString><coordinates>${line}</coordinates></LineString></Placemark>\n`
  const count = 9_000
  const filler = Math.floor((TARGET - head.length) / count) - 190
  const parts = [head]
  for (let i = 0; i < count; i++) parts.push(`<Placemark><name>Place ${i + 1}</name><description>${xml(pad(filler))}</description><Point><coordinates>${(6.5 + (i % 100) * 0.0006).toFixed(6)},${(46.4 + Math.floor(i / 100) * 0.0004).toFixed(6)}</coordinates></Point></Placemark>\n`)
  parts.push('</Document></kml>\n')
  return Buffer.from(parts.join(''))
}

/** 9,000 point features with long descriptions and a line of 20,000 positions. */
export function bigGeoJson(): Buffer {
  const line = [...walk(20_000)].map((p) => [Number(p.lng.toFixed(6)), Number(p.lat.toFixed(6)), Number(p.ele.toFixed(1))])
  const head = `{"type":"FeatureCollection","features":[${JSON.stringify({ type: 'Feature', properties: { name: 'Line' }, geometry: { type: 'LineString', coordinates: line } })}`
  const count = 9_000
  const filler = Math.floor((TARGET - head.length) / count) - 150
  const parts = [head]
  for (let i = 0; i < count; i++) {
    parts.push(',' + JSON.stringify({ type: 'Feature', properties: { name: `Place ${i + 1}`, description: pad(filler) }, geometry: { type: 'Point', coordinates: [Number((6.5 + (i % 100) * 0.0006).toFixed(6)), Number((46.4 + Math.floor(i / 100) * 0.0004).toFixed(6))] } }))
  }
  parts.push(']}\n')
  return Buffer.from(parts.join(''))
}

/** A KML of `count` identical placemarks: the same bytes again and again, which a zip shrinks a thousandfold. */
function repetitiveKml(bytes: number): Buffer {
  const placemark = `<Placemark><name>Same place</name><description>${pad(1500)}</description><Point><coordinates>6.6,46.5</coordinates></Point></Placemark>\n`
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>\n'
  const count = Math.floor((bytes - head.length - 30) / placemark.length)
  return Buffer.from(head + placemark.repeat(count) + '</Document></kml>\n')
}

/** A KMZ of about 40 KB that unpacks to a KML of nearly 10 MB and 6,000 placemarks (accepted). */
export function smallKmzAtLimit(): Buffer {
  return Buffer.from(zipSync({ 'doc.kml': repetitiveKml(TARGET) }, { level: 9 }))
}

/**
 * A KMZ of at most 20 KB that unpacks past the 10 MB limit (about 14 MB, 2,850 placemarks, descriptions under their 5,000 characters): runs
 * of one character compress near deflate's best ratio (~1:730 here), and its sizes are declared
 * as 1 KB, so only counting while inflating knows.
 */
export function kmz20k(): { bytes: Buffer; unpacked: number; placemarks: number } {
  const placemark = `<Placemark><name>Same place</name><description>${'x'.repeat(4_900)}</description><Point><coordinates>6.6,46.5</coordinates></Point></Placemark>\n`
  const head = '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>\n'
  for (let placemarks = 3_000; ; placemarks -= 50) {
    const kml = Buffer.from(head + placemark.repeat(placemarks) + '</Document></kml>\n')
    const zip = Buffer.from(zipSync({ 'doc.kml': kml }, { level: 9 }))
    if (zip.length <= 20 * 1024) return { bytes: declareSmall(zip), unpacked: kml.length, placemarks }
  }
}

/** The zip with its entry's size declared as 1 KB in the local header and the central directory. */
function declareSmall(zip: Buffer): Buffer {
  for (let i = 0; i + 4 <= zip.length; i++) {
    const signature = zip.readUInt32LE(i)
    if (signature === 0x04034b50) zip.writeUInt32LE(1024, i + 22)
    else if (signature === 0x02014b50) {
      zip.writeUInt32LE(1024, i + 24)
      break
    }
  }
  return zip
}

/**
 * A zip bomb: about 120 KB whose KML inflates to 30 MB, its sizes declared as 1 KB in the local
 * header and the central directory (so only counting while inflating can stop it).
 */
export function kmzBomb(): Buffer {
  return declareSmall(Buffer.from(zipSync({ 'doc.kml': repetitiveKml(30 * 1024 * 1024) }, { level: 9 })))
}
