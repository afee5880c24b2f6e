import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

export const root = path.resolve(import.meta.dirname, '../..')

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export interface RunningServer {
  url: string
  dataDir: string
  process: ChildProcess
  /** Milliseconds from spawning the process to its first good answer (/api/ready). */
  startMs: number
  output: () => string
  /** Resident memory of the server process (Linux /proc), in bytes. */
  rss(): number
  stop(): Promise<void>
}

export interface ServerOptions {
  /** Settings on top of the test defaults (production mode, this data folder, warnings only). */
  env?: Record<string, string>
  /** A data folder to start from, copied into a folder of the server's own (the demo the global set-up loaded once). */
  copyDataFrom?: string
  /** A data folder to use as it is, kept after stop (the bench's); a temporary one otherwise, removed on stop. */
  dataDir?: string
  /** The database (SQLite file or PostgreSQL URL); the data folder's SQLite file by default. */
  databaseUrl?: string
  /** node's own options (`npm start` gives `--max-old-space-size=192` (`MAX_HEAP_MB`) and `--max-semi-space-size=16`). */
  nodeArgs?: string[]
  /** The host of BASE_URL: `localhost` (the tests' pages) or `127.0.0.1` (the bench's load generator). */
  host?: 'localhost' | '127.0.0.1'
  /** How long the first good answer may take (default 60 s: a busy machine took more than 30). */
  startTimeoutMs?: number
  /** Where the server's stdout (its log lines) goes: this file, as a log collector would take them; kept in memory (`output()`) otherwise. */
  stdoutFile?: string
}

/**
 * Starts the production server as `npm start` does (the built `build/server/main.js`, which the
 * browser tests' global set-up and the bench build when the sources changed) on a free port,
 * and waits for its first good answer. The one starter of the whole-server tests and the bench.
 */
export async function startServer(env: Record<string, string> = {}, options: Omit<ServerOptions, 'env'> = {}): Promise<RunningServer> {
  return startProductionServer({ ...options, env })
}

export async function startProductionServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = await freePort()
  const ownDataDir = options.dataDir === undefined
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'trailguide-e2e-'))
  if (options.copyDataFrom) fs.cpSync(options.copyDataFrom, dataDir, { recursive: true })
  const url = `http://${options.host ?? 'localhost'}:${port}`
  let output = ''
  const started = performance.now()
  const stdoutFd = options.stdoutFile ? fs.openSync(options.stdoutFile, 'a') : null
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--enable-source-maps', path.join(root, process.env.BUILD_DIR ?? 'build', 'server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? path.join(dataDir, 'trailguide.sqlite'),
      LOG_LEVEL: 'warn',
      // As `npm start` sets them: glibc's allocator gives image buffers back to the system.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '4194304',
      RATE_LIMIT_LOGIN: '1000/60',
      RATE_LIMIT_REGISTER: '1000/60',
      RATE_LIMIT_RESET: '1000/60',
      ...options.env,
    },
    stdio: ['ignore', stdoutFd ?? 'pipe', 'pipe'],
  })
  // The child holds its own copy of the file.
  if (stdoutFd !== null) fs.closeSync(stdoutFd)
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))

  const timeoutMs = options.startTimeoutMs ?? 60_000
  const deadline = Date.now() + timeoutMs
  let startMs = 0
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`)
    try {
      const res = await fetch(`${url}/api/ready`)
      if (res.ok) {
        startMs = performance.now() - started
        break
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server did not start in ${timeoutMs / 1000} s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }

  return {
    url,
    dataDir,
    process: child,
    startMs,
    output: () => output,
    rss() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
      return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0) * 1024
    },
    async stop() {
      // A process killed by a signal has no exit code but its signal: it is already gone.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
        await exited
        clearTimeout(timer)
      }
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface TileServer {
  /** The TILE_URL template: http://127.0.0.1:<port>/{z}/{x}/{y}.png */
  url: string
  stop(): Promise<void>
}

/**
 * Map tiles for the browser tests, so no test reaches the internet: every /{z}/{x}/{y}.png
 * answers the same light grey square with a thin border (the tiles show in screenshots).
 */
export async function startTileServer(): Promise<TileServer> {
  const { default: sharp } = await import('sharp')
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#eceef1"/><rect x="0.5" y="0.5" width="255" height="255" fill="none" stroke="#c3c9d1"/></svg>'
  const tile = await sharp(Buffer.from(svg)).png().toBuffer()
  const server = http.createServer((req, res) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.writeHead(404).end()
      return
    }
    // CORS as OpenStreetMap's and most tile servers answer: a walk saved for offline reads tiles with fetch.
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': tile.length, 'Cache-Control': 'max-age=3600', 'Access-Control-Allow-Origin': '*' })
    res.end(tile)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
