import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProviderUnavailable, requestJson } from './outbound-json.server.ts'

// The outbound JSON client against small local HTTP servers: one plays the provider, the other
// an internal service the provider (or whoever answers in its name) points the server at.

interface Served {
  url: string
  hits: string[]
  /** Bytes the handler managed to write before the client went away. */
  written: number
  close(): Promise<void>
}

async function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse, served: Served) => void): Promise<Served> {
  const served: Served = { url: '', hits: [], written: 0, close: async () => undefined }
  const server = http.createServer((req, res) => {
    served.hits.push(`${req.method} ${req.url}`)
    handler(req, res, served)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  served.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  served.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return served
}

const MB = 1024 * 1024

/** The reason of the ProviderUnavailable the call is refused with. */
async function failure(call: Promise<unknown>): Promise<string> {
  try {
    await call
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderUnavailable)
    expect((error as ProviderUnavailable).status).toBe(502)
    expect((error as ProviderUnavailable).detail).toEqual({ key: 'errors.provider_unavailable' })
    return (error as ProviderUnavailable).reason
  }
  throw new Error('the call did not fail')
}

describe('requestJson', () => {
  let internal: Served
  let provider: Served
  beforeAll(async () => {
    internal = await serve((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"secret":"internal"}'))
    provider = await serve((req, res, served) => {
      const path = req.url ?? '/'
      if (path === '/ok') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('[{"a":1}]')
      if (path === '/moved') return void res.writeHead(302, { Location: '/ok' }).end()
      if (path === '/elsewhere') return void res.writeHead(302, { Location: `${internal.url}/admin` }).end()
      if (path === '/loop') return void res.writeHead(302, { Location: '/loop' }).end()
      if (path === '/declared-huge') return void res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(30 * MB) }).end()
      if (path === '/huge') {
        // 30 MB of JSON, chunked (no length announced), written as fast as the client reads.
        res.writeHead(200, { 'Content-Type': 'application/json' })
        const chunk = Buffer.alloc(64 * 1024, 0x20)
        res.write('[')
        const pump = () => {
          while (served.written < 30 * MB) {
            served.written += chunk.length
            if (!res.write(chunk)) return void res.once('drain', pump)
          }
          res.end(']')
        }
        res.on('close', () => res.removeAllListeners('drain'))
        return void pump()
      }
      if (path === '/trickle') {
        res.writeHead(200, { 'Content-Type': 'application/json' })
        res.write('[')
        const timer = setInterval(() => res.write(' '), 50)
        res.on('close', () => clearInterval(timer))
        return
      }
      if (path === '/refused') return void res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"code":"NoRoute","message":"Impossible route"}')
      if (path === '/html') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>Bad gateway</html>')
      res.writeHead(404).end()
    })
  })
  afterAll(async () => {
    await provider.close()
    await internal.close()
  })

  it('answers the parsed JSON', async () => {
    expect(await requestJson(`${provider.url}/ok`, { timeoutMs: 2_000 })).toEqual([{ a: 1 }])
  })

  it('follows a redirect on the provider’s own origin, not to another host, not for ever', async () => {
    expect(await requestJson(`${provider.url}/moved`, { timeoutMs: 2_000 })).toEqual([{ a: 1 }])
    expect(await failure(requestJson(`${provider.url}/elsewhere`, { timeoutMs: 2_000 }))).toBe('redirect')
    expect(internal.hits).toEqual([])
    expect(await failure(requestJson(`${provider.url}/loop`, { timeoutMs: 2_000 }))).toBe('redirect')
    // A POST is never sent again, even on the same origin.
    expect(await failure(requestJson(`${provider.url}/moved`, { method: 'POST', body: '{}', timeoutMs: 2_000 }))).toBe('redirect')
  })

  it('stops reading an answer past the size cap (30 MB sent, about 1 MB read)', async () => {
    const rss = process.memoryUsage().rss
    expect(await failure(requestJson(`${provider.url}/huge`, { timeoutMs: 10_000, maxBytes: MB }))).toBe('too_large')
    await new Promise((resolve) => setTimeout(resolve, 100))
    // The socket is closed: the server could not push the 30 MB (socket buffers hold a few MB at most).
    expect(provider.written).toBeLessThan(12 * MB)
    expect(process.memoryUsage().rss - rss).toBeLessThan(25 * MB)
    expect(await failure(requestJson(`${provider.url}/declared-huge`, { timeoutMs: 2_000, maxBytes: MB }))).toBe('too_large')
  })

  it('bounds the whole exchange by the timeout, the answer’s body included', async () => {
    const started = Date.now()
    expect(await failure(requestJson(`${provider.url}/trickle`, { timeoutMs: 300 }))).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('names the failure: an error status (with the provider’s code), not JSON, nobody listening, cancelled', async () => {
    await expect(requestJson(`${provider.url}/refused`, { timeoutMs: 2_000 })).rejects.toMatchObject({ reason: 'http_status', details: { status: 400, code: 'NoRoute' } })
    expect(await failure(requestJson(`${provider.url}/html`, { timeoutMs: 2_000 }))).toBe('malformed')
    const gone = await serve(() => undefined)
    await gone.close()
    expect(await failure(requestJson(gone.url, { timeoutMs: 2_000 }))).toBe('unreachable')
    const cancel = new AbortController()
    const call = requestJson(`${provider.url}/trickle`, { timeoutMs: 5_000, signal: cancel.signal })
    setTimeout(() => cancel.abort(), 50)
    expect(await failure(call)).toBe('aborted')
  })
})
