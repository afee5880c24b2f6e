import { describe, expect, it } from 'vitest'
import { ApiError } from '#app/client/api-client.ts'
import { errorsOf } from './form-bits.tsx'
import { filterRoutes } from './select-routes-modal.tsx'

describe('errorsOf', () => {
  it('puts 422 field errors under the form fields, renamed', () => {
    const error = new ApiError(422, 'The given data was invalid.', { url: ['Taken.'], name: ['Required.'], slug: ['Bad.'] })
    expect(errorsOf(error, 'fallback', { url: 'slug' })).toEqual({ fields: { slug: ['Taken.', 'Bad.'], name: ['Required.'] }, form: null })
  })

  it('shows a client error message as a form message, and the fallback for server errors', () => {
    expect(errorsOf(new ApiError(404, 'Not found.'), 'fallback')).toEqual({ fields: {}, form: 'Not found.' })
    expect(errorsOf(new ApiError(500, 'Internal'), 'fallback')).toEqual({ fields: {}, form: 'fallback' })
    expect(errorsOf(new TypeError('offline'), 'fallback')).toEqual({ fields: {}, form: 'fallback' })
  })
})

describe('filterRoutes', () => {
  const routes = [
    { name: 'Tour du Léman', slug: 'tour-du-leman' },
    { name: null, slug: 'sans-nom' },
    { name: 'Ouchy', slug: 'ouchy' },
  ]
  it('matches the name without accents or case, and the slug', () => {
    expect(filterRoutes(routes, 'LEMAN').map((r) => r.slug)).toEqual(['tour-du-leman'])
    expect(filterRoutes(routes, 'sans').map((r) => r.slug)).toEqual(['sans-nom'])
    expect(filterRoutes(routes, ' ')).toHaveLength(3)
    expect(filterRoutes(routes, 'zzz')).toEqual([])
  })
})
