// Build metadata polling and the reload after a failed code-chunk load (docs/spec.md §7, §8): a browser
// that still runs an old build fails to fetch that build's chunks once a new build is deployed;
// one reload brings the new build. Reloads are rationed (once per 10 s) so a chunk that keeps
// failing can never put the page into a reload loop. Pure logic here; the browser glue is in
// version-watch.ts.

/** The address of the served build's metadata: `{ "id": "<build id>" }`, never cached. */
export const BUILD_INFO_PATH = '/build.json'
/** How often the signed-in app asks for the served build id ("not shown" in the spec). */
export const BUILD_POLL_MS = 5 * 60_000
/** At most one automatic reload per this many milliseconds. */
const RELOAD_INTERVAL_MS = 10_000
export const RELOAD_STORAGE_KEY = 'trailguide:chunk-reload-at'

/** The error a browser gives for a script or stylesheet chunk that could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if (error.name === 'ChunkLoadError') return true
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i.test(
    error.message,
  )
}

/** The build id of a /build.json answer, or null for anything else. */
export function parseBuildInfo(body: unknown): string | null {
  const id = (body as { id?: unknown } | null)?.id
  return typeof id === 'string' && id.length > 0 ? id : null
}

type Store = Pick<Storage, 'getItem' | 'setItem'>

/**
 * Claims the one reload of the current 10-second window: true (and the time is remembered in
 * session storage, which survives the reload) when the previous automatic reload is older.
 */
export function claimReload(storage: Store | null, now: number, interval = RELOAD_INTERVAL_MS): boolean {
  let last = Number.NaN
  try {
    last = Number(storage?.getItem(RELOAD_STORAGE_KEY))
  } catch {
    // Storage may be disabled: then no reload at all, rather than an unbounded loop.
    return false
  }
  if (Number.isFinite(last) && last > 0 && now - last < interval && now >= last) return false
  try {
    storage?.setItem(RELOAD_STORAGE_KEY, String(now))
  } catch {
    return false
  }
  return storage !== null
}

export interface BuildWatcherOptions {
  /** The build this page runs. */
  currentId: string | null
  /** Fetches the served build id (null when it cannot tell). */
  fetchId: () => Promise<string | null>
  storage: Store | null
  reload: () => void
  now?: () => number
}

/** Tracks whether a newer build is served and decides what a failed chunk load leads to. */
export class BuildWatcher {
  #newerId: string | null = null
  #checking: Promise<string | null> | null = null

  constructor(private readonly options: BuildWatcherOptions) {}

  /** The newer build id seen by the last check, if any. */
  get newerBuild(): string | null {
    return this.#newerId
  }

  /** Asks the server for its build id (one request at a time) and remembers a newer one. */
  check(): Promise<string | null> {
    this.#checking ??= this.options
      .fetchId()
      .catch(() => null)
      .then((id) => {
        if (id && this.options.currentId && id !== this.options.currentId) this.#newerId = id
        return this.#newerId
      })
      .finally(() => {
        this.#checking = null
      })
    return this.#checking
  }

  /**
   * A code chunk failed to load. When a newer build is served (known from polling, or asked now)
   * the page reloads (or `reload` loads another document), at most once per 10 s; returns whether
   * it did. Otherwise the failure is the network's and the caller shows its error.
   */
  async chunkFailed(reload: () => void = this.options.reload): Promise<boolean> {
    const newer = this.#newerId ?? (await this.check())
    if (!newer) return false
    if (!claimReload(this.options.storage, (this.options.now ?? Date.now)())) return false
    reload()
    return true
  }
}
