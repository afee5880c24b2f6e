// `npx tsx bench/hot-profile.ts [path] [seconds]`: a CPU profile of the production server while wrk
// loads one visitor address (default the demo's landing page, /r), written to bench/profiles/ and summarised
// (bench/profile-summary.ts): where a kept page's request spends its time (issue 28).
// PROFILE=0: wrk's figures alone, without the profiler's cost.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { demoRoute } from './database.ts'
import { BROWSER_UA } from './manager-api.ts'
import { summarise } from './profile-summary.ts'
import { prepareData } from './seed.ts'
import { root, startServer } from './server.ts'

const which = process.argv[2] ?? 'r'
const seconds = process.argv[3] ?? '10'
const data = await prepareData({ small: { places: 10, routes: 2, events: 100 }, large: { places: 10, routes: 2, events: 100 } })
const dir = path.join(root, 'bench/profiles')
fs.mkdirSync(dir, { recursive: true })
const before = new Set(fs.readdirSync(dir))
const server = await startServer({ dataDir: data.dir, databaseUrl: data.databaseUrl, nodeArgs: process.env.PROFILE === '0' ? [] : ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=200'] })
const demo = await demoRoute(data.databaseUrl)
const first = await fetch(`${server.url}/r/${demo.address}`, { headers: { 'User-Agent': BROWSER_UA } })
const pageUrl = first.url
// `events`: one visitor event per POST /api/events, as the bench's row sends it.
const events = which === 'events'
const url = which === 'r' ? pageUrl : which === 'm' ? pageUrl.replace('/r/', '/m/') : events ? `${server.url}/api/events` : `${server.url}${which}`
const uuid = events ? ((await (await fetch(`${server.url}/api/public/categories/${demo.address.split('/')[0]}`)).json()) as { data: { routes: Array<{ uuid: string }> } }).data.routes[0].uuid : ''
const body = JSON.stringify({ type: 'time', route_uuid: uuid, value: 30 })
const script = path.join(dir, 'post.lua')
fs.writeFileSync(script, `wrk.method = "POST"\nwrk.body = '${body}'\nwrk.headers["Content-Type"] = "application/json"\n`)
for (let i = 0; i < 3; i++) await (await fetch(url, events ? { method: 'POST', body, headers: { 'Content-Type': 'application/json', 'User-Agent': BROWSER_UA } } : { headers: { 'User-Agent': BROWSER_UA, 'Accept-Encoding': 'gzip' } })).arrayBuffer()
const out = execFileSync('wrk', ['-t1', '-c50', `-d${seconds}s`, '--latency', ...(events ? ['-s', script] : []), '-H', 'Accept-Encoding: gzip, deflate, br', '-H', `User-Agent: ${BROWSER_UA}`, '-H', 'Accept-Language: en', url], { encoding: 'utf8' })
console.log(out)
await server.stop()
await new Promise((r) => setTimeout(r, 500))
const written = fs.readdirSync(dir).filter((f) => !before.has(f) && f.endsWith('.cpuprofile'))
for (const f of written) console.log(summarise(path.join(dir, f), Number(process.env.TOP ?? 40)))
