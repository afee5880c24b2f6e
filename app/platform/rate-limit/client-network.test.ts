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
