import { describe, expect, it } from 'vitest'
import { singleLineName } from './single-line.ts'

describe('singleLineName', () => {
  const schema = singleLineName(20)

  it.each(['Vevey', 'Москва', 'Αθήνα', 'Château d’Œx', '  trimmed  '])('takes %j', (name) => {
    expect(schema.safeParse(name).success).toBe(true)
  })

  it.each([
    ['a line break', 'Vevey\nRiviera'],
    ['a tab', 'Vevey\tRiviera'],
    ['a NUL', 'Vev\u0000ey'],
    ['a C1 control', 'Vev\u0085ey'],
    ['a right-to-left override', 'Vevey \u202Eeyalp'],
    ['a direction isolate', 'Vevey \u2067x'],
  ])('refuses %s', (_case, name) => {
    const result = schema.safeParse(name)
    expect(result.success).toBe(false)
    expect(result.error?.issues[0].message).toBe('validation.control_characters')
  })

  it('still refuses blank and too long names as before', () => {
    expect(schema.safeParse('   ').success).toBe(false)
    expect(schema.safeParse('x'.repeat(21)).success).toBe(false)
  })
})
