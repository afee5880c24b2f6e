import { bigGpx } from '../tests/setup/import-files.ts'
import { ms, type Row } from './measure.ts'

// Import of 10,000 places from a CSV into an empty category, as the import screen does it: the
// preview (dry run), the commit, then the same file again with "skip" (every row already there).

/** 10,000 places on a grid about 35 m apart around Lausanne: no two under 20 m of each other. */
export function benchCsv(count = 10_000): string {
  const lines = ['Nom;Latitude;Longitude;Description;Nom (de)']
  const side = Math.ceil(Math.sqrt(count))
  for (let i = 0; i < count; i++) {
    const lat = 46.45 + Math.floor(i / side) * 0.0003
    const lng = 6.55 + (i % side) * 0.00045
    lines.push(`Lieu ${i + 1};${lat.toFixed(6).replace('.', ',')};${lng.toFixed(6).replace('.', ',')};Description du lieu ${i + 1};Ort ${i + 1}`)
  }
  return lines.join('\r\n') + '\r\n'
}

async function timedImport(url: string, token: string, csv: string | Uint8Array, name = 'places.csv'): Promise<{ ms: number; summary: Record<string, number> }> {
  const form = new FormData()
  form.append('file', new Blob([typeof csv === 'string' ? csv : new Uint8Array(csv)]), name)
  form.append('options', JSON.stringify({ duplicates: 'skip' }))
  const started = performance.now()
  const res = await fetch(url, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' } })
  const body = (await res.json()) as { data?: { summary: Record<string, number> }; message?: string }
  const elapsed = performance.now() - started
  if (!res.ok || !body.data) throw new Error(`${res.status} ${body.message ?? ''}`)
  return { ms: elapsed, summary: body.data.summary }
}

async function benchCategory(opts: { baseUrl: string; token: string }, name: string): Promise<number> {
  const created = await fetch(`${opts.baseUrl}/api/place-categories`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${opts.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, slug: `bench-import-${Date.now()}` }),
  })
  if (!created.ok) throw new Error(`category: ${created.status}`)
  return ((await created.json()) as { data: { id: number } }).data.id
}

/** A GPS watch's 10 MB track of 200,000+ points: read in the worker, simplified, previewed, then committed. */
export async function importTrackRow(opts: { baseUrl: string; token: string }): Promise<Row> {
  const id = await benchCategory(opts, 'Bench track import')
  const { bytes, points } = bigGpx()
  const url = `${opts.baseUrl}/api/place-categories/${id}/import`
  const preview = await timedImport(`${url}?dry_run=true`, opts.token, bytes, 'track.gpx')
  const commit = await timedImport(url, opts.token, bytes, 'track.gpx')
  if (commit.summary.routes_created !== 1) throw new Error(`unexpected counts ${JSON.stringify(commit.summary)}`)
  return {
    id: 'import-gpx-track',
    what: `Import of a GPS track of ${points.toLocaleString('en')} points (${(bytes.length / 1024 / 1024).toFixed(1)} MB GPX), simplified: preview, commit`,
    figure: `preview ${ms(preview.ms)}, commit ${ms(commit.ms)}`,
    budget: 'preview ≤ 5 s, commit ≤ 5 s',
    pass: preview.ms <= 5000 && commit.ms <= 5000,
    values: { previewMs: preview.ms, commitMs: commit.ms, bytes: bytes.length, points },
  }
}

export async function importRow(opts: { baseUrl: string; token: string }): Promise<Row> {
  const id = await benchCategory(opts, 'Bench import')
  const csv = benchCsv()
  const url = `${opts.baseUrl}/api/place-categories/${id}/import`
  const preview = await timedImport(`${url}?dry_run=true`, opts.token, csv)
  const commit = await timedImport(url, opts.token, csv)
  const again = await timedImport(url, opts.token, csv)
  if (commit.summary.places_created !== 10_000 || again.summary.places_created !== 0) throw new Error(`unexpected counts ${JSON.stringify([commit.summary, again.summary])}`)
  return {
    id: 'import-csv',
    what: `Import of 10,000 places from CSV (${Math.round(csv.length / 1024)} KB): preview, commit, same file again`,
    figure: `preview ${ms(preview.ms)}, commit ${ms(commit.ms)}, again (all skipped) ${ms(again.ms)}`,
    budget: 'preview ≤ 3 s, commit ≤ 5 s',
    pass: preview.ms <= 3000 && commit.ms <= 5000,
    values: { previewMs: preview.ms, commitMs: commit.ms, againMs: again.ms, bytes: csv.length },
  }
}
