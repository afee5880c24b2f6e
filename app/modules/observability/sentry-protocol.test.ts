import { describe, expect, it } from 'vitest'
import { envelope, exceptionOf, parseDsn } from './sentry-protocol.ts'

describe('Sentry protocol', () => {
  it('finds the envelope endpoint and public key in a DSN, and refuses anything else', () => {
    expect(parseDsn('https://abc@o1.ingest.sentry.io/42')).toEqual({ publicKey: 'abc', envelopeUrl: 'https://o1.ingest.sentry.io/api/42/envelope/' })
    expect(parseDsn('http://abc@127.0.0.1:9000/sub/7')).toEqual({ publicKey: 'abc', envelopeUrl: 'http://127.0.0.1:9000/sub/api/7/envelope/' })
    expect(parseDsn('https://o1.ingest.sentry.io/42')).toBeNull()
    expect(parseDsn('not a dsn')).toBeNull()
  })

  it('writes an error with its frames, oldest first, as a three-line envelope', () => {
    const error = new Error('boom')
    error.stack = 'Error: boom\n    at inner (/app/a.js:2:3)\n    at /app/b.js:5:6'
    const { values } = exceptionOf(error)
    expect(values[0]).toMatchObject({ type: 'Error', value: 'boom' })
    expect(values[0].stacktrace?.frames.map((f) => f.filename)).toEqual(['/app/b.js', '/app/a.js'])
    const lines = envelope('event', { event_id: 'e1', level: 'error' }, 'dsn').trim().split('\n')
    expect(lines.map((l) => JSON.parse(l) as unknown)).toMatchObject([{ event_id: 'e1', dsn: 'dsn' }, { type: 'event' }, { event_id: 'e1', level: 'error' }])
  })
})
