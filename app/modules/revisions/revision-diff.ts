import type { AccessibilityFacts } from '#app/modules/accessibility/accessibility-responses.schema.ts'
import type { FeatureCollection } from '#app/modules/geo/geojson.schema.ts'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import type { FieldChange, RevisionDiff, StopLine, TextChange, WordPart } from './revisions.schema.ts'

// Revisions (ADR 111): the editable state of a route or a place as a revision keeps it, what
// changed between two of them in a line (`changeKeys`) and in full (`diffSnapshots`). Pure.

const textFields = ['name', 'subtitle', 'description', 'content_title', 'content_text', 'logo_title'] as const
type Texts = Partial<Record<(typeof textFields)[number], string | null>>

export interface RouteSnapshot {
  kind: 'route'
  texts: Record<string, Texts>
  status: string
  color: string
  bg_color: string
  is_bg_transparent: boolean
  isIndexed: boolean
  isPathVisible: boolean
  isSpacePlacesVisible: boolean
  distance: number
  duration: number
  features_collection: FeatureCollection | null
  stops: { id: number; name: string; entrance: Record<string, string> }[]
  notice: { level: string; texts: Record<string, string>; starts_on: string | null; ends_on: string | null } | null
  accessibility: AccessibilityFacts
  images: { photo: string | null; content_image: string | null; logo_pro: string | null; logos: string[] }
}

/** A place's name and description in one language (ADR 043). */
export interface PlaceTexts {
  name: string | null
  description: string | null
}

export interface PlaceSnapshot {
  kind: 'place'
  name: string
  lat: number | null
  lng: number | null
  /** Per content language; absent in revisions recorded before place texts were (read as none). */
  texts?: Record<string, PlaceTexts>
}

/** What a place's revision keeps: its name, position and texts per language. */
export interface PlaceState {
  name: string
  lat: number | null
  lng: number | null
  texts: Record<string, PlaceTexts>
}

export type Snapshot = RouteSnapshot | PlaceSnapshot

/** What a revision keeps of a route: everything a save can change, nothing computed from it. */
export function routeSnapshot(view: RouteView): RouteSnapshot {
  const { elevation: _elevation, ...facts } = view.accessibility
  const texts: Record<string, Texts> = {}
  for (const [lang, t] of Object.entries(view.translations).sort(([a], [b]) => a.localeCompare(b))) {
    texts[lang] = Object.fromEntries(textFields.map((f) => [f, t[f] ?? null]))
  }
  return {
    kind: 'route',
    texts,
    status: view.status,
    color: view.color,
    bg_color: view.branding.bg_color,
    is_bg_transparent: view.branding.is_bg_transparent,
    isIndexed: view.isIndexed,
    isPathVisible: view.isPathVisible,
    isSpacePlacesVisible: view.isSpacePlacesVisible,
    distance: view.distance,
    duration: view.duration,
    features_collection: view.features_collection,
    stops: view.places.map((p) => ({ id: p.id, name: p.name, entrance: p.accessible_entrance })),
    notice: view.notice ? { level: view.notice.level, texts: view.notice.texts, starts_on: view.notice.starts_on, ends_on: view.notice.ends_on } : null,
    accessibility: facts,
    images: { photo: view.photo, content_image: view.content_image, logo_pro: view.branding.logo_pro_url, logos: view.logos.map((l) => l.url) },
  }
}

export function placeSnapshot(state: PlaceState): PlaceSnapshot {
  // Languages in order, each with both fields, a language with neither left out: equal states, equal snapshots.
  const texts: Record<string, PlaceTexts> = {}
  for (const [lang, t] of Object.entries(state.texts).sort(([a], [b]) => a.localeCompare(b))) {
    if (t.name !== null || t.description !== null) texts[lang] = { name: t.name, description: t.description }
  }
  return { kind: 'place', name: state.name, lat: state.lat, lng: state.lng, texts }
}

const placeTextFields = ['name', 'description'] as const

/** Equal as values: object keys in any order (a path saved back comes out of the schema with its keys in the schema's order). */
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    )
  }
  return value
}
/** The stops' entrance notes by place, those with a note only (a stop added without one changes no note). */
const entrances = (stops: RouteSnapshot['stops']) =>
  Object.fromEntries(stops.filter((s) => Object.keys(s.entrance).length > 0).sort((x, y) => x.id - y.id).map((s) => [s.id, s.entrance]))

