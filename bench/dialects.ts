import { int, load, median, ms, type LoadResult, type Row } from './measure.ts'

/** One URL measured on both servers (the same data: the PostgreSQL copy of the SQLite bench database). */
export interface ComparedUrl {
  id: string
  label: string
  /** The path and query, the same on both servers. */
  path: string
  connections: number
  headers?: Record<string, string>
}

/**
 * PostgreSQL against SQLite in one run (issue 16: ≥ 0.7 × SQLite, p99 ≤ 50 ms): both servers run
 * side by side; each URL is loaded on SQLite, then on PostgreSQL, `rounds` times in turn, so a
 * burst of load from elsewhere on the machine falls on both. The ratio is the median of the
 * rounds' ratios; the p99 the worst PostgreSQL round's.
 */
export async function compareDialects(opts: {
  sqliteUrl: string
  postgresUrl: string
  urls: ComparedUrl[]
  seconds: number
  rounds: number
  /** Other PostgreSQL servers (pool size, prepared statements) measured in the same turns: context rows. */
  variants?: Array<{ name: string; url: string }>
}): Promise<Row[]> {
  const rows: Row[] = []
  for (const target of opts.urls) {
    const servers: Array<[string, string]> = [['sqlite', opts.sqliteUrl], ['postgres', opts.postgresUrl], ...(opts.variants ?? []).map((v) => [v.name, v.url] as [string, string])]
    const runs: Record<string, LoadResult[]> = Object.fromEntries(servers.map(([name]) => [name, []]))
    for (const [dialect, base] of servers) {
      const res = await fetch(`${base}${target.path}`, { headers: target.headers })
      await res.arrayBuffer()
      if (!res.ok) throw new Error(`${dialect} ${target.path}: ${res.status}`)
      await load({ url: `${base}${target.path}`, connections: target.connections, seconds: 2, headers: target.headers })
    }
    for (let round = 0; round < opts.rounds; round++) {
      for (const [dialect, base] of servers) {
        runs[dialect].push(await load({ url: `${base}${target.path}`, connections: target.connections, seconds: opts.seconds, headers: target.headers }))
      }
    }
    const ratios = runs.postgres.map((run, i) => run.requestsPerSecond / runs.sqlite[i].requestsPerSecond)
    const ratio = median(ratios)
    const pgRps = median(runs.postgres.map((r) => r.requestsPerSecond))
    const sqliteRps = median(runs.sqlite.map((r) => r.requestsPerSecond))
    const pgP99 = Math.max(...runs.postgres.map((r) => r.p99))
    const sqliteP99 = Math.max(...runs.sqlite.map((r) => r.p99))
    const failures = [...runs.postgres, ...runs.sqlite].reduce((n, r) => n + r.errors + r.non2xx, 0)
    rows.push({
      id: `postgres-${target.id}`,
      what: `PostgreSQL / SQLite: ${target.label} (${target.connections} conn, ${opts.rounds} × ${opts.seconds} s each)`,
      figure: `${ratio.toFixed(2)} × (PostgreSQL ${int(pgRps)} req/s, SQLite ${int(sqliteRps)}; rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}); p99 ${ms(pgP99)} (SQLite ${ms(sqliteP99)}); ${failures} errors`,
      budget: '≥ 0.9 × SQLite; p99 ≤ 50 ms; 0 errors',
      pass: ratio >= 0.9 && pgP99 <= 50 && failures === 0,
      values: { ratio, postgresRps: pgRps, sqliteRps, postgresP99: pgP99, sqliteP99, errors: failures, rounds: ratios.map((r) => r.toFixed(3)).join(',') },
    })
    for (const variant of opts.variants ?? []) {
      const own = runs[variant.name]
      const variantRatios = own.map((run, i) => run.requestsPerSecond / runs.sqlite[i].requestsPerSecond)
      rows.push({
        id: `postgres-${target.id}-${variant.name}`,
        what: `  the same, PostgreSQL with ${variant.name}`,
        figure: `${median(variantRatios).toFixed(2)} × (${int(median(own.map((r) => r.requestsPerSecond)))} req/s; rounds ${variantRatios.map((r) => r.toFixed(2)).join(', ')}); p99 ${ms(Math.max(...own.map((r) => r.p99)))}`,
        budget: '',
        pass: null,
        values: { ratio: median(variantRatios), rps: median(own.map((r) => r.requestsPerSecond)), p99: Math.max(...own.map((r) => r.p99)) },
      })
    }
  }
  return rows
}
