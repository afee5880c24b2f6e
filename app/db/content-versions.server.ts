import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely'
import type pg from 'pg'

/**
 * The content versions (migration 2026-11-21T1200-page-cache: one counter per category, raised
 * by triggers in the same transaction as every write a public page or list shows) kept in the
 * process's memory, so a kept page or answer costs no database round trip (ADR 071). A version
 * read from the database stays valid until something says it may have changed:
 *
 * - **a write of this process**: the handle's driver watches every statement (`watchWrites`);
 *   when a transaction (or a statement outside one) that wrote anything but the visitors' own
 *   counters commits, every known version is forgotten, so the next request reads it again;
 * - **a write of another process**: on PostgreSQL a trigger sends `NOTIFY content_versions`
 *   with the category and its new version at commit (migration 2026-11-28T1200), which this
 *   process LISTENs to (`listenForVersions`, started by the server); on SQLite (one process
 *   serves, but a script may write) the connection's `data_version`, a counter in shared memory
 *   raised by every other connection's commit, is compared before a version is answered
 *   (a function call of about a microsecond, no query);
 * - **the channel down** (the LISTEN connection lost, not yet back): every version is forgotten
 *   every `staleMs`, so a change of another process shows within that bound.
 */

/** Tables written per visit (events, their roll-ups, limits, salts): writing them changes no content version. */
const VISITOR_TABLES = new Set(['events', 'stat_days', 'stat_months', 'stat_salts', 'stat_qr_days', 'qr_scan_totals', 'rate_limits', 'auth_tokens', 'visitor_reports', 'monthly_report_sends'])

/** The PostgreSQL channel the trigger of migration 2026-11-28T1200 notifies. */
export const CONTENT_VERSIONS_CHANNEL = 'content_versions'

export interface VersionSource {
  /** The versions of these categories as stored now (0 for a category without a row). */
  read(categoryIds: number[]): Promise<Map<number, number>>
}

export class ContentVersionBoard {
  private readonly known = new Map<number, number>()
  // Raised at every invalidation: a read that started before it must not be kept after it.
  private generation = 0
  /** Raised at every change seen (a write of this process, a notification): what is kept beside the versions compares it. */
  get changes(): number {
    this.check?.()
    return this.generation
  }
  private readonly pending = new Map<number, Promise<number>>()
  private source: VersionSource | null = null
  private stopWatch: (() => void) | null = null
  private check: (() => void) | null = null
  /** Reads made (for tests and the bench's figures). */
  reads = 0

  /**
   * Where versions are read from (set once the handle exists), and a check run before a version
   * is answered from memory (SQLite: another connection committed?).
   */
  attach(source: VersionSource, check?: () => void) {
    this.source = source
    this.check = check ?? null
  }

  /** The current version of a category: from memory, or read (one query shared by concurrent callers). */
  version(categoryId: number): number | Promise<number> {
    this.check?.()
    const known = this.known.get(categoryId)
    if (known !== undefined) return known
    let reading = this.pending.get(categoryId)
    if (!reading) {
      const generation = this.generation
      this.reads++
      reading = this.source!.read([categoryId]).then(
        (rows) => {
          const version = rows.get(categoryId) ?? 0
          if (this.generation === generation) this.known.set(categoryId, version)
          this.pending.delete(categoryId)
          return version
        },
        (error: unknown) => {
          this.pending.delete(categoryId)
          throw error
        },
      )
      this.pending.set(categoryId, reading)
    }
    return reading
  }

  /** Several categories' versions at once (each from memory or read). */
  async versions(categoryIds: number[]): Promise<number[]> {
    return Promise.all(categoryIds.map((id) => this.version(id)))
  }

  /** Something may have changed: every version is read again at its next use. */
  invalidate() {
    this.generation++
    this.known.clear()
    this.pending.clear()
  }

  /** A category's new version, as another process committed it (PostgreSQL's notification). */
  changed(categoryId: number, version: number) {
    this.generation++
    this.pending.delete(categoryId)
    const known = this.known.get(categoryId)
    // Notifications of one category arrive in commit order; an older one never lowers it.
    if (known === undefined || version > known) this.known.set(categoryId, version)
  }

  /** Follows other processes' writes (see the class comment) until `close`. */
  watch(stop: () => void) {
    this.stopWatch?.()
    this.stopWatch = stop
  }

  close() {
    this.stopWatch?.()
    this.stopWatch = null
  }
}

/**
 * PostgreSQL: LISTEN on a connection of its own. While it is down (not yet connected, lost), the
 * board forgets every version each `staleMs` and the connection is tried again; once it is
 * (back) up, every version is forgotten once more (notifications may have been missed).
 */
