import { describe, expect, it } from 'vitest'
import { buildGpx, xmlEscape } from './gpx.ts'
import { assertValidGpx } from '#tests/setup/gpx-schema.ts'
import { assertWellFormedXml } from './gpx.test-helpers.ts'

const places = [
  { name: 'Café <Le "Lac"> & Co', placeSortId: 1, lat: 46.5, lng: 6.6 },
  { name: "L'Esplanade", placeSortId: 2, lat: 46.51, lng: 6.61 },
]

describe('buildGpx', () => {
  it('escapes names and answers well-formed GPX 1.1 with a waypoint per place and a route through them', () => {
    const xml = buildGpx({ name: 'Tour <du> lac & co', url: 'https://example.org/m/tour?a=1&b=2', places, paths: null })
    assertWellFormedXml(xml)
    assertValidGpx(xml)
    expect(xml).toContain('<gpx version="1.1" creator="Trailguide" xmlns="http://www.topografix.com/GPX/1/1">')
    expect(xml).toContain('<name>Tour &lt;du&gt; lac &amp; co</name>')
    expect(xml).toContain('<link href="https://example.org/m/tour?a=1&amp;b=2">')
    expect(xml).toContain('<wpt lat="46.5" lon="6.6"><name>1. Café &lt;Le &quot;Lac&quot;&gt; &amp; Co</name></wpt>')
    expect(xml).toContain('<name>2. L&apos;Esplanade</name>')
    expect(xml.match(/<rtept /g)).toHaveLength(2)
    expect(xml).not.toContain('<trk>')
  })

  it('writes the drawn path as a track with one segment per line', () => {
    const paths = [
      [{ lat: 46.5, lng: 6.6 }, { lat: 46.505, lng: 6.605 }],
      [{ lat: 46.505, lng: 6.605 }, { lat: 46.51, lng: 6.61 }, { lat: 46.52, lng: 6.62 }],
      [{ lat: 1, lng: 1 }],
    ]
    const xml = buildGpx({ name: 'Tour', places, paths })
    assertWellFormedXml(xml)
    assertValidGpx(xml)
    expect(xml.match(/<trkseg>/g)).toHaveLength(2)
    expect(xml.match(/<trkpt /g)).toHaveLength(5)
    expect(xml).not.toContain('<rte>')
  })

  it('writes the heights of a path that has them (they come back on import: ADR 027)', () => {
    const xml = buildGpx({ name: 'Hill', places, paths: [[{ lat: 46.5, lng: 6.6, ele: 401.26 }, { lat: 46.51, lng: 6.61 }]] })
    assertWellFormedXml(xml)
    assertValidGpx(xml)
    expect(xml).toContain('<trkpt lat="46.5" lon="6.6"><ele>401.3</ele></trkpt>')
    expect(xml).toContain('<trkpt lat="46.51" lon="6.61"/>')
  })

  it('writes the heights of places that have one, before their names as GPX 1.1 orders them', () => {
    const xml = buildGpx({ name: 'Hill', places: [{ ...places[0], ele: 512.04 }, places[1]], paths: null })
    assertValidGpx(xml)
    expect(xml).toContain('<wpt lat="46.5" lon="6.6"><ele>512</ele><name>1. Café')
    expect(xml).toContain('<rtept lat="46.5" lon="6.6"><ele>512</ele><name>Café')
  })

  it('the schema check refuses GPX out of the schema’s order (a route after a track)', () => {
    const xml = '<?xml version="1.0"?>\n<gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>a</name></trk><rte><name>b</name></rte></gpx>'
    expect(() => assertValidGpx(xml)).toThrow(/rte.*not expected/)
  })

  it('has no route for a route without places, and drops characters XML forbids', () => {
    const xml = buildGpx({ name: 'Empty\u0001', places: [], paths: null })
    assertWellFormedXml(xml)
    assertValidGpx(xml)
    expect(xml).not.toContain('<rte>')
    expect(xml).toContain('<name>Empty</name>')
    expect(xmlEscape(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;')
  })

  it('the checker refuses broken XML', () => {
    expect(() => assertWellFormedXml('<a><b></a></b>')).toThrow()
    expect(() => assertWellFormedXml('<a>x & y</a>')).toThrow()
    expect(() => assertWellFormedXml('<a/><b/>')).toThrow()
  })
})
