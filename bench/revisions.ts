// Revisions (ADR 111): the route save with revisions on against off (same data, same server
// build, alternating rounds on a shared machine), and what 1,000 saves add to the database.
// `npm run bench` runs it after the other server rows (on SQLite); alone: `node --import tsx bench/revisions.ts`
// (builds if needed, seeds a small copy of the demo, prints the rows).
import { execFileSync } from 'node:child_process'
import SQLite from '#app/db/sqlite-driver.server.ts'
import { int, median, percentile, ms, type Row } from './measure.ts'
import { prepareData, type SeededCategory } from './seed.ts'
import { root, startServer } from './server.ts'
import { formatTable } from './table.ts'

const ROUNDS = 3
const SAVES_PER_ROUND = 100
const GROWTH_SAVES = 1_000

/** Saves of the bench's route, one after another: its 50 stops reversed and its name changed each time (each save is a revision). */
async function saves(baseUrl: string, token: string, category: SeededCategory, count: number, from: number): Promise<number[]> {
  const ids = category.savePlaceIds
  const times: number[] = []
  for (let turn = from; turn < from + count; turn++) {
    const places = (turn % 2 ? ids : [...ids].reverse()).map((id) => ({ id }))
    const started = performance.now()
    const res = await fetch(`${baseUrl}/api/routes/update`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Accept-Language': 'en' },
      body: JSON.stringify({ uuid: category.saveRouteUuid, places, name: `Route saved ${turn}` }),
    })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`route save answered ${res.status}`)
    times.push(performance.now() - started)
  }
  return times
}

/** The database file's size with its WAL folded in, and the revisions it holds. */
function measureFile(file: string) {
  const db = new SQLite(file)
  try {
    db.pragma('wal_checkpoint(TRUNCATE)')
    const pages = Number(db.pragma('page_count', { simple: true }))
    const free = Number(db.pragma('freelist_count', { simple: true }))
    const pageSize = Number(db.pragma('page_size', { simple: true }))
    const row = db.prepare('select count(*) as n, coalesce(sum(length(snapshot) + length(changes)), 0) as payload from revisions').get() as { n: number; payload: number }
    return { bytes: (pages - free) * pageSize, revisions: row.n, payload: row.payload }
  } finally {
    db.close()
  }
}

export async function revisionsRows(opts: { dataDir: string; databaseUrl: string; token: string; category: SeededCategory }): Promise<Row[]> {
  const timesBy: Record<'on' | 'off', number[]> = { on: [], off: [] }
  let turn = 1
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) {
      const server = await startServer({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, env: { REVISIONS_ENABLED: mode } })
      try {
        await saves(server.url, opts.token, opts.category, 10, turn) // warm-up
        timesBy[mode].push(...(await saves(server.url, opts.token, opts.category, SAVES_PER_ROUND, turn + 10)))
        turn += SAVES_PER_ROUND + 10
      } finally {
        await server.stop()
      }
    }
  }
  const [on, off] = [median(timesBy.on), median(timesBy.off)]
  const ratio = on / off

  const before = measureFile(opts.databaseUrl)
  const server = await startServer({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, env: { REVISIONS_ENABLED: 'on' } })
  try {
    await saves(server.url, opts.token, opts.category, GROWTH_SAVES, turn)
  } finally {
    await server.stop()
  }
  const after = measureFile(opts.databaseUrl)
  const added = after.revisions - before.revisions
  const growth = after.bytes - before.bytes
  return [
    {
      id: 'route-save-revisions',
      what: `Route save with revisions on / off (${opts.category.savePlaceIds.length} stops, every save a revision)`,
      figure: `median ${ms(on)} on, ${ms(off)} off: ${ratio.toFixed(2)} × (p90 ${ms(percentile(timesBy.on, 90))} / ${ms(percentile(timesBy.off, 90))}, ${timesBy.on.length} saves each)`,
      budget: '≤ 1.2 ×',
      pass: ratio <= 1.2,
      values: { medianOn: on, medianOff: off, ratio, p90On: percentile(timesBy.on, 90), p90Off: percentile(timesBy.off, 90), saves: timesBy.on.length },
    },
    {
      id: 'revisions-growth',
      what: `Database growth per ${int(GROWTH_SAVES)} route saves (SQLite, pages in use)`,
      figure: `${int(growth)} bytes for ${int(added)} revisions: ${int(growth / Math.max(1, added))} bytes per revision (stored snapshot and changes ${int((after.payload - before.payload) / Math.max(1, added))} bytes)`,
      budget: '',
      pass: null,
      values: { growthBytes: growth, revisions: added, bytesPerRevision: growth / Math.max(1, added), payloadPerRevision: (after.payload - before.payload) / Math.max(1, added) },
    },
  ]
}

if (import.meta.filename === process.argv[1]) {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/ensure-build.ts'], { cwd: root, stdio: 'inherit' })
  const data = await prepareData({ small: { routes: 5, places: 60, events: 100 }, large: { routes: 20, places: 200, events: 1000 } })
  const rows = await revisionsRows({ dataDir: data.dir, databaseUrl: data.databaseUrl, token: data.token, category: data.large })
  console.log(`\n${formatTable(rows)}\n`)
}
