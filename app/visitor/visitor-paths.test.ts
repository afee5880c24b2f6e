import { describe, expect, it } from 'vitest'
import { isVisitorPage, isVisitorReferrer, offlinePagePath, visitorPageKind } from './visitor-paths.ts'

describe('visitor addresses', () => {
  it('knows the public pages from the manager screens', () => {
    for (const path of ['/r/lausanne/la-vieille-ville', '/fr/m/lausanne/x', '/m/x', '/c/lausanne', '/de/c/lausanne', '/', '/fr', '/it/', '/offline', '/de/offline']) expect(isVisitorPage(path), path).toBe(true)
    for (const path of ['/dashboard', '/fr/map', '/api/routes/x/gpx', '/auth/login', '/q/ABC', '/landing/list', '/r/', '/map', '/offline/x']) expect(isVisitorPage(path), path).toBe(false)
  })

  it('names the kind of a kept page and the offline page of each language', () => {
    expect(['/fr/m/lausanne/x', '/r/lausanne/x', '/c/lausanne', '/de', '/fr/offline'].map(visitorPageKind)).toEqual(['map', 'landing', 'home', 'home', null])
    expect([offlinePagePath('en'), offlinePagePath('it')]).toEqual(['/offline', '/it/offline'])
  })

  it('keeps only resources asked by visitor pages, stylesheets or the worker itself', () => {
    const origin = 'https://example.org'
    expect(isVisitorReferrer('https://example.org/fr/m/lausanne/x?place=3', origin)).toBe(true)
    expect(isVisitorReferrer('https://example.org/assets/app-1.css', origin)).toBe(true)
    expect(isVisitorReferrer('about:client', origin)).toBe(true)
    expect(isVisitorReferrer('https://example.org/dashboard', origin)).toBe(false)
    expect(isVisitorReferrer('https://evil.example/m/x', origin)).toBe(false)
  })
})
