import { describe, expectTypeOf, it } from 'vitest'
import type { PlaceSummary } from '#app/modules/places/places.schema.ts'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import type { ApiBody, ApiData, ApiPath } from './api-contract.ts'

// The typed client's contract (ADR 035) is checked by tsc: these are its own tests, run by the
// typecheck (`@ts-expect-error` fails it when a wrong call stops being an error).

const uuid = 'a1b2'

describe('the API contract', () => {
  it('answers the data of the route a path names, parameters and query strings included', () => {
    // Hono's JSON form of the response schema's output: what RouteView says, field for field.
    const route = {} as ApiData<`/routes/${string}/get-route`, 'GET'>
    const saved = {} as ApiData<'/routes/update', 'PUT'>
    const removed = {} as ApiData<`/routes/${string}/remove-photo`, 'DELETE'>
    const place = {} as ApiData<'/places', 'POST'>
    const views: [RouteView, RouteView, RouteView, PlaceSummary] = [route, saved, removed, place]
    expectTypeOf(views).toBeArray()
    expectTypeOf<ApiData<`/geocode?${string}`, 'GET'>>().items.toHaveProperty('label')
  })

  it('takes the body of the route’s request schema', () => {
    expectTypeOf<ApiBody<'/routes/update', 'PUT'>>().toHaveProperty('uuid')
    expectTypeOf<{ uuid: string; status: 'published' }>().toMatchTypeOf<ApiBody<'/routes/update', 'PUT'>>()
    expectTypeOf<ApiBody<`/routes/${string}/get-route`, 'GET'>>().toBeNever()
  })

  it('refuses a path the API does not answer for the method', () => {
    const ok: ApiPath<'GET'> = `/routes/${uuid}/get-route`
    // @ts-expect-error no such endpoint
    const unknown: ApiPath<'GET'> = '/nowhere/at-all'
    // @ts-expect-error PUT only
    const wrongMethod: ApiPath<'GET'> = '/routes/update'
    expectTypeOf([ok, unknown, wrongMethod]).toBeArray()
  })

  it('holds every router createApi mounts (the one registry, app/api-routes.server.ts)', () => {
    // The health probe and the open data were mounted but missing from the hand-kept list.
    const listed: ApiPath<'GET'>[] = ['/health', '/public/categories/lausanne']
    expectTypeOf(listed).toBeArray()
  })
})
