// `npx tsx bench/profile-summary.ts <file.cpuprofile> [top]`: where a server's CPU went (self
// time per function, and per package / app folder), from a V8 CPU profile such as the one
// `npm run bench -- --compare --profile` writes for its PostgreSQL server (bench/profiles/).
import fs from 'node:fs'

interface Node {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}
interface Profile {
  nodes: Node[]
  samples: number[]
  timeDeltas: number[]
}

export function summarise(file: string, top = 25): string {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<number, number>()
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  const perFunction = new Map<string, number>()
  const perPlace = new Map<string, number>()
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame
    const where = url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '')
    const fn = `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`.trim()
    perFunction.set(fn, (perFunction.get(fn) ?? 0) + us)
    const place = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ?? (where.startsWith('node:') ? 'node internals' : where ? where.split('/').slice(0, 3).join('/') : functionName || '(other)')
    perPlace.set(place, (perPlace.get(place) ?? 0) + us)
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`
  const lines = [`${(total / 1e6).toFixed(1)} s of samples`, '', 'by package / place:']
  for (const [place, us] of [...perPlace].sort((a, b) => b[1] - a[1]).slice(0, 15)) lines.push(`${pct(us)}  ${place}`)
  lines.push('', 'by function (self time):')
  for (const [fn, us] of [...perFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`${pct(us)}  ${fn}`)
  return lines.join('\n')
}

if (process.argv[1]?.endsWith('profile-summary.ts')) console.log(summarise(process.argv[2], Number(process.argv[3] ?? 25)))
