import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { securityHeaders } from './security-headers.ts'

function appFor(baseUrl: string) {
  const app = new Hono()
  app.use('*', securityHeaders({ BASE_URL: baseUrl }))
  app.get('/page', (c) => c.html('<p>hi</p>'))
  app.get('/moved', () => Response.redirect('http://localhost/elsewhere', 302))
  app.get('/fails', () => {
    throw new Error('boom')
  })
  app.onError((_error, c) => c.text('error', 500))
  return app
}

const expected = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
}
const headersOf = (res: Response) => Object.fromEntries(Object.keys(expected).map((name) => [name, res.headers.get(name)]))

describe('securityHeaders', () => {
  it.each(['/page', '/moved', '/fails', '/missing'])('sets the headers on %s', async (path) => {
    const res = await appFor('http://localhost:3000').request(path)
    expect(headersOf(res)).toEqual(expected)
  })

  it('sends HSTS only when BASE_URL is https', async () => {
    expect((await appFor('http://localhost:3000').request('/page')).headers.get('strict-transport-security')).toBeNull()
    expect((await appFor('https://example.org').request('/page')).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
  })

  it('keeps the response itself (status, body, Location)', async () => {
    const res = await appFor('https://example.org').request('/moved')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('http://localhost/elsewhere')
    expect(await (await appFor('https://example.org').request('/page')).text()).toBe('<p>hi</p>')
  })
})
