import { describe, expect, it } from 'vitest'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { toLandingView } from './landing-view.ts'

const summary = { uuid: 'n1', place_category_id: 1, slug: 'by-the-lake', url: '', status: 'published', color: 'bg-blue-100', name: 'By the lake', subtitle: null, photo: null, distance: 2970, duration: 2100, isIndexed: true, is_modified: false, placesCount: 8 }

const route = (overrides: Partial<RouteView> = {}): RouteView =>
  ({
    uuid: 'u1',
    slug: 'old-town',
    status: 'published',
    name: 'Old town',
    subtitle: 'From the Palud',
    description: null,
    content_title: null,
    content_text: null,
    logo_title: null,
    photo: '/uploads/photo.webp',
    content_image: null,
    color: 'nonsense',
    branding: { bg_color: '#112233', is_bg_transparent: false, logo_pro_url: '/uploads/logo.png' },
    logos: [],
    distance: 1490,
    duration: 1080,
    isIndexed: false,
    isPathVisible: true,
    updated_at: '2026-11-20T10:00:00.000Z',
    places: [
      { id: 2, placeSortId: 2, lat: 46.52, lng: 6.63, name: 'Cathedral', accessible_entrance: {} },
      { id: 1, placeSortId: 1, lat: 46.51, lng: 6.62, name: 'Palud', accessible_entrance: {} },
    ],
    placesCount: 8,
    nearby_routes: [summary],
    ...overrides,
  }) as RouteView

describe('toLandingView', () => {
  it('keeps the branding, makes the share URLs absolute and localises the links, which name the category', () => {
    const view = toLandingView(route(), 'de', { baseUrl: 'https://trails.example.org', subdomains: false }, 'lausanne')
    expect(view.branding).toEqual({ background: '#112233', logo: '/uploads/logo.png' })
    expect(view.shareImages).toEqual([expect.stringMatching(/^https:\/\/trails\.example\.org\/api\/routes\/u1\/share-image\.png\?locale=de&v=\w+$/), 'https://trails.example.org/uploads/photo.webp'])
    expect(view.stops).toEqual([
      { name: 'Palud', lat: 46.51, lng: 6.62 },
      { name: 'Cathedral', lat: 46.52, lng: 6.63 },
    ])
    expect(view.canonicalUrl).toBe('https://trails.example.org/de/r/lausanne/old-town')
    expect(view.pagePath).toBe('/de/r/lausanne/old-town')
    expect(view.mapPath).toBe('/de/m/lausanne/old-town')
    expect(view.nearby[0]).toMatchObject({ href: '/de/r/lausanne/by-the-lake', color: '#0D7BB9' })
    expect(view.alternates.map((a) => a.url)).toContain('https://trails.example.org/r/lausanne/old-town')
    // An unknown colour name falls back to the default orange.
    expect(view.color).toBe('#FF8A00')
    expect(view.isIndexed).toBe(false)
  })

  it('leaves the background to the page when the branding is transparent', () => {
    const view = toLandingView(route({ branding: { bg_color: '#FFFFFF', is_bg_transparent: true, logo_pro_url: null }, photo: null }), 'en', { baseUrl: 'http://localhost:3000', subdomains: false }, 'lausanne')
    expect(view.branding.background).toBeNull()
    // Without a photo, the drawn picture only; its version changes with the route.
    expect(view.shareImages).toHaveLength(1)
    const moved = toLandingView(route({ photo: null, places: [{ id: 1, placeSortId: 1, lat: 46.5, lng: 6.6, name: 'Palud', accessible_entrance: {} }] }), 'en', { baseUrl: 'http://localhost:3000', subdomains: false }, 'lausanne')
    expect(moved.shareImages[0]).not.toBe(view.shareImages[0])
    expect(view.pagePath).toBe('/r/lausanne/old-town')
  })

  it("names the category by its host with subdomain routing: paths on that host, URLs on it", () => {
    const view = toLandingView(route(), 'fr', { baseUrl: 'https://trails.example.org', subdomains: true }, 'lausanne')
    expect(view.pagePath).toBe('/fr/r/old-town')
    expect(view.mapPath).toBe('/fr/m/old-town')
    expect(view.canonicalUrl).toBe('https://lausanne.trails.example.org/fr/r/old-town')
    expect(view.nearby[0].href).toBe('/fr/r/by-the-lake')
    // The photo is an upload of the base host, and so is the drawn picture (an API answer).
    expect(view.shareImages[0]).toMatch(/^https:\/\/trails\.example\.org\/api\//)
    expect(view.shareImages[1]).toBe('https://trails.example.org/uploads/photo.webp')
  })
})
