import { describe, expect, it } from 'vitest'
import { storiesFor } from './story-languages.ts'

// ADR 044: a visitor reads the stories of their content language, else the fallback's.

const story = (title: string, locale: string | null) => ({ title, locale })

describe('storiesFor', () => {
  const stories = [story('Les cloches', 'fr'), story('Untagged', null), story('Las campanas', 'es'), story('الأجراس', 'ar')]

  it('keeps the stories of the visitor’s language only', () => {
    expect(storiesFor(stories, 'es', 'fr').map((s) => s.title)).toEqual(['Las campanas'])
    expect(storiesFor(stories, 'ar', 'fr').map((s) => s.title)).toEqual(['الأجراس'])
  })

  it('counts untagged stories as the fallback’s', () => {
    expect(storiesFor(stories, 'fr', 'fr').map((s) => s.title)).toEqual(['Les cloches', 'Untagged'])
  })

  it('falls back to the fallback language’s stories where none is in the visitor’s, never to a third language', () => {
    expect(storiesFor(stories, 'de', 'fr').map((s) => s.title)).toEqual(['Les cloches', 'Untagged'])
    expect(storiesFor([story('Las campanas', 'es')], 'de', 'fr')).toEqual([])
    expect(storiesFor([], 'es', 'fr')).toEqual([])
  })
})
