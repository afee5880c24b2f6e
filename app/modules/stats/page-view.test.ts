import { describe, expect, it } from 'vitest'
import { AppError } from '#app/utils/errors.ts'
import { uncounted } from './page-view.ts'

describe('uncounted', () => {
  it('says nothing of a visit over its per-client limit, warns of anything else', () => {
    const lines: [string, Record<string, unknown>][] = []
    const handle = uncounted({ warn: (message, fields) => lines.push([message, fields]) }, 'landing view not recorded')
    handle(new AppError(429, { key: 'errors.too_many_requests' }))
    expect(lines).toEqual([])
    handle(new AppError(503, { key: 'errors.unavailable' }))
    handle(new Error('database is locked'))
    expect(lines.map(([message]) => message)).toEqual(['landing view not recorded', 'landing view not recorded'])
    expect(lines[1][1]).toEqual({ error: 'Error: database is locked' })
  })
})
