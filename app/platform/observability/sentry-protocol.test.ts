import { describe, expect, it } from 'vitest'
import { parseDsn } from './sentry-protocol.ts'

describe('Sentry protocol', () => {
  it('finds the envelope endpoint and public key in a DSN, and refuses anything else', () => {
    expect(parseDsn('https://abc@o1.ingest.sentry.io/42')).toEqual({ publicKey: 'abc', envelopeUrl: 'https://o1.ingest.sentry.io/api/42/envelope/' })
    expect(parseDsn('http://abc@127.0.0.1:9000/sub/7')).toEqual({ publicKey: 'abc', envelopeUrl: 'http://127.0.0.1:9000/sub/api/7/envelope/' })
    expect(parseDsn('https://o1.ingest.sentry.io/42')).toBeNull()
    expect(parseDsn('not a dsn')).toBeNull()
  })
})
