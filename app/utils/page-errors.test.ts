import { createRequestHandler, type ServerBuild } from 'react-router'
import { describe, expect, it } from 'vitest'
import { AppError, invalidField, notFound } from './errors.ts'
import { toPageError, withPageErrors } from './page-errors.ts'

/** What the build's handleError received (the app's reports an error: app/entry.server.tsx). */
let reported: unknown[] = []

/** The smallest server build React Router serves: one root route whose loader runs `load`. */
function buildWith(load: () => unknown, act?: () => unknown): ServerBuild {
  const module = { default: () => null, loader: load, ...(act && { action: act }) }
  reported = []
  return {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers) => new Response('page', { status, headers }),
        handleError: (error: unknown) => reported.push(error),
      },
    },
    routes: { root: { id: 'root', path: '', module } },
    assets: { entry: { module: '', imports: [] }, routes: {}, url: '', version: '1' },
    publicPath: '/',
    assetsBuildDirectory: '',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild
}

describe('toPageError', () => {
  it('gives an AppError its status, message and headers, and leaves a bug as it is', () => {
    const limited = toPageError(new AppError(429, { key: 'errors.too_many_requests' }, undefined, { 'Retry-After': '30' }))
    expect(limited).toMatchObject({ data: { message: { key: 'errors.too_many_requests' } }, init: { status: 429, headers: { 'Retry-After': '30' } } })
    const bug = new TypeError('x is undefined')
    expect(toPageError(bug)).toBe(bug)
  })
})

describe('withPageErrors', () => {
  const serve = (build: ServerBuild, method = 'GET') =>
    createRequestHandler(withPageErrors(build), 'production')(new Request('http://localhost/', { method, headers: { origin: 'http://localhost' } }), {} as never)

  it.each([
    [notFound(), 404],
    [new AppError(403, { key: 'errors.forbidden' }), 403],
    [invalidField('token', 'errors.invalid_invitation'), 422],
    [new AppError(503, { key: 'errors.busy' }), 503],
  ])('a loader that lets %s escape answers the page with status %i', async (error, status) => {
    const response = await serve(
      buildWith(() => {
        throw error
      }),
    )
    expect(response.status).toBe(status)
    // An expected failure (an outside provider's 503 too) is not a bug: no error report.
    expect(reported).toEqual([])
  })

  it('keeps a bug a 500, and a loader that succeeds untouched', async () => {
    const bug = await serve(
      buildWith(() => {
        throw new Error('a bug')
      }),
    )
    expect(bug.status).toBe(500)
    expect(reported).toEqual([new Error('a bug')])
    expect((await serve(buildWith(() => ({ fine: true })))).status).toBe(200)
  })

  it('maps an action too', async () => {
    const build = buildWith(
      () => null,
      () => {
        throw new AppError(409, { key: 'errors.qr_code_taken' })
      },
    )
    expect((await serve(build, 'POST')).status).toBe(409)
  })

  it('wraps a build once (development asks for it on every request)', () => {
    const build = buildWith(() => null)
    expect(withPageErrors(build)).toBe(withPageErrors(build))
    expect(withPageErrors(build).routes.root!.module.loader).not.toBe(build.routes.root!.module.loader)
  })
})
