import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type BetterSqlite3 from 'better-sqlite3'

// SQLite in WAL mode copies the log back into the database file (a checkpoint) in the connection
// that commits, once a commit leaves more than `wal_autocheckpoint` pages (1,000) in the log:
// synchronously, on the event loop. An import's commit (10,000 places and their texts, ~2,000
// pages) then held the loop 25–50 ms in the copy and its two fsyncs alone, after its last insert
// (ADR 055). The server's handle has its checkpoints made by a thread of their own instead, on a
// connection of its own: PASSIVE ones, which never wait for readers or writers and which neither
// wait for. The main connection keeps a far threshold as a backstop (a thread that died, a
// single transaction of over 40 MB): the log stays bounded whatever happens.

/** Pages the main connection lets the log reach before it checkpoints itself (4 KB each): the backstop. */
export const BACKSTOP_PAGES = 10_000

/** A catch-all checkpoint this often, for the writes not announced (visitors' events, counters). */
const EVERY_MS = 5_000

// CommonJS, run with `eval`: nothing for the build to emit, the driver required by its resolved path.
const source = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.file, { fileMustExist: true })
const flag = new Int32Array(workerData.closed)
const checkpoint = (asked) => {
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)')
    parentPort.postMessage({ checkpointed: result.checkpointed, log: result.log, asked })
  } catch (error) {
    parentPort.postMessage({ error: String(error), asked })
  }
}
const timer = setInterval(() => checkpoint(false), workerData.everyMs)
parentPort.on('message', (message) => {
  if (message === 'close') {
    clearInterval(timer)
    db.close()
    Atomics.store(flag, 0, 1)
    Atomics.notify(flag, 0)
    parentPort.close()
    return
  }
  checkpoint(true)
})
`

export interface WalCheckpoints {
  /** A commit wrote: checkpoint soon (coalesced with a request not yet served). */
  soon(): void
  /** Checkpoints made with something in the log, and the last one's figures (tests). */
  readonly made: { count: number; last: { checkpointed: number; log: number } | null }
  /** Ends the thread and its connection, before the main connection closes (which then removes the log, as before). */
  close(): void
}

/**
 * Checkpoints of `sqlite`'s file (`file`) made in a worker thread; the main connection's own
 * threshold raised to the backstop, back to SQLite's default if the thread fails.
 */
export function checkpointInWorker(sqlite: BetterSqlite3.Database, file: string, driver: string, options: { everyMs?: number } = {}): WalCheckpoints {
  const closed = new SharedArrayBuffer(4)
  const worker = new Worker(source, { eval: true, workerData: { file, driver: createRequire(import.meta.url).resolve(driver), closed, everyMs: options.everyMs ?? EVERY_MS } })
  worker.unref()
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`)
  let alive = true
  // One request at a time; a commit during it asks for another once it is answered (it may not include that commit).
  let asked = false
  let again = false
  const made: WalCheckpoints['made'] = { count: 0, last: null }
  const fallBack = () => {
    if (!alive) return
    alive = false
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000')
  }
  worker.on('message', (message: { checkpointed?: number; log?: number; error?: string; asked?: boolean }) => {
    if (message.asked) {
      asked = false
      if (again) {
        again = false
        asked = true
        worker.postMessage('soon')
      }
    }
    if (message.log) {
      made.count++
      made.last = { checkpointed: message.checkpointed!, log: message.log }
    }
  })
  worker.on('error', fallBack)
  worker.on('exit', fallBack)
  return {
    made,
    soon() {
      if (!alive) return
      if (asked) {
        again = true
        return
      }
      asked = true
      worker.postMessage('soon')
    },
    close() {
      if (!alive) return
      alive = false
      worker.postMessage('close')
      // At most a checkpoint's length: the thread closes its connection first, so the main one is the last.
      Atomics.wait(new Int32Array(closed), 0, 0, 2_000)
    },
  }
}
