import { describe, expect, it, vi } from 'vitest'
import { addLocation } from './add-location.ts'

const answer = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }))

describe('addLocation', () => {
  it('sends the body to the encoded code and reports a link', async () => {
    const fetchImpl = answer(200, { data: { code: 'a b' } })
    expect(await addLocation('a b', { place_id: 3 }, fetchImpl)).toEqual({ kind: 'linked' })
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/qr-codes/a%20b/add-location')
    expect(init.method).toBe('PUT')
    expect(JSON.parse(init.body as string)).toEqual({ place_id: 3 })
  })

  it('offers the nearby places of a 409 once, without retrying', async () => {
    const places = [{ id: 1, name: 'Fontaine', distance: 12 }]
    const fetchImpl = answer(409, { message: 'nearby', data: { nearby_places: places } })
    expect(await addLocation('x', { lat: 1, lng: 2, name: 'n' }, fetchImpl)).toEqual({ kind: 'nearby', places })
    expect(fetchImpl).toHaveBeenCalledTimes(1)
  })

  it('passes 422 messages on and hides server errors', async () => {
    expect(await addLocation('x', { lat: 1, lng: 2, name: '' }, answer(422, { message: 'Invalid', errors: { name: ['Required'] } }))).toEqual({
      kind: 'failed',
      // Through apiErrorMessage: the field messages say more than the envelope's first line.
      message: 'Required',
      errors: { name: ['Required'] },
    })
    expect(await addLocation('x', { place_id: 1 }, answer(500, { message: 'boom' }))).toEqual({ kind: 'failed', message: null, errors: undefined })
    const offline = vi.fn(async () => {
      throw new TypeError('offline')
    })
    expect(await addLocation('x', { place_id: 1 }, offline)).toEqual({ kind: 'failed', message: null })
  })
})
