import Papa from 'papaparse'
import { locales, type Locale } from '#app/i18n/config.ts'
import { csvTargets, type CsvMapping, type CsvTarget } from '../transfer.schema.ts'
import type { RawPlace, SourceDocument } from '../source.ts'
import { ImportRefused } from './refusal.ts'

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

/** Reads a CSV file (text already decoded) into place rows, with the given or recognised mapping. */
export function readCsv(input: string, asked?: CsvMapping): SourceDocument {
  const text = input.replace(/^\uFEFF/, '')
  const records = parseRecords(text)
  const [first, ...rows] = records
  if (!first || first.cells.length < 2) throw new ImportRefused(422, 'csv_header')
  const headings = first.cells.map((h) => String(h ?? '').trim())
  const mapping: Record<CsvTarget, string | null> = { ...recogniseColumns(headings), ...definedOnly(asked) }
  for (const [target, heading] of Object.entries(mapping)) {
    if (typeof heading === 'string' && !headings.includes(heading)) throw new ImportRefused(422, 'csv_mapping_unknown', { heading: heading.slice(0, 80), field: target })
  }
  const column = (target: CsvTarget) => (mapping[target] === null ? -1 : headings.indexOf(mapping[target]!))
  const at = (cells: string[], target: CsvTarget) => {
    const i = column(target)
    return i < 0 ? undefined : cells[i]
  }
  const places: RawPlace[] = rows.map(({ line, cells }) => {
    const translations: RawPlace['translations'] = {}
    for (const locale of locales as readonly Locale[]) {
      const name = at(cells, `name_${locale}` as CsvTarget)
      const description = at(cells, `description_${locale}` as CsvTarget)
      if (name !== undefined || description !== undefined) translations[locale] = { name: name ?? null, description: description ?? null }
    }
    return { row: line, ref: null, name: at(cells, 'name'), lat: at(cells, 'lat'), lng: at(cells, 'lng'), description: at(cells, 'description'), translations }
  })
  return { places, routes: [], problems: [], columns: { headings, mapping } }
}

/**
 * The records with the spreadsheet row each starts on (the header is row 1): blank lines are
 * skipped but counted, and a quoted cell may span lines.
 */
function parseRecords(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = []
  let cursor = 0
  let line = 1
  Papa.parse<string[]>(text, {
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: 'greedy',
    step: (result) => {
      const end = result.meta.cursor
      let start = cursor
      while (start < end && /[\r\n]/.test(text[start])) {
        if (text[start] === '\n') line++
        start++
      }
      records.push({ line, cells: result.data })
      for (let i = start; i < end; i++) if (text[i] === '\n') line++
      cursor = end
    },
  })
  return records
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
