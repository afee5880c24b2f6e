import Papa from 'papaparse'
import { locales, type Locale } from '#app/i18n/config.ts'
import { csvTargets, type CsvMapping, type CsvTarget } from '../transfer.schema.ts'
import type { RawPlace, SourceDocument } from '../source.ts'
import { ImportRefused, type RowCounter } from './refusal.ts'

// CSV (RFC 4180, as spreadsheets write it): UTF-8 with or without a BOM, comma or semicolon, a
// header row. Each row is a place; the headings are mapped to fields, recognised in the four
// languages unless the screen says otherwise.

/** Headings recognised for each field, compared lowercased, without accents, spaces or dots. */
const synonyms: Record<'name' | 'lat' | 'lng' | 'description', string[]> = {
  name: ['name', 'nom', 'titre', 'title', 'titel', 'bezeichnung', 'nome', 'titolo', 'denominazione', 'label', 'libelle', 'place', 'lieu', 'ort', 'luogo'],
  lat: ['lat', 'latitude', 'latitud', 'breite', 'breitengrad', 'latitudine', 'y', 'wgs84lat', 'latwgs84'],
  lng: ['lng', 'lon', 'long', 'longitude', 'laenge', 'lange', 'langengrad', 'laengengrad', 'longitudine', 'x', 'wgs84lng', 'wgs84lon', 'lngwgs84', 'lonwgs84'],
  description: ['description', 'desc', 'beschreibung', 'descrizione', 'texte', 'text', 'testo', 'notes', 'remarque', 'bemerkung', 'note'],
}

const fold = (heading: string) =>
  heading
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[\s._()-]/g, '')

/** The mapping the headings suggest: `name`, `lat`, `lng`, `description`, and `name_fr`, `description:de`… */
function recogniseColumns(headings: string[]): Record<CsvTarget, string | null> {
  const mapping = Object.fromEntries(csvTargets.map((t) => [t, null])) as Record<CsvTarget, string | null>
  const folded = headings.map(fold)
  for (const [field, names] of Object.entries(synonyms) as [keyof typeof synonyms, string[]][]) {
    const index = folded.findIndex((h) => names.includes(h))
    if (index >= 0) mapping[field] = headings[index]
  }
  for (const locale of locales) {
    for (const field of ['name', 'description'] as const) {
      const names = synonyms[field]
      const index = headings.findIndex((h) => {
        const match = /^(.*?)[\s_:.(-]+([a-z]{2})\)?$/i.exec(h.trim())
        return match !== null && match[2].toLowerCase() === locale && names.includes(fold(match[1]))
      })
      if (index >= 0) mapping[`${field}_${locale}` as CsvTarget] = headings[index]
    }
  }
  return mapping
}

/**
 * Reads a CSV file (text already decoded) into place rows, with the given or recognised mapping.
 * Each record becomes a row as it is parsed (no list of records is kept), and the file is refused
 * as soon as it has more rows than an import takes.
 */
export function readCsv(input: string, rows: RowCounter, asked?: CsvMapping): SourceDocument {
  const text = input.replace(/^\uFEFF/, '')
  let headings: string[] | null = null
  let at: ((cells: string[], target: CsvTarget) => string | undefined) | null = null
  let mapping: Record<CsvTarget, string | null> | null = null
  const places: RawPlace[] = []
  forEachRecord(text, ({ line, cells }) => {
    if (headings === null) {
      if (cells.length < 2) throw new ImportRefused(422, 'csv_header')
      const found = cells.map((h) => String(h ?? '').trim())
      headings = found
      mapping = { ...recogniseColumns(found), ...definedOnly(asked) }
      for (const [target, heading] of Object.entries(mapping)) {
        if (typeof heading === 'string' && !found.includes(heading)) throw new ImportRefused(422, 'csv_mapping_unknown', { heading: heading.slice(0, 80), field: target })
      }
      const columns = Object.fromEntries(csvTargets.map((t) => [t, mapping![t] === null ? -1 : found.indexOf(mapping![t]!)])) as Record<CsvTarget, number>
      at = (row, target) => (columns[target] < 0 ? undefined : row[columns[target]])
      return
    }
    rows.add()
    const translations: RawPlace['translations'] = {}
    for (const locale of locales as readonly Locale[]) {
      const name = at!(cells, `name_${locale}` as CsvTarget)
      const description = at!(cells, `description_${locale}` as CsvTarget)
      if (name !== undefined || description !== undefined) translations[locale] = { name: name ?? null, description: description ?? null }
    }
    const lat = at!(cells, 'lat')
    const lng = at!(cells, 'lng')
    // Both position cells empty (their columns there): a place without position, as the places API
    // takes one and the export writes one; a single empty cell stays an error to fix.
    const positionless = mapping!.lat !== null && mapping!.lng !== null && (lat ?? '').trim() === '' && (lng ?? '').trim() === ''
    places.push({ row: line, ref: null, name: at!(cells, 'name'), lat, lng, description: at!(cells, 'description'), translations, ...(positionless ? { positionless } : {}) })
  })
  if (headings === null || mapping === null) throw new ImportRefused(422, 'csv_header')
  return { places, routes: [], problems: [], columns: { headings, mapping } }
}

/**
 * Each record with the spreadsheet row it starts on (the header is row 1): blank lines are
 * skipped but counted, and a quoted cell may span lines.
 */
function forEachRecord(text: string, handle: (record: { line: number; cells: string[] }) => void) {
  let cursor = 0
  let line = 1
  Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: 'greedy',
    step: (result) => {
      const end = result.meta.cursor
      let start = cursor
      while (start < end && (text[start] === '\r' || text[start] === '\n')) {
        if (text[start] === '\n') line++
        start++
      }
      handle({ line, cells: result.data })
      for (let i = start; i < end; i++) if (text.charCodeAt(i) === 10) line++
      cursor = end
    },
  })
}

function definedOnly(mapping: CsvMapping | undefined): Record<string, string | null> {
  if (!mapping) return {}
  return Object.fromEntries(Object.entries(mapping).filter((entry): entry is [string, string | null] => entry[1] !== undefined))
}

/** Spreadsheet-safe cell: a leading =, +, - or @ would be read as a formula (CSV injection). */
function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return String(value)
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
}

export function writeCsv(headings: string[], rows: (string | number | null)[][]): string {
  return '\uFEFF' + Papa.unparse({ fields: headings, data: rows.map((r) => r.map(csvCell)) }, { newline: '\r\n' }) + '\r\n'
}
