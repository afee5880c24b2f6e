import { describe, expect, it } from 'vitest'
import { categorySlugFromHost } from './host.server.ts'

const on = { BASE_URL: 'https://example.org', SUBDOMAIN_ROUTING: true }
const off = { BASE_URL: 'http://localhost:3000', SUBDOMAIN_ROUTING: false }

describe('category subdomains', () => {
  it('reads the category slug from a subdomain of the base host', () => {
    expect(categorySlugFromHost('lausanne.example.org', on)).toBe('lausanne')
    expect(categorySlugFromHost('Lausanne.Example.org:443', on)).toBe('lausanne')
    expect(categorySlugFromHost('example.org', on)).toBeNull()
    expect(categorySlugFromHost('lausanne.evil.org', on)).toBeNull()
    expect(categorySlugFromHost('a.b.example.org', on)).toBeNull()
    expect(categorySlugFromHost('lausanne.example.org', off)).toBeNull()
  })
})
