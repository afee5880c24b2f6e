import path from 'node:path'
import { freePort, root, startProductionServer, type RunningServer } from '../tests/e2e/server.ts'

// The same repository root and free-port finder as the whole-server tests.
export { freePort, root }

export type BenchServer = RunningServer

/**
 * The production server for a benchmark: the tests' starter (tests/e2e/server.ts), on the bench's
 * data folder and database, with `npm start`'s heap bound, and per-client limits the load of one
 * client (this script) does not trip.
 */
export function startServer(opts: { dataDir: string; databaseUrl: string; env?: Record<string, string>; nodeArgs?: string[] }): Promise<BenchServer> {
  // The same heap bound as `npm start` (MAX_HEAP_MB): unbounded, V8 lets the heap grow lazily
  // towards a quarter of the machine's RAM before collecting, and RSS says nothing about live data.
  const heap = `--max-old-space-size=${process.env.MAX_HEAP_MB ?? '192'}`
  // And its young generation: Node 24 sizes it from the machine's memory (64 MB semi-spaces on
  // 24 GiB) where Node 20 took 16 MB (ADR 045).
  const youngGeneration = '--max-semi-space-size=16'
  return startProductionServer({
    dataDir: opts.dataDir,
    databaseUrl: opts.databaseUrl,
    host: '127.0.0.1',
    nodeArgs: [...(opts.nodeArgs ?? []), heap, youngGeneration],
    startTimeoutMs: 60_000,
    // Its log lines as `npm start` writes them (a line a request, LOG_LEVEL info), to a file:
    // a log collector's side, not this script's memory.
    stdoutFile: path.join(opts.dataDir, 'server.log'),
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      // One client (this script) sends everything: the per-client limits would turn the load into 429s.
      RATE_LIMIT_EVENTS: '100000000/60',
      RATE_LIMIT_LOGIN: '100000/60',
      RATE_LIMIT_UPLOADS: '100000/60',
      RATE_LIMIT_OPEN_DATA: '100000000/60',
      ...opts.env,
    },
  })
}
