import { describe, expect, it } from 'vitest'
import { ProviderUnavailable } from '#app/platform/http/outbound-json.server.ts'
import { mapboxGeocodeUrl, parseMapboxAnswer } from './mapbox.ts'
import { nominatimSearchUrl, parseNominatimAnswer, fairTurns } from './nominatim.ts'

describe('Nominatim', () => {
  it('asks /search in jsonv2 with the language and the limit', () => {
    expect(nominatimSearchUrl('https://nominatim.example/', 'Rue du Lac 5, Vevey', 'fr', 5)).toBe(
      'https://nominatim.example/search?format=jsonv2&q=Rue+du+Lac+5%2C+Vevey&limit=5&accept-language=fr',
    )
  })

  it('reads numbers written as strings and turns [south, north, west, east] into [west, south, east, north]', () => {
    const answer = [
      { display_name: 'Vevey, Vaud, Suisse', lat: '46.4602', lon: '6.8419', boundingbox: ['46.4512', '46.4739', '6.8296', '6.8663'] },
      // A point (an address): no area to fit.
      { display_name: '5, Rue du Lac, Vevey', lat: '46.4588', lon: '6.8452', boundingbox: ['46.4588', '46.4588', '6.8452', '6.8452'] },
      // Unusable entries are dropped, not answered.
      { display_name: 'No position' },
      { display_name: 'Off the globe', lat: '123', lon: '6.8' },
      { display_name: '', lat: '46', lon: '6' },
      null,
    ]
    expect(parseNominatimAnswer(answer, 5)).toEqual([
      { label: 'Vevey, Vaud, Suisse', lat: 46.4602, lng: 6.8419, bbox: [6.8296, 46.4512, 6.8663, 46.4739] },
      { label: '5, Rue du Lac, Vevey', lat: 46.4588, lng: 6.8452 },
    ])
    expect(parseNominatimAnswer(answer, 1)).toHaveLength(1)
    expect(() => parseNominatimAnswer({ error: 'Unable to geocode' }, 5)).toThrow(ProviderUnavailable)
  })
})

describe('Mapbox', () => {
  it('puts the text in the path, encoded, and the token in the query', () => {
    expect(mapboxGeocodeUrl('https://api.mapbox.com', 'pk.t', 'Rue du Lac 5/Vevey?', 'de', 5)).toBe(
      'https://api.mapbox.com/geocoding/v5/mapbox.places/Rue%20du%20Lac%205%2FVevey%3F.json?access_token=pk.t&limit=5&language=de&autocomplete=false',
    )
  })

  it('reads place_name, center [lng, lat] and bbox', () => {
    const answer = {
      type: 'FeatureCollection',
      features: [
        { place_name: 'Vevey, Vaud, Switzerland', center: [6.8419, 46.4602], bbox: [6.8296, 46.4512, 6.8663, 46.4739] },
        { place_name: 'Rue du Lac 5, 1800 Vevey, Switzerland', center: [6.8452, 46.4588] },
        { place_name: 'Broken', center: 'here' },
      ],
    }
    expect(parseMapboxAnswer(answer, 5)).toEqual([
      { label: 'Vevey, Vaud, Switzerland', lat: 46.4602, lng: 6.8419, bbox: [6.8296, 46.4512, 6.8663, 46.4739] },
      { label: 'Rue du Lac 5, 1800 Vevey, Switzerland', lat: 46.4588, lng: 6.8452 },
    ])
    expect(() => parseMapboxAnswer({ message: 'Not Authorized - Invalid Token' }, 5)).toThrow(ProviderUnavailable)
  })
})

describe('fairTurns', () => {
  it('spaces turns an interval apart and serves the people waiting in rotation, one search each', async () => {
    const turn = fairTurns(60)
    const started = Date.now()
    const order: string[] = []
    const ask = (client: string, label: string) => turn(client, 5_000).then(() => void order.push(label))
    // A manager fires five searches: one goes at once, three wait, the fifth is refused.
    const burst = [ask('a', 'a1'), ask('a', 'a2'), ask('a', 'a3'), ask('a', 'a4')]
    await expect(turn('a', 5_000)).rejects.toMatchObject({ reason: 'busy' })
    // Another asks just after: served after one of the burst's turns, not after all of them.
    const other = ask('b', 'b1')
    await Promise.all([...burst, other])
    expect(order).toEqual(['a1', 'a2', 'b1', 'a3', 'a4'])
    expect(Date.now() - started).toBeGreaterThanOrEqual(4 * 60 - 5)
  })

  it('refuses a search whose turn does not come within its wait, and forgets a cancelled one', async () => {
    const turn = fairTurns(200)
    await turn('a', 1_000)
    await expect(turn('b', 50)).rejects.toMatchObject({ reason: 'busy' })
    const cancel = new AbortController()
    const cancelled = turn('c', 1_000, cancel.signal)
    cancel.abort()
    await expect(cancelled).rejects.toMatchObject({ reason: 'aborted' })
    // Neither holds a turn: the next search goes at the next turn.
    const started = Date.now()
    await turn('d', 1_000)
    expect(Date.now() - started).toBeLessThan(300)
  })
})
