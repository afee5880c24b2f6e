import { describe, expect, it } from 'vitest'
import { storeRoute, manager } from '#app/modules/walks/walks.test-fixtures.ts'
import { useTestApi } from '#tests/setup/test-app.ts'
import { testDialects } from '#tests/setup/test-db.ts'
import { SubdomainService } from './subdomains.service.server.ts'

describe.each(testDialects)('resolveLandingRedirect (%s)', (dialect) => {
  const { t } = useTestApi(dialect)
  const config = { BASE_URL: 'https://trailguide.test', SUBDOMAIN_ROUTING: true }
  const service = () => {
    const subdomains = new SubdomainService(t.services.db, config)
    return { resolveLandingRedirect: (slug: string, path: string) => subdomains.resolve(slug, new URL(path, `https://${slug}.trailguide.test`)) }
  }

  async function publish(token: string, uuid: string) {
    const res = await t.call('PUT', '/routes/update', { token, body: { uuid, status: 'published' } })
    expect(res.status, JSON.stringify(res.json)).toBe(200)
  }

  it('answers unknown-category for a subdomain no category has', async () => {
    expect(await service().resolveLandingRedirect('nowhere-at-all', '/r/anything')).toEqual({ kind: 'unknown-category' })
    expect(await service().resolveLandingRedirect('nowhere-at-all', '/dashboard')).toEqual({ kind: 'unknown-category' })
  })

  it('passes a route of the host category, a slug found nowhere, and non-landing paths', async () => {
    const { token, category } = await manager(t)
    const route = await storeRoute(t, token, category.id, { name: 'Old town' })
    const s = service()
    expect(await s.resolveLandingRedirect(category.slug, `/r/${route.slug}`)).toEqual({ kind: 'pass' })
    expect(await s.resolveLandingRedirect(category.slug, `/fr/r/${route.slug}`)).toEqual({ kind: 'pass' })
    expect(await s.resolveLandingRedirect(category.slug, '/r/no-such-route')).toEqual({ kind: 'pass' })
    expect(await s.resolveLandingRedirect(category.slug, '/m/whatever')).toEqual({ kind: 'pass' })
  })

  it("sends a slug of another category to the host category's first published route, keeping the language", async () => {
    const host = await manager(t)
    const draft = await storeRoute(t, host.token, host.category.id, { name: 'Draft walk' })
    const first = await storeRoute(t, host.token, host.category.id, { name: 'First published' })
    const second = await storeRoute(t, host.token, host.category.id, { name: 'Second published' })
    await publish(host.token, first.uuid)
    await publish(host.token, second.uuid)
    const other = await manager(t)
    const foreign = await storeRoute(t, other.token, other.category.id, { name: 'Elsewhere only' })

    const s = service()
    expect(await s.resolveLandingRedirect(host.category.slug, `/r/${foreign.slug}`)).toEqual({ kind: 'redirect', location: `/r/${first.slug}` })
    expect(await s.resolveLandingRedirect(host.category.slug, `/de/r/${foreign.slug}`)).toEqual({ kind: 'redirect', location: `/de/r/${first.slug}` })
    expect(draft.status).toBe('draft')
  })

  it('sends a mismatch to the landing list when the host category has no published route', async () => {
    const host = await manager(t)
    await storeRoute(t, host.token, host.category.id, { name: 'Only a draft' })
    const other = await manager(t)
    const foreign = await storeRoute(t, other.token, other.category.id, { name: 'Foreign walk' })
    expect(await service().resolveLandingRedirect(host.category.slug, `/it/r/${foreign.slug}`)).toEqual({ kind: 'redirect', location: '/it/landing/list' })
  })

  it('moves an old subdomain of a category to its current one, path and query kept, and 404s it once given up', async () => {
    const { token, category } = await manager(t)
    const renamed = `${category.slug}-new`
    expect((await t.call('PUT', `/place-categories/${category.id}`, { token, body: { slug: renamed } })).status).toBe(200)
    const subdomains = new SubdomainService(t.services.db, config)
    const asked = new URL(`https://${category.slug}.trailguide.test/fr/m/old-town?place=4`)
    expect(await subdomains.resolve(category.slug, asked)).toEqual({ kind: 'moved', location: `https://${renamed}.trailguide.test/fr/m/old-town?place=4` })
    expect(await subdomains.resolve(renamed, new URL(`https://${renamed}.trailguide.test/dashboard`))).toEqual({ kind: 'pass' })
    expect((await t.call('DELETE', `/place-categories/${category.id}`, { token })).status).toBe(200)
    expect(await subdomains.resolve(category.slug, asked)).toEqual({ kind: 'unknown-category' })
  })

  it('passes when the slug exists both in the host category and elsewhere', async () => {
    const host = await manager(t)
    const other = await manager(t)
    const mine = await storeRoute(t, host.token, host.category.id, { name: 'Same name' })
    const theirs = await storeRoute(t, other.token, other.category.id, { name: 'Same name' })
    expect(mine.slug).toBe(theirs.slug)
    expect(await service().resolveLandingRedirect(host.category.slug, `/r/${mine.slug}`)).toEqual({ kind: 'pass' })
  })
})
