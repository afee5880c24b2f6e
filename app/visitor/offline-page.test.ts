import { describe, expect, it } from 'vitest'
import { fillOfflinePage, pageTitle } from './offline-page.ts'

const template =
  '<title>Vous êtes hors ligne · Trailguide</title><ul data-offline-walks="true" class="space-y-2"><li>Aucun parcours</li></ul>' +
  '<ul data-offline-pages="true" data-kind-map="Carte" data-kind-landing="Page du parcours" data-kind-home="Tous les parcours"><li>Aucune page</li></ul>'

describe('the offline page the worker answers', () => {
  it('reads a kept page’s name from its title, entities decoded', () => {
    expect(pageTitle('<head><title>Rock &amp; Roll &lt;3 · Trailguide</title></head>')).toBe('Rock & Roll <3')
    expect(pageTitle('<p>no title</p>')).toBeNull()
  })

  it('lists saved walks and kept pages as links, escaped, and keeps the "none yet" lines when empty', () => {
    const filled = fillOfflinePage(template, [{ href: '/fr/m/a/b', title: 'Old <town>' }], [{ href: '/fr/r/a/b', title: 'B & C', kind: 'landing', locale: 'fr' }])
    expect(filled).toContain('<a class="inline-flex min-h-11 items-center font-medium text-primary-800 underline break-words" href="/fr/m/a/b">Old &#60;town&#62;</a>')
    expect(filled).toContain('hreflang="fr">B &#38; C</a> <span class="text-sm text-gray-700">Page du parcours · FR</span>')
    expect(filled).not.toContain('Aucun parcours')
    expect(filled).not.toContain('Aucune page')
    expect(fillOfflinePage(template, [], [])).toBe(template)
  })
})
