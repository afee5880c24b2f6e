import { describe, expect, it } from 'vitest'
import { changeKeys, diffSnapshots, stopLines, wordDiff, type RouteSnapshot } from './revision-diff.ts'
import { packSnapshot, unpackSnapshot } from './revisions.repo.server.ts'

const facts = { step_free: null, max_slope_pct: null, surface: null, stairs: null, stairs_count: null, benches: null, toilets: null, drinking_water: null, shade: null, pushchair: null, wheelchair: null }
const route = (over: Partial<RouteSnapshot> = {}): RouteSnapshot => ({
  kind: 'route',
  texts: { fr: { name: 'Tour', subtitle: null, description: 'Le long du lac', content_title: null, content_text: null, logo_title: null } },
  status: 'draft',
  color: 'bg-orange',
  bg_color: '#FFFFFF',
  is_bg_transparent: false,
  isIndexed: true,
  isPathVisible: true,
  isSpacePlacesVisible: false,
  distance: 0,
  duration: 0,
  features_collection: null,
  stops: [{ id: 1, name: 'Port', entrance: {} }, { id: 2, name: 'Église', entrance: {} }],
  notice: null,
  accessibility: facts,
  images: { photo: null, content_image: null, logo_pro: null, logos: [] },
  ...over,
})

describe('word by word', () => {
  it('keeps the common start and end, and marks what was deleted and inserted', () => {
    expect(wordDiff('a walk by the lake', 'a long walk by the river')).toEqual([
      { op: 'same', text: 'a ' },
      { op: 'ins', text: 'long ' },
      { op: 'same', text: 'walk by the ' },
      { op: 'del', text: 'lake' },
      { op: 'ins', text: 'river' },
    ])
  })
  it('a text written or emptied is one inserted or deleted run; equal texts one equal run', () => {
    expect(wordDiff('', 'New text')).toEqual([{ op: 'ins', text: 'New text' }])
    expect(wordDiff('Old text', '')).toEqual([{ op: 'del', text: 'Old text' }])
    expect(wordDiff('Same', 'Same')).toEqual([{ op: 'same', text: 'Same' }])
  })
  it('the parts put together give back both texts, line breaks included', () => {
    const before = 'First line.\n\nSecond  line, with   spaces.'
    const after = 'First line, changed.\nSecond line, with spaces!'
    const parts = wordDiff(before, after)
    expect(parts.filter((p) => p.op !== 'ins').map((p) => p.text).join('')).toBe(before)
    expect(parts.filter((p) => p.op !== 'del').map((p) => p.text).join('')).toBe(after)
  })
  it('two texts too long to compare word by word in bounded time: their middle is replaced whole', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `a${i}`).join(' ')
    const b = Array.from({ length: 3000 }, (_, i) => `b${i}`).join(' ')
    const started = performance.now()
    expect(wordDiff(`Start ${a} end`, `Start ${b} end`)).toEqual([
      { op: 'same', text: 'Start ' },
      { op: 'del', text: `${a} ` },
      { op: 'ins', text: `${b} ` },
      { op: 'same', text: 'end' },
    ])
    expect(performance.now() - started).toBeLessThan(2000)
  })
})

describe('stops and changes', () => {
  it('lists the stops after the save, added and moved ones said, then the removed ones', () => {
    const a = { id: 1, name: 'A' }
    const b = { id: 2, name: 'B' }
    const c = { id: 3, name: 'C' }
    expect(stopLines([a, b, c], [c, b, { id: 4, name: 'D' }])).toEqual([
      { id: 3, name: 'C', state: 'moved', from: 3, to: 1 },
      { id: 2, name: 'B', state: 'same', from: 2, to: 2 },
      { id: 4, name: 'D', state: 'added', from: null, to: 3 },
      { id: 1, name: 'A', state: 'removed', from: 1, to: null },
    ])
  })
  it('names each kind of change once, in a line; nothing changed, nothing named', () => {
    const before = route()
    expect(changeKeys(null, before)).toEqual(['created'])
    expect(changeKeys(before, route())).toEqual([])
    const after = route({
      texts: { ...before.texts, de: { name: 'Runde', subtitle: null, description: null, content_title: null, content_text: null, logo_title: null } },
      stops: [before.stops[1], before.stops[0]],
      status: 'published',
      color: 'bg-violet',
      images: { ...before.images, photo: '/uploads/x.webp' },
      notice: { level: 'warning', texts: { fr: 'Fermé' }, starts_on: null, ends_on: null },
      accessibility: { ...facts, step_free: true },
      isIndexed: false,
      features_collection: { type: 'FeatureCollection', features: [] },
    })
    expect(changeKeys(before, after)).toEqual(['texts.de', 'stops', 'path', 'status', 'color', 'images', 'accessibility', 'notice', 'settings'])
    const diff = diffSnapshots(before, after)
    expect(diff.texts.map((t) => `${t.locale}.${t.field}`)).toEqual(['de.name'])
    expect(diff.fields).toEqual(
      expect.arrayContaining([
        { field: 'status', before: 'draft', after: 'published' },
        { field: 'images.photo', before: null, after: '/uploads/x.webp' },
        { field: 'accessibility.step_free', before: null, after: true },
        { field: 'isIndexed', before: true, after: false },
      ]),
    )
  })
  it('a path saved back with its keys in another order is the same path', () => {
    const before = route({ features_collection: JSON.parse('{"features":[{"properties":{},"geometry":{"coordinates":[[6.6,46.5],[6.7,46.6]],"type":"LineString"},"type":"Feature"}],"type":"FeatureCollection"}') })
    const after = route({ features_collection: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'LineString', coordinates: [[6.6, 46.5], [6.7, 46.6]] }, properties: {} }] } })
    expect(changeKeys(before, after)).toEqual([])
    expect(diffSnapshots(before, after)).toEqual({ fields: [], texts: [], stops: null })
  })
  it('a stop added without an entrance note changes no accessibility', () => {
    const before = route()
    expect(changeKeys(before, route({ stops: [...before.stops, { id: 3, name: 'Tour', entrance: {} }] }))).toEqual(['stops'])
    expect(changeKeys(before, route({ stops: [{ id: 1, name: 'Port', entrance: { fr: 'Rampe' } }, before.stops[1]] }))).toEqual(['accessibility'])
  })
  it('a snapshot is stored deflated and read back equal', () => {
    const snapshot = route()
    const packed = packSnapshot(snapshot)
    expect(unpackSnapshot(packed)).toEqual(snapshot)
    expect(packed.length).toBeLessThan(JSON.stringify(snapshot).length)
  })
})
