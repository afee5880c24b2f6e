import { describe, expect, it } from 'vitest'
import { matchesFilters, parseFilters } from './category-filters.ts'

const walk = (name: string, minutes: number, km: number, subtitle: string | null = null) => ({ name, subtitle, duration: minutes * 60, distance: km * 1000 })
const routes = [walk('La vieille ville', 18, 1.49, 'De la Palud à la Cathédrale'), walk('Le bord du lac', 55, 4.2), walk('Le Jorat', 150, 12.5)]
const names = (query: string) => routes.filter((r) => matchesFilters(r, parseFilters(new URLSearchParams(query)))).map((r) => r.name)

describe('category home filters', () => {
  it('filters by duration and distance, "more" being above the last limit', () => {
    expect(names('duration=30')).toEqual(['La vieille ville'])
    expect(names('duration=60')).toEqual(['La vieille ville', 'Le bord du lac'])
    expect(names('duration=more')).toEqual(['Le Jorat'])
    expect(names('distance=2')).toEqual(['La vieille ville'])
    expect(names('distance=5&duration=120')).toEqual(['La vieille ville', 'Le bord du lac'])
    expect(names('distance=more')).toEqual(['Le Jorat'])
  })

  it('finds by name or subtitle in any case and without accents', () => {
    expect(names('q=JORAT')).toEqual(['Le Jorat'])
    expect(names('q=cathedrale')).toEqual(['La vieille ville'])
    expect(names('q=nowhere')).toEqual([])
  })

  it('reads anything else as "any"', () => {
    expect(parseFilters(new URLSearchParams('duration=7&distance=x&q=%20%20'))).toEqual({ q: '', duration: null, distance: null, stepFree: false })
    expect(names('')).toHaveLength(3)
  })

  it('keeps only routes known to be step-free when asked (unknown is not step-free)', () => {
    const known = [{ ...routes[0], stepFree: true }, { ...routes[1], stepFree: false }, { ...routes[2], stepFree: null }]
    const shown = (query: string) => known.filter((r) => matchesFilters(r, parseFilters(new URLSearchParams(query)))).map((r) => r.name)
    expect(shown('step_free=1')).toEqual(['La vieille ville'])
    expect(shown('step_free=yes')).toHaveLength(3)
    expect(shown('')).toHaveLength(3)
  })
})