/** The kinds of change from `before` to `after` in a line (no `before`: the first revision). */
export function changeKeys(before: Snapshot | null, after: Snapshot): string[] {
  if (!before || before.kind !== after.kind) return ['created']
  if (after.kind === 'place') {
    const b = before as PlaceSnapshot
    const [bTexts, aTexts] = [b.texts ?? {}, after.texts ?? {}]
    const langs = [...new Set([...Object.keys(bTexts), ...Object.keys(aTexts)])].sort()
    return [
      ...(b.name !== after.name ? ['name'] : []),
      ...(b.lat !== after.lat || b.lng !== after.lng ? ['position'] : []),
      ...langs.filter((lang) => !same(bTexts[lang] ?? {}, aTexts[lang] ?? {})).map((lang) => `texts.${lang}`),
    ]
  }
  const b = before as RouteSnapshot
  const keys: string[] = []
  const langs = [...new Set([...Object.keys(b.texts), ...Object.keys(after.texts)])].sort()
  for (const lang of langs) if (!same(b.texts[lang] ?? {}, after.texts[lang] ?? {})) keys.push(`texts.${lang}`)
  if (!same(b.stops.map((s) => s.id), after.stops.map((s) => s.id))) keys.push('stops')
  if (!same(b.features_collection, after.features_collection)) keys.push('path')
  if (b.status !== after.status) keys.push('status')
  if (b.color !== after.color) keys.push('color')
  if (!same(b.images, after.images)) keys.push('images')
  if (!same(b.accessibility, after.accessibility) || !same(entrances(b.stops), entrances(after.stops))) keys.push('accessibility')
  if (!same(b.notice, after.notice)) keys.push('notice')
  const settings = ['bg_color', 'is_bg_transparent', 'isIndexed', 'isPathVisible', 'isSpacePlacesVisible'] as const
  if (settings.some((k) => b[k] !== after[k])) keys.push('settings')
  return keys
}

/** The whole difference from `before` (null: nothing before) to `after`, for display. */
export function diffSnapshots(before: Snapshot | null, after: Snapshot): RevisionDiff {
  const diff: RevisionDiff = { fields: [], texts: [], stops: null }
  if (after.kind === 'place') {
    const b = before?.kind === 'place' ? before : null
    pushField(diff.fields, 'name', b?.name ?? null, after.name)
    pushField(diff.fields, 'position', b ? position(b) : null, position(after))
    const [bTexts, aTexts] = [b?.texts ?? {}, after.texts ?? {}]
    for (const locale of [...new Set([...Object.keys(bTexts), ...Object.keys(aTexts)])].sort()) {
      for (const field of placeTextFields) {
        const from = bTexts[locale]?.[field] ?? null
        const to = aTexts[locale]?.[field] ?? null
        if (from !== to) diff.texts.push({ locale, field, parts: wordDiff(from ?? '', to ?? '') } satisfies TextChange)
      }
    }
    return diff
  }
  const b = before?.kind === 'route' ? before : null
  const langs = [...new Set([...Object.keys(b?.texts ?? {}), ...Object.keys(after.texts)])].sort()
  for (const locale of langs) {
    for (const field of textFields) {
      const from = b?.texts[locale]?.[field] ?? null
      const to = after.texts[locale]?.[field] ?? null
      if (from !== to) diff.texts.push({ locale, field, parts: wordDiff(from ?? '', to ?? '') } satisfies TextChange)
    }
  }
  diff.stops = b && same(b.stops.map((s) => s.id), after.stops.map((s) => s.id)) ? null : stopLines(b?.stops ?? [], after.stops)
  pushField(diff.fields, 'status', b?.status ?? null, after.status)
  pushField(diff.fields, 'color', b?.color ?? null, after.color)
  // A path redrawn with as many points still says so (its points before → after).
  if (!b || !same(b.features_collection, after.features_collection)) {
    const [from, to] = [b ? pathPoints(b.features_collection) : null, pathPoints(after.features_collection)]
    if (from !== to || b) diff.fields.push({ field: 'path', before: from, after: to })
  }
  pushField(diff.fields, 'distance', b?.distance ?? null, after.distance)
  for (const slot of ['photo', 'content_image', 'logo_pro'] as const) pushField(diff.fields, `images.${slot}`, b?.images[slot] ?? null, after.images[slot])
  pushField(diff.fields, 'images.logos', b ? b.images.logos.length : null, after.images.logos.length)
  for (const [fact, value] of Object.entries(after.accessibility)) {
    pushField(diff.fields, `accessibility.${fact}`, b ? (b.accessibility[fact as keyof AccessibilityFacts] ?? null) : null, value ?? null)
  }
  if (!same(b ? entrances(b.stops) : {}, entrances(after.stops))) pushField(diff.fields, 'accessibility.entrances', b ? noteCount(b.stops) : null, noteCount(after.stops))
  pushField(diff.fields, 'notice', b?.notice ? noticeLine(b.notice) : null, after.notice ? noticeLine(after.notice) : null)
  for (const key of ['bg_color', 'is_bg_transparent', 'isIndexed', 'isPathVisible', 'isSpacePlacesVisible'] as const) pushField(diff.fields, key, b ? b[key] : null, after[key])
  return diff
}

