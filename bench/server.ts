import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { freePort, root } from '../tests/e2e/server.ts'

// The same repository root and free-port finder as the whole-server tests.
export { freePort, root }

export interface BenchServer {
  url: string
  process: ChildProcess
  /** Milliseconds from spawning the process to its first successful answer. */
  startMs: number
  output: () => string
  /** Resident memory of the server process (Linux /proc), in bytes. */
  rss(): number
  stop(): Promise<void>
}

/**
 * Starts the production server (the same command as `npm start` without the build check) on a
 * free port, against the given data folder and database, and waits for its first good answer.
 */
export async function startServer(opts: { dataDir: string; databaseUrl: string; env?: Record<string, string>; nodeArgs?: string[] }): Promise<BenchServer> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const started = performance.now()
  // What `npm start` runs once the build is there: the starter beside the server bundle (ADR 036).
  const starter = path.join(root, process.env.BUILD_DIR ?? 'build', 'server/main.js')
  // The same heap bound as `npm start` (MAX_HEAP_MB): unbounded, V8 lets the heap grow lazily
  // towards a quarter of the machine's RAM before collecting, and RSS says nothing about live data.
  const heap = `--max-old-space-size=${process.env.MAX_HEAP_MB ?? '192'}`
  const command = [...(opts.nodeArgs ?? []), heap, '--enable-source-maps', starter]
  const child = spawn(process.execPath, command, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: url,
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl,
      LOG_LEVEL: 'warn',
      // As `npm start` sets them: glibc's allocator gives image buffers back to the system.
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '4194304',
      // One client (this script) sends everything: the per-client limits would turn the load into 429s.
      RATE_LIMIT_EVENTS: '100000000/60',
      RATE_LIMIT_LOGIN: '100000/60',
      RATE_LIMIT_UPLOADS: '100000/60',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))

  const deadline = Date.now() + 60_000
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
      throw new Error(`server did not start in 60 s:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }

  return {
    url,
    process: child,
    startMs,
    output: () => output,
    rss() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8')
      const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0)
      return kb * 1024
    },
    async stop() {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
      await exited
      clearTimeout(timer)
    },
  }
}
