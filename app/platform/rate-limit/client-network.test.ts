import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { clientNetwork } from './client-network.ts'

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:0db8:0001:0002::/64'],
    ['2001:db8:1:2::1', '2001:0db8:0001:0002::/64'],
    ['2001:DB8:1:2::ffff', '2001:0db8:0001:0002::/64'],
    ['2001:db8::1', '2001:0db8:0000:0000::/64'],
    ['::1', '0000:0000:0000:0000::/64'],
    ['fe80::1%eth0', 'fe80:0000:0000:0000::/64'],
    ['2001:db8:1:2::1.2.3.4', '2001:0db8:0001:0002::/64'],
    ['local', 'local'],
    ['not an address', 'not an address'],
  ])('%s counts as %s', (address, network) => {
    expect(clientNetwork(address)).toBe(network)
  })

  it('tells two /64 networks apart', () => {
    expect(clientNetwork('2001:db8:1:2::1')).not.toBe(clientNetwork('2001:db8:1:3::1'))
  })
})

describe('limits keyed by a client', () => {
  // The share picture's limit once counted each IPv6 address apart: a key made of a client's
  // address is made by RateLimiter.hitClient/enforceClient or clientNetwork, never by hand.
  it('count a client by its network everywhere in the app', () => {
    const appDir = path.resolve(import.meta.dirname, '../..')
    const sources = (fs.readdirSync(appDir, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    const byHand = /\.(?:enforce|hit)\(`[^`]*\$\{(?![^}]*clientNetwork\()[^}]*\b(?:client|ip|address|remoteAddress)\b[^}]*\}/i
    const found = sources.filter((file) => byHand.test(fs.readFileSync(path.join(appDir, file), 'utf8')))
    expect(found).toEqual([])
    // The check sees the pattern it is for.
    expect(byHand.test('this.deps.rateLimiter.enforce(`share-image:${options.client}`, limit)')).toBe(true)
    expect(byHand.test('limits.enforce(`events:${clientNetwork(ip)}`, limit)')).toBe(false)
  })
})
