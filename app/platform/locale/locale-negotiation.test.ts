import { describe, expect, it } from 'vitest'
import { negotiateLocale } from './locale-negotiation.server.ts'

const config = { BASE_URL: 'http://localhost:3000', SUBDOMAIN_ROUTING: false }
const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost:3000${path}`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...headers } })

describe('negotiateLocale', () => {
  it('keeps English for a first visit without a better match, and remembers it', () => {
    const result = negotiateLocale(get('/auth/login', { 'accept-language': 'es' }), null, config)
    expect(result.redirect).toBeUndefined()
    expect(result.setCookie).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax')
  })

  it('sends a first visit to the browser’s language', () => {
    const result = negotiateLocale(get('/auth/login?x=1', { 'accept-language': 'de-DE,de;q=0.9' }), null, config)
    expect(result.redirect).toBe('/de/auth/login?x=1')
    expect(result.setCookie).toContain('i18n_redirected=de')
  })

  it('prefers the cookie to the browser’s language', () => {
    const result = negotiateLocale(get('/dashboard', { cookie: 'i18n_redirected=it', 'accept-language': 'fr' }), null, config)
    expect(result).toEqual({ redirect: '/it/dashboard', setCookie: undefined })
    expect(negotiateLocale(get('/dashboard', { cookie: 'i18n_redirected=en', 'accept-language': 'fr' }), null, config)).toEqual({})
  })

  it('prefers the signed-in user’s saved language to the cookie', () => {
    const result = negotiateLocale(get('/dashboard', { cookie: 'i18n_redirected=it' }), { locale: 'fr' }, config)
    expect(result.redirect).toBe('/fr/dashboard')
  })

  it('takes an explicit prefix as the choice, and canonicalises /en', () => {
    expect(negotiateLocale(get('/fr/dashboard', { cookie: 'i18n_redirected=de' }), { locale: 'de' }, config)).toEqual({
      setCookie: 'i18n_redirected=fr; Max-Age=31536000; Path=/; SameSite=Lax',
    })
    expect(negotiateLocale(get('/en/dashboard'), null, config).redirect).toBe('/dashboard')
  })

  it('never redirects off the site through the /en prefix (issue 12, item 4)', () => {
    for (const [path, expected] of [
      ['/en//evil.example', '/evil.example'],
      ['/en///evil.example/x?y=1', '/evil.example/x?y=1'],
      ['/en/\\evil.example', '/evil.example'],
      ['/en/%09/evil.example', '/%09/evil.example'],
      ['/en', '/'],
    ]) {
      const result = negotiateLocale(get(path), null, config)
      expect([path, result.redirect]).toEqual([path, expected])
      expect(new URL(result.redirect!, 'http://localhost:3000').origin).toBe('http://localhost:3000')
    }
    // With the language added in front, the path stays on the site too.
    const french = negotiateLocale(get('//evil.example', { 'accept-language': 'fr' }), null, config).redirect!
    expect(new URL(french, 'http://localhost:3000').origin).toBe('http://localhost:3000')
  })

  it('never redirects data, manifest or script requests, nor posts', () => {
    expect(negotiateLocale(get('/dashboard.data', { cookie: 'i18n_redirected=fr' }), null, config)).toEqual({})
    expect(negotiateLocale(get('/__manifest?paths=%2F', { cookie: 'i18n_redirected=fr' }), null, config)).toEqual({})
    expect(negotiateLocale(get('/dashboard', { cookie: 'i18n_redirected=fr', accept: '*/*' }), null, config)).toEqual({})
    const post = new Request('http://localhost:3000/auth/login', { method: 'POST', headers: { cookie: 'i18n_redirected=fr' } })
    expect(negotiateLocale(post, null, config)).toEqual({})
  })

  it('shares the cookie across subdomains when subdomain routing is on', () => {
    const result = negotiateLocale(get('/fr/map'), null, { BASE_URL: 'https://example.org', SUBDOMAIN_ROUTING: true })
    expect(result.setCookie).toContain('Domain=example.org')
  })
})
