import { isIP } from 'node:net'

/**
 * The network a client address stands for in per-client limits. An IPv4 address is one client
 * (an IPv4-mapped IPv6 address too). An IPv6 client usually holds a whole /64 (one home, one
 * phone, one server): counted per address, it could take a fresh one for every attempt and
 * never meet a limit. Anything else (a test's label) is used as given.
 */
export function clientNetwork(address: string): string {
  const ip = address.trim()
  if (isIP(ip) === 4) return ip
  if (isIP(ip) !== 6) return address
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (mapped) return mapped[1]
  return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`
}

/** The eight groups of an IPv6 address, four lowercase hex digits each (a zone id dropped). */
function expandIpv6(ip: string): string[] {
  let text = ip.split('%')[0].toLowerCase()
  // A trailing IPv4 part (::1.2.3.4) becomes two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number)
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined]
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return groups.map((g) => g.padStart(4, '0'))
}
