import { describe, expect, it } from 'vitest'
import { GeocodingUnavailable } from '../geocoding-provider.ts'
import { mapboxGeocodeUrl, parseMapboxAnswer } from './mapbox.ts'
import { nominatimSearchUrl, parseNominatimAnswer, throttle } from './nominatim.ts'

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
    expect(() => parseNominatimAnswer({ error: 'Unable to geocode' }, 5)).toThrow(GeocodingUnavailable)
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
    expect(() => parseMapboxAnswer({ message: 'Not Authorized - Invalid Token' }, 5)).toThrow(GeocodingUnavailable)
  })
})

describe('throttle', () => {
  it('gives each call its turn a second after the previous one, and refuses a turn further than the wait allowed', async () => {
    let now = 10_000
    const turn = throttle(1000, () => now)
    await turn(5000) // at once
    const second = turn(5000)
    now += 1000 // the timer is real: the clock is moved so the wait computed is 1 s
    await second
    // Turns are booked until 12 000; at 10 500 the next one is 1.5 s away, the one after 2.5 s.
    now = 10_500
    void turn(5000)
    await expect(turn(2000)).rejects.toMatchObject({ reason: 'busy' })
    // A refused call books no turn: the next one is still 2.5 s away.
    await expect(turn(2400)).rejects.toMatchObject({ reason: 'busy' })
  })
})
