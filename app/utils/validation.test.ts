import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from './errors.ts'
import { issuesToFieldErrors, parseOrThrow } from './validation.ts'

describe('AppError', () => {
  it('is an AppError by its class alone (one module graph: ADR 036)', () => {
    expect(new Error('x') instanceof AppError).toBe(false)
    expect(new AppError(404, { key: 'errors.not_found' }) instanceof AppError).toBe(true)
  })
})

describe('validation messages', () => {
  const schema = z.strictObject({ name: z.string().trim().min(1), age: z.number().int().max(130).optional() })

  it('tells a missing field from a wrong type', () => {
    const missing = schema.safeParse({})
    expect(issuesToFieldErrors(missing.error!.issues, {})).toEqual({ name: [{ key: 'validation.required', values: { attribute: 'name' } }] })
    const wrong = schema.safeParse({ name: 3 })
    expect(issuesToFieldErrors(wrong.error!.issues, { name: 3 }).name[0].key).toBe('validation.type_string')
  })

  it('phrases integers and strict bounds in words, not in zod’s type names', () => {
    const counts = z.object({ count: z.number().int().positive() })
    expect(issuesToFieldErrors(counts.safeParse({ count: 2.5 }).error!.issues, { count: 2.5 }).count[0].key).toBe('validation.integer')
    expect(issuesToFieldErrors(counts.safeParse({ count: 0 }).error!.issues, { count: 0 }).count[0]).toEqual({
      key: 'validation.gt_number',
      values: { attribute: 'count', min: 0 },
    })
  })

  it('names unknown fields one by one', () => {
    const extra = schema.safeParse({ name: 'a', x: 1, y: 2 })
    expect(Object.keys(issuesToFieldErrors(extra.error!.issues, {}))).toEqual(['x', 'y'])
  })

  it('throws a 422 whose message is the first field’s', () => {
    try {
      parseOrThrow(schema, { name: 'a', age: 200 })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(AppError)
      expect((error as AppError).status).toBe(422)
      expect((error as AppError).detail).toEqual({ key: 'validation.max_number', values: { attribute: 'age', max: 130 } })
    }
  })
})
