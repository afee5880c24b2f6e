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
  output: () => string
  stop(): Promise<void>
}

/**
 * Starts the production server as `npm start` does (the built `build/server/main.js`, which the
 * browser tests' global set-up builds when the sources changed) on a free port with its own data
 * folder. `copyDataFrom`: a data folder to start from (the demo the global set-up loaded once).
 */
export async function startServer(env: Record<string, string> = {}, options: { copyDataFrom?: string } = {}): Promise<RunningServer> {
  const port = await freePort()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trailguide-e2e-'))
  if (options.copyDataFrom) fs.cpSync(options.copyDataFrom, dataDir, { recursive: true })
  const url = `http://localhost:${port}`
  let output = ''
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, process.env.BUILD_DIR ?? 'build', 'server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: path.join(dataDir, 'trailguide.sqlite'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN: '1000/60',
      RATE_LIMIT_REGISTER: '1000/60',
      RATE_LIMIT_RESET: '1000/60',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))

  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`)
    try {
      const res = await fetch(`${url}/api/openapi.json`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 30 s:\n${output}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    async stop() {
      // A process killed by a signal has no exit code but its signal: it is already gone.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM')
        await new Promise((resolve) => child.once('exit', resolve))
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
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
