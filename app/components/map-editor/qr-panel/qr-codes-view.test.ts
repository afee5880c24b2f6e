import { describe, expect, it } from 'vitest'
import { filterQrCodes, isActive, pickCodes, printSheetPath, qrImageUrls, sortQrCodes, type QrSort } from './qr-codes-view.ts'

const codes = [
  { code: 'AB12', name: 'Entrée', place: { name: 'Château de Chillon' } },
  { code: 'CD34', name: null, place: null },
  { code: 'EF56', name: 'Plaque 3', place: null },
]

describe('filterQrCodes', () => {
  it('filters by state', () => {
    expect(filterQrCodes(codes, 'active', '').map((c) => c.code)).toEqual(['AB12'])
    expect(filterQrCodes(codes, 'inactive', '').map((c) => c.code)).toEqual(['CD34', 'EF56'])
    expect(filterQrCodes(codes, 'all', '  ')).toHaveLength(3)
  })

  it('matches code, name and place, ignoring case and accents', () => {
    expect(filterQrCodes(codes, 'all', 'chateau').map((c) => c.code)).toEqual(['AB12'])
    expect(filterQrCodes(codes, 'all', 'ENTREE').map((c) => c.code)).toEqual(['AB12'])
    expect(filterQrCodes(codes, 'all', 'cd3').map((c) => c.code)).toEqual(['CD34'])
    expect(filterQrCodes(codes, 'active', 'plaque')).toEqual([])
  })

  it('knows an active code by its place', () => {
    expect(isActive(codes[0]!)).toBe(true)
    expect(isActive(codes[1]!)).toBe(false)
  })
})

describe('pickCodes', () => {
  it('keeps the asked codes in the asked order, once, dropping unknown ones', () => {
    expect(pickCodes(codes, 'EF56, AB12,EF56,ZZ').map((c) => c.code)).toEqual(['EF56', 'AB12'])
  })

  it('finds a code in any case', () => {
    expect(pickCodes(codes, 'ef56,Ab12').map((c) => c.code)).toEqual(['EF56', 'AB12'])
  })

  it('keeps every code without a list', () => {
    expect(pickCodes(codes, null)).toHaveLength(3)
    expect(pickCodes(codes, '')).toHaveLength(3)
  })
})

describe('printSheetPath', () => {
  it('builds the print page query', () => {
    expect(printSheetPath(4, null)).toBe('/qr-codes/print?category=4')
    expect(printSheetPath(4, ['AB12', 'C D'])).toBe('/qr-codes/print?category=4&codes=AB12%2CC+D')
    expect(new URLSearchParams(printSheetPath(4, ['AB12', 'C D']).split('?')[1]).get('codes')).toBe('AB12,C D')
  })
})

describe('qrImageUrls', () => {
  it('encodes the code', () => {
    expect(qrImageUrls('a/b')).toEqual({ svg: '/api/qr-codes/a%2Fb/image.svg', png: '/api/qr-codes/a%2Fb/image.png' })
  })
})

describe('sortQrCodes', () => {
  const scanned = [
    { id: 1, scans: 4, last_scanned_at: '2026-10-01T10:00:00.000Z' },
    { id: 2, scans: 0, last_scanned_at: null },
    { id: 3, scans: 9, last_scanned_at: '2026-11-20T10:00:00.000Z' },
    { id: 4, scans: 4, last_scanned_at: '2026-11-21T08:00:00.000Z' },
  ]
  const ids = (sort: QrSort) => sortQrCodes(scanned, sort).map((c) => c.id)

  it('keeps the creation order, or sorts by scans either way, or by the last scan (never scanned last)', () => {
    expect(ids('created')).toEqual([1, 2, 3, 4])
    expect(ids('mostScans')).toEqual([3, 1, 4, 2])
    expect(ids('fewestScans')).toEqual([2, 1, 4, 3])
    expect(ids('lastScan')).toEqual([4, 3, 1, 2])
  })

  it('leaves the list it was given as it was', () => {
    sortQrCodes(scanned, 'mostScans')
    expect(scanned.map((c) => c.id)).toEqual([1, 2, 3, 4])
  })
})