export function listenForVersions(board: ContentVersionBoard, connect: () => pg.Client, options: { staleMs: number; onError?: (error: unknown) => void }) {
  let client: pg.Client | null = null
  let stopped = false
  let up = false
  const poll = setInterval(() => {
    if (!up) board.invalidate()
  }, options.staleMs)
  poll.unref()
  let retry: NodeJS.Timeout | null = null
  const open = async () => {
    if (stopped) return
    const next = connect()
    client = next
    next.on('notification', (message) => {
      const [category, version] = (message.payload ?? '').split(':').map(Number)
      if (Number.isInteger(category) && Number.isInteger(version)) board.changed(category, version)
      else board.invalidate()
    })
    const lost = (error?: unknown) => {
      if (client !== next) return
      if (error) options.onError?.(error)
      up = false
      client = null
      board.invalidate()
      next.end().catch(() => undefined)
      if (!stopped) {
        retry = setTimeout(() => void open(), options.staleMs)
        retry.unref()
      }
    }
    next.on('error', lost)
    next.on('end', () => lost())
    try {
      await next.connect()
      await next.query(`LISTEN ${CONTENT_VERSIONS_CHANNEL}`)
      if (client !== next) return
      up = true
      board.invalidate()
    } catch (error) {
      lost(error)
    }
  }
  void open()
  board.watch(() => {
    stopped = true
    clearInterval(poll)
    if (retry) clearTimeout(retry)
    const last = client
    client = null
    void last?.end().catch(() => undefined)
  })
}

/** SQLite: another connection's commit (a script, another process) changes `data_version`. */
export function dataVersionCheck(board: ContentVersionBoard, dataVersion: () => number): () => void {
  let last = dataVersion()
  // One look per turn of the event loop: under load a turn answers dozens of requests, and the
  // statement costs more than the microsecond it was thought to (issue 28's profile: 4 % of a
  // kept page). Another process's commit is then seen at the next turn, milliseconds later.
  let lookedThisTurn = false
  const nextTurn = () => {
    lookedThisTurn = false
  }
  return () => {
    if (lookedThisTurn) return
    lookedThisTurn = true
    setImmediate(nextTurn)
    const now = dataVersion()
    if (now !== last) {
      last = now
      board.invalidate()
    }
  }
}

const WRITE = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|replace|merge|create|drop|alter|truncate)\b/i
const TABLE_OF = /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|update(?:\s+or\s+\w+)?|delete\s+from|replace\s+into|merge\s+into)\s+("?)([\w.]+)\1/i

/** Whether a statement may change content: a write of anything but the visitors' own tables. */
function writesContent(sql: string): boolean {
  if (!WRITE.test(sql)) return false
  const table = TABLE_OF.exec(sql)?.[2]?.split('.').pop()?.toLowerCase()
  return table === undefined || !VISITOR_TABLES.has(table)
}

/**
 * The dialect with its driver watched: after every commit of a transaction that wrote content
 * (and after such a statement run outside a transaction), `onCommit` runs. After, not before:
 * a version read then sees the write, on SQLite as on PostgreSQL.
 */
export function watchWrites(dialect: Dialect, onCommit: () => void): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: () => watchedDriver(dialect.createDriver(), onCommit),
  }
}

interface Watch {
  inTransaction: boolean
  wrote: boolean
}

function watchedDriver(driver: Driver, onCommit: () => void): Driver {
  const watches = new WeakMap<DatabaseConnection, Watch>()
  const watchOf = (connection: DatabaseConnection) => watches.get(connection)!
  const wrap = (connection: DatabaseConnection): DatabaseConnection => {
    const watched: DatabaseConnection = {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        const result = await connection.executeQuery<R>(query)
        const watch = watchOf(watched)
        if (writesContent(query.sql)) {
          if (watch.inTransaction) watch.wrote = true
          else onCommit()
        }
        return result
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
    }
    watches.set(watched, { inTransaction: false, wrote: false })
    return watched
  }
  const wrapped = new WeakMap<DatabaseConnection, DatabaseConnection>()
  const inner = new WeakMap<DatabaseConnection, DatabaseConnection>()
  const outer = (connection: DatabaseConnection) => {
    let w = wrapped.get(connection)
    if (!w) {
      w = wrap(connection)
      wrapped.set(connection, w)
      inner.set(w, connection)
    }
    return w
  }
  const end = (connection: DatabaseConnection, committed: boolean) => {
    const watch = watchOf(connection)
    const wrote = watch.wrote
    watch.inTransaction = false
    watch.wrote = false
    if (committed && wrote) onCommit()
  }
  const watchedDriver: Driver = {
    init: () => driver.init(),
    acquireConnection: async () => outer(await driver.acquireConnection()),
    async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
      await driver.beginTransaction(connection, settings)
      watchOf(connection).inTransaction = true
    },
    async commitTransaction(connection: DatabaseConnection) {
      try {
        await driver.commitTransaction(connection)
      } finally {
        // A failed commit may still have committed (the answer lost): forgetting is always safe.
        end(connection, true)
      }
    },
    async rollbackTransaction(connection: DatabaseConnection) {
      try {
        await driver.rollbackTransaction(connection)
      } finally {
        end(connection, false)
      }
    },
    releaseConnection: (connection: DatabaseConnection) => driver.releaseConnection(inner.get(connection) ?? connection),
    destroy: () => driver.destroy(),
  }
  // Savepoints (nested transactions) pass through; the outer commit decides.
  for (const name of ['savepoint', 'rollbackToSavepoint', 'releaseSavepoint'] as const) {
    const method = driver[name]
    if (method) (watchedDriver as unknown as Record<string, unknown>)[name] = method.bind(driver)
  }
  return watchedDriver
}
