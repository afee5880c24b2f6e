import { BUILD_INFO_PATH, BUILD_POLL_MS, BuildWatcher, isChunkLoadError, parseBuildInfo } from './app-version.ts'

// The browser side of app-version.ts: one watcher per page, the listeners for failed chunk loads,
// and the polling of the signed-in app. Everything here runs in effects (never on the server).

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string }
    __reactRouterDataRouter?: { state: { navigation: { location?: { pathname: string; search: string; hash: string } } } }
    /** Called by React Router when a route module fails to load (see vite.config.ts). */
    __trailguideChunkFailed?: (error: unknown) => Promise<never>
  }
}

let watcher: BuildWatcher | null = null

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage
  } catch {
    return null
  }
}

/** This page's watcher: its build is React Router's manifest version, as /build.json reports it. */
function buildWatcher(): BuildWatcher {
  watcher ??= new BuildWatcher({
    currentId: window.__reactRouterManifest?.version ?? null,
    fetchId: async () => {
      const res = await fetch(BUILD_INFO_PATH, { cache: 'no-store', headers: { Accept: 'application/json' } })
      return res.ok ? parseBuildInfo(await res.json()) : null
    },
    storage: sessionStore(),
    reload: () => window.location.reload(),
  })
  return watcher
}

/** For error boundaries: a chunk that failed to load may mean a new build (reloads at most once per 10 s). */
export function reloadIfChunkError(error: unknown) {
  if (isChunkLoadError(error)) void buildWatcher().chunkFailed()
}

/**
 * Listens for failed chunk loads: Vite's preload errors (lazy components and their CSS), unhandled
 * rejected imports, and React Router's route modules. Returns the clean-up.
 */
export function installChunkReload(): () => void {
  // The import still rejects after the event: its error boundary shows when no reload happens.
  const onPreloadError = () => void buildWatcher().chunkFailed()
  const onRejection = (event: PromiseRejectionEvent) => reloadIfChunkError(event.reason)
  window.addEventListener('vite:preloadError', onPreloadError)
  window.addEventListener('unhandledrejection', onRejection)
  window.__trailguideChunkFailed = async (error) => {
    // The page being navigated to: loading it as a document brings the served build's chunks
    // (after a new build), or at least its server-rendered HTML. React Router would reload the
    // current page instead, on every failure.
    const target = window.__reactRouterDataRouter?.state.navigation.location
    const href = target ? target.pathname + target.search + target.hash : null
    const load = () => (href ? window.location.assign(href) : window.location.reload())
    if (!(await buildWatcher().chunkFailed(load))) {
      // No newer build, or a reload just happened: no automatic reload. One document load of the
      // page the user asked for (not a loop: each needs a click), else the error boundary.
      if (!href) throw error
      window.location.assign(href)
    }
    return new Promise<never>(() => undefined)
  }
  return () => {
    window.removeEventListener('vite:preloadError', onPreloadError)
    window.removeEventListener('unhandledrejection', onRejection)
    delete window.__trailguideChunkFailed
  }
}

/** Asks for the served build every 5 minutes and whenever the tab comes back. Returns the clean-up. */
export function startBuildPolling(interval = BUILD_POLL_MS): () => void {
  const check = () => void buildWatcher().check()
  const onVisible = () => {
    if (document.visibilityState === 'visible') check()
  }
  const timer = window.setInterval(check, interval)
  document.addEventListener('visibilitychange', onVisible)
  return () => {
    window.clearInterval(timer)
    document.removeEventListener('visibilitychange', onVisible)
  }
}