function pushField(out: FieldChange[], field: string, before: FieldChange['before'], after: FieldChange['after']) {
  if (before !== after) out.push({ field, before, after })
}
const position = (p: PlaceSnapshot) => (p.lat === null || p.lng === null ? null : `${p.lat.toFixed(6)}, ${p.lng.toFixed(6)}`)
const noteCount = (stops: RouteSnapshot['stops']) => stops.reduce((n, s) => n + Object.keys(s.entrance).length, 0)
const noticeLine = (n: NonNullable<RouteSnapshot['notice']>) =>
  [n.level, n.starts_on ?? '…', n.ends_on ?? '…', ...Object.entries(n.texts).map(([l, t]) => `${l}: ${t}`)].join(' · ')

/** Points of the drawn path (0 without one): the list says "path changed", the difference how. */
function pathPoints(fc: FeatureCollection | null): number {
  if (!fc) return 0
  let n = 0
  const count = (c: unknown): void => {
    if (Array.isArray(c) && typeof c[0] === 'number') n++
    else if (Array.isArray(c)) c.forEach(count)
  }
  for (const f of fc.features) count((f.geometry as { coordinates?: unknown }).coordinates)
  return n
}

/** The stops after the save, each said added or moved (from its old position), then those removed. */
export function stopLines(before: { id: number; name: string }[], after: { id: number; name: string }[]): StopLine[] {
  const was = new Map(before.map((s, i) => [s.id, i]))
  const now = new Set(after.map((s) => s.id))
  const lines: StopLine[] = after.map((s, i) => {
    const from = was.get(s.id)
    if (from === undefined) return { id: s.id, name: s.name, state: 'added', from: null, to: i + 1 }
    return { id: s.id, name: s.name, state: from === i ? 'same' : 'moved', from: from + 1, to: i + 1 }
  })
  for (const [i, s] of before.entries()) if (!now.has(s.id)) lines.push({ id: s.id, name: s.name, state: 'removed', from: i + 1, to: null })
  return lines
}

/** Above this many word pairs the middle of a text is shown as replaced whole (bounded time and memory). */
const MAX_CELLS = 2_000_000

/** Word by word (spaces kept with the word before them): equal, inserted and deleted runs. */
export function wordDiff(before: string, after: string): WordPart[] {
  const a = tokens(before)
  const b = tokens(after)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  const parts: WordPart[] = []
  const push = (op: WordPart['op'], text: string) => {
    if (!text) return
    const last = parts.at(-1)
    if (last && last.op === op) last.text += text
    else parts.push({ op, text })
  }
  push('same', a.slice(0, start).join(''))
  const midA = a.slice(start, endA)
  const midB = b.slice(start, endB)
  if (midA.length * midB.length > MAX_CELLS) {
    push('del', midA.join(''))
    push('ins', midB.join(''))
  } else {
    for (const [op, text] of lcsParts(midA, midB)) push(op, text)
  }
  push('same', a.slice(endA).join(''))
  return parts
}

function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+\s*/g) ?? []
}

function lcsParts(a: string[], b: string[]): [WordPart['op'], string][] {
  const n = a.length
  const m = b.length
  // lengths[i][j]: the longest common run of a[i..] and b[j..].
  const lengths = new Uint32Array((n + 1) * (m + 1))
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * (m + 1) + j] = a[i] === b[j] ? lengths[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(lengths[(i + 1) * (m + 1) + j], lengths[i * (m + 1) + j + 1])
    }
  }
  const out: [WordPart['op'], string][] = []
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push(['same', a[i]])
      i++
      j++
    } else if (lengths[(i + 1) * (m + 1) + j] >= lengths[i * (m + 1) + j + 1]) out.push(['del', a[i++]])
    else out.push(['ins', b[j++]])
  }
  while (i < n) out.push(['del', a[i++]])
  while (j < m) out.push(['ins', b[j++]])
  return out
}
