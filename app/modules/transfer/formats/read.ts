import { MAX_IMPORT_BYTES, MAX_IMPORT_FEATURES, type CsvMapping, type ImportFormat } from '../transfer.schema.ts'
import type { SourceDocument } from '../source.ts'
import { readCsv } from './csv.ts'
import { csvEncoding, declaredXmlEncoding, decodeSlices } from './decode.ts'
import { readGeoJson } from './geojson-read.ts'
import { readGpx } from './gpx-read.ts'
import { readKml } from './kml-read.ts'
import { isZip, kmlFromKmz } from './kmz.ts'
import { ImportRefused, RowCounter } from './refusal.ts'

/**
 * Reads an uploaded file by its content, never its name or declared type: a zip is a KMZ, JSON
 * is GeoJSON, XML is GPX or KML by its root element, other text is CSV. Anything else (an image,
 * a binary) is refused, as are files over 10 MB or 10,000 features (counted while reading).
 * Every reader streams (ADR 050): it keeps the rows, never the document.
 */
export function readImportFile(bytes: Uint8Array, mapping?: CsvMapping): { format: ImportFormat; document: SourceDocument } {
  if (bytes.length > MAX_IMPORT_BYTES) throw new ImportRefused(413, 'too_large', { max: MAX_IMPORT_BYTES / 1024 / 1024 })
  if (bytes.length === 0) throw new ImportRefused(422, 'empty')
  const rows = new RowCounter(MAX_IMPORT_FEATURES)
  if (isZip(bytes)) {
    const kml = kmlFromKmz(bytes)
    return { format: 'kmz', document: readKml(decodeSlices(kml, declaredXmlEncoding(kml[0] ?? new Uint8Array())), rows) }
  }
  // The first bytes say what it is: the BOM and blanks skipped, ASCII in every encoding read here.
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1').replace(/^(\xEF\xBB\xBF)/, '')
  if (head.includes('\u0000')) throw new ImportRefused(422, 'not_text')
  const start = head.trimStart()
  if (start.startsWith('{') || start.startsWith('[')) return { format: 'geojson', document: readGeoJson(decodeSlices([bytes]), rows, mapping) }
  if (start.startsWith('<')) {
    const root = /<(?:[\w.-]+:)?(gpx|kml)[\s>/]/i.exec(head)?.[1]?.toLowerCase()
    const slices = () => decodeSlices([bytes], declaredXmlEncoding(bytes))
    if (root === 'gpx') return { format: 'gpx', document: readGpx(slices(), rows) }
    if (root === 'kml') return { format: 'kml', document: readKml(slices(), rows) }
    throw new ImportRefused(422, 'wrong_content')
  }
  const text = [...decodeSlices([bytes], csvEncoding(bytes))].join('')
  if (text.includes('\u0000')) throw new ImportRefused(422, 'not_text')
  return { format: 'csv', document: readCsv(text, rows, mapping) }
}
