import { describe, expect, it } from 'vitest'
import { addressingOf, categoryOrigin } from './route-address.ts'

const on = addressingOf({ BASE_URL: 'https://example.org', SUBDOMAIN_ROUTING: true })
const off = addressingOf({ BASE_URL: 'http://localhost:3000', SUBDOMAIN_ROUTING: false })

describe('category origins', () => {
  it('is the category’s subdomain only when routing is on', () => {
    expect(categoryOrigin(on, 'lausanne')).toBe('https://lausanne.example.org')
    expect(categoryOrigin(off, 'lausanne')).toBe('http://localhost:3000')
  })
})
