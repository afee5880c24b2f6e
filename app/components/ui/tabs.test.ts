import { describe, expect, it } from 'vitest'
import { tabAfterKey, tabIds } from './tabs.tsx'

describe('tabAfterKey', () => {
  const ids = ['fr', 'en', 'de', 'it'] as const

  it('moves to the next and previous tab with the arrow keys, wrapping round', () => {
    expect(tabAfterKey(ids, 'fr', 'ArrowRight')).toBe('en')
    expect(tabAfterKey(ids, 'it', 'ArrowRight')).toBe('fr')
    expect(tabAfterKey(ids, 'en', 'ArrowLeft')).toBe('fr')
    expect(tabAfterKey(ids, 'fr', 'ArrowLeft')).toBe('it')
  })

  it('goes to the first and the last tab with Home and End', () => {
    expect(tabAfterKey(ids, 'de', 'Home')).toBe('fr')
    expect(tabAfterKey(ids, 'en', 'End')).toBe('it')
  })

  it('leaves every other key to the page', () => {
    expect(tabAfterKey(ids, 'fr', 'Enter')).toBeNull()
    expect(tabAfterKey(ids, 'fr', 'ArrowDown')).toBeNull()
  })
})

describe('tabIds', () => {
  it('ties a tab to its panel by id', () => {
    expect(tabIds('texts-', 'fr')).toEqual({ tab: 'texts-tab-fr', panel: 'texts-panel-fr' })
  })
})
