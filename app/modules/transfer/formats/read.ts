import { MAX_IMPORT_BYTES, MAX_IMPORT_FEATURES, type CsvMapping, type ImportFormat } from '../transfer.schema.ts'
import type { SourceDocument } from '../source.ts'
import { readCsv } from './csv.ts'
import { readGeoJson } from './geojson-read.ts'
import { readGpx } from './gpx-read.ts'
import { readKml } from './kml-read.ts'
import { decodeUtf8, isZip, kmlFromKmz } from './kmz.ts'
import { ImportRefused } from './refusal.ts'

/**
 * Reads an uploaded file by its content, never its name or declared type: a zip is a KMZ, JSON
 * is GeoJSON, XML is GPX or KML by its root element, other UTF-8 text is CSV. Anything else (an
 * image, a binary) is refused, as are files over 10 MB or 10,000 features.
 */
export function readImportFile(bytes: Uint8Array, mapping?: CsvMapping): { format: ImportFormat; document: SourceDocument } {
  if (bytes.length > MAX_IMPORT_BYTES) throw new ImportRefused(413, 'too_large', { max: MAX_IMPORT_BYTES / 1024 / 1024 })
  if (bytes.length === 0) throw new ImportRefused(422, 'empty')
  const read = (): { format: ImportFormat; document: SourceDocument } => {
    if (isZip(bytes)) return { format: 'kmz', document: readKml(kmlFromKmz(bytes)) }
    const text = decodeUtf8(bytes).replace(/^\uFEFF/, '')
    if (text.includes('\u0000')) throw new ImportRefused(422, 'not_text')
    const start = text.trimStart()
    if (start.startsWith('{') || start.startsWith('[')) return { format: 'geojson', document: readGeoJson(text) }
    if (start.startsWith('<')) {
      const root = /<(?:[\w.-]+:)?(gpx|kml)[\s>/]/i.exec(text.slice(0, 4096))?.[1]?.toLowerCase()
      if (root === 'gpx') return { format: 'gpx', document: readGpx(text) }
      if (root === 'kml') return { format: 'kml', document: readKml(text) }
      throw new ImportRefused(422, 'wrong_content')
    }
    return { format: 'csv', document: readCsv(text, mapping) }
  }
  const result = read()
  const { places, routes, problems } = result.document
  if (places.length + routes.length + problems.length > MAX_IMPORT_FEATURES) throw new ImportRefused(422, 'too_many_features', { max: MAX_IMPORT_FEATURES })
  return result
}
