import { describe, expect, it } from 'vitest'
import { safeRedirectPath, sameOriginPath } from './redirect-target.ts'

describe('sameOriginPath: the one rule for caller-given redirect targets', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    expect(sameOriginPath('/map?category=3&route=uuid-1')).toBe('/map?category=3&route=uuid-1')
    expect(sameOriginPath('/fr/dashboard#top')).toBe('/fr/dashboard#top')
    expect(sameOriginPath('/')).toBe('/')
  })

  it.each([
    ['scheme-relative', '//evil.example'],
    ['absolute', 'https://evil.example/'],
    ['javascript', 'javascript:alert(1)'],
    ['relative', 'evil.example'],
    ['backslash', '/\\evil.example'],
    ['backslash later', '/a\\..\\..\\evil'],
    ['TAB', '/\t/evil.example'],
    ['CR/LF', '/\r\n/evil.example'],
    ['LF header injection', '/dashboard\r\nSet-Cookie: x=1'],
    ['NUL', '/\u0000/evil.example'],
    ['dot segment to //', '/.//evil.example'],
    ['dot-dot segment to //', '/a/..//evil.example'],
    ['empty', ''],
    ['not a string', 42],
  ])('refuses %s', (_label, value) => {
    expect(sameOriginPath(value)).toBeNull()
    expect(safeRedirectPath(value)).toBe('/dashboard')
  })

  it('answers the normalised path, so the Location header can always be written', () => {
    expect(sameOriginPath('/a/./b/../c')).toBe('/a/c')
    expect(sameOriginPath('/日本')).toBe('/%E6%97%A5%E6%9C%AC')
    expect(() => new Headers({ Location: sameOriginPath('/日本?q=é')! })).not.toThrow()
  })
})
