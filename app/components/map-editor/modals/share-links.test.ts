import { describe, expect, it } from 'vitest'
import { formatCountdown, mapEditorPath, mapEmbedCode, pageLinkCode, publicPageUrl, routeQrImageUrls, tempLoginUrl } from './share-links.ts'

describe('publicPageUrl', () => {
  const route = { category: 'lausanne', slug: 'tour-du-lac' }

  it('names the category in the path without subdomain routing', () => {
    const addressing = { baseUrl: 'http://127.0.0.1:3000', subdomains: false }
    expect(publicPageUrl('map', addressing, route)).toBe('http://127.0.0.1:3000/m/lausanne/tour-du-lac')
    expect(publicPageUrl('landing', addressing, route)).toBe('http://127.0.0.1:3000/r/lausanne/tour-du-lac')
  })

  it('names it by the host with subdomain routing', () => {
    expect(publicPageUrl('map', { baseUrl: 'https://trailguide.test', subdomains: true }, route)).toBe('https://lausanne.trailguide.test/m/tour-du-lac')
  })
})

describe('mapEmbedCode', () => {
  it('frames the public map with embed=1 and escapes the title', () => {
    const code = mapEmbedCode('https://trailguide.test/m/tour', 'Tour "du" <lac> & co')
    expect(code).toContain('src="https://trailguide.test/m/tour?embed=1"')
    expect(code).toContain('title="Tour &quot;du&quot; &lt;lac&gt; &amp; co"')
    expect(code.startsWith('<iframe ')).toBe(true)
    expect(code.endsWith('</iframe>')).toBe(true)
  })

  it('keeps an existing query string', () => {
    expect(mapEmbedCode('https://t.test/m/x?lang=fr', 'x')).toContain('src="https://t.test/m/x?lang=fr&amp;embed=1"')
  })
})

describe('pageLinkCode', () => {
  it('escapes the link text', () => {
    expect(pageLinkCode('https://t.test/r/x', 'A <b>')).toBe('<a href="https://t.test/r/x" target="_blank" rel="noopener">A &lt;b&gt;</a>')
  })
})

describe('routeQrImageUrls', () => {
  it('points at the route QR endpoints', () => {
    expect(routeQrImageUrls(12)).toEqual({ svg: '/api/route-qr-codes/12/image.svg', png: '/api/route-qr-codes/12/image.png' })
  })
})

describe('tempLoginUrl', () => {
  it('carries the editor path as an encoded redirectTo', () => {
    const url = tempLoginUrl('https://trailguide.test/', 'a b/c', mapEditorPath(3, 'uuid-1'))
    expect(url).toBe('https://trailguide.test/auth/temp/a%20b%2Fc?redirectTo=%2Fmap%3Fcategory%3D3%26route%3Duuid-1')
    expect(new URL(url).searchParams.get('redirectTo')).toBe('/map?category=3&route=uuid-1')
  })

  it('leaves the route out when there is none', () => {
    expect(mapEditorPath(3, null)).toBe('/map?category=3')
  })
})

describe('formatCountdown', () => {
  it('shows minutes and seconds, rounding up, never below zero', () => {
    expect(formatCountdown(300_000)).toBe('5:00')
    expect(formatCountdown(245_001)).toBe('4:06')
    expect(formatCountdown(9_000)).toBe('0:09')
    expect(formatCountdown(1)).toBe('0:01')
    expect(formatCountdown(0)).toBe('0:00')
    expect(formatCountdown(-5000)).toBe('0:00')
  })
})
