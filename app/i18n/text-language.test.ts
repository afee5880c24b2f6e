import { describe, expect, it } from 'vitest'
import { languageOf } from './text-language.ts'

describe('the language of a text', () => {
  it('is found among the four languages', () => {
    expect(languageOf('Every night from 10 pm to 2 am a watchman calls the hours from the bell tower.', 'fr')).toBe('en')
    expect(languageOf('Chaque nuit, de 22 h à 2 h, le guet crie les heures du haut du clocher.', 'en')).toBe('fr')
    expect(languageOf('Jede Nacht ruft der Wächter vom Glockenturm die Stunden aus.', 'fr')).toBe('de')
    expect(languageOf('Ogni notte una guardia annuncia le ore dal campanile.', 'fr')).toBe('it')
  })

  it('falls back when the text is too short to tell', () => {
    expect(languageOf('Le guet', 'de')).toBe('de')
    expect(languageOf('', 'it')).toBe('it')
  })
})
