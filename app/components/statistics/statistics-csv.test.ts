import { describe, expect, it } from 'vitest'
import type { Breakdown, Statistic } from '#app/modules/stats/stats.schema.ts'
import { csvColumns, csvFileName, quoteText, statisticsCsv } from './statistics-csv.ts'

const statistic: Statistic = {
  views: 1234,
  total_time: 98765,
  likes: 12,
  contributions: 3,
  place_visits: 45,
  visits: Array.from({ length: 12 }, (_, i) => ({ x: i + 1, y: (i + 1) * 10 })),
  averageTimePerSession: 321,
  years: ['total', 2026, 2025],
  plaque_views: 400,
  plaque_visits: Array.from({ length: 12 }, (_, i) => ({ x: i + 1, y: i + 1 })),
  scans: 500,
  scans_by_month: Array.from({ length: 12 }, (_, i) => ({ x: i + 1, y: (i + 1) * 2 })),
}

const counts = { views: 7, plaque_views: 3, total_time: 700, sessions: 2, averageTimePerSession: 350, likes: 1, contributions: 0, place_visits: 0, audio_plays: 2 }
const breakdown: Breakdown = {
  routes: [
    { walk_id: 4, uuid: 'u-4', slug: 'old-town', name: 'Old "town", Lausanne', ...counts },
    { walk_id: 5, uuid: null, slug: null, name: null, ...counts },
  ],
  places: [{ place_id: 9, name: '=HYPERLINK("x")', ...counts, plaque_views: 0, place_visits: 30, audio_plays: 6 }],
  plaques: [
    { qr_code_id: 21, code: 'AB12CD34', name: null, place_id: 9, place_name: 'Cathedral', label: 'Cathedral', scans: 14, last_scanned_at: '2025-06-01T10:00:00.000Z', months: [] },
  ],
}

describe('statisticsCsv', () => {
  const csv = statisticsCsv({ category: { id: 2, name: 'Lausanne' }, year: 2025, statistic, breakdown })
  const lines = csv.split('\r\n')

  it('has one header row, CRLF line ends and a row per figure set, month, route, place and plaque', () => {
    expect(lines[0]).toBe(csvColumns.join(','))
    expect(lines[0]).toBe('section,year,month,id,name,visits,views,total_time,sessions,averageTimePerSession,likes,contributions,place_visits,plaque_views,scans,audio_plays')
    expect(csv.endsWith('\r\n')).toBe(true)
    expect(lines).toHaveLength(1 + 1 + 12 + 2 + 1 + 1 + 1)
  })

  it('writes raw numbers and quoted names', () => {
    expect(lines[1]).toBe('"summary",2025,,2,"Lausanne",,1234,98765,,321,12,3,45,400,500,')
    expect(lines[2]).toBe('"month",2025,1,,,10,,,,,,,,1,2,')
    expect(lines[13]).toBe('"month",2025,12,,,120,,,,,,,,12,24,')
    expect(lines[14]).toBe('"route",2025,,4,"Old ""town"", Lausanne",,7,700,2,350,1,0,0,3,,2')
    expect(lines[15]).toBe('"route",2025,,5,"",,7,700,2,350,1,0,0,3,,2')
    expect(lines[17]).toBe('"plaque",2025,,21,"Cathedral",,,,,,,,,,14,')
  })

  it('defuses a name a spreadsheet would run as a formula', () => {
    expect(lines[16]).toBe('"place",2025,,9,"\'=HYPERLINK(""x"")",,7,700,2,350,1,0,30,0,,6')
    expect(quoteText('-1')).toBe('"\'-1"')
    expect(quoteText('plain')).toBe('"plain"')
  })

  it('names the file after the category and the year', () => {
    expect(csvFileName('lausanne', 'total')).toBe('statistics-lausanne-total.csv')
    expect(csvFileName('lausanne', 2025)).toBe('statistics-lausanne-2025.csv')
  })
})
