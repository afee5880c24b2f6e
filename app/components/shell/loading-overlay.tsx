import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigation } from 'react-router'

const SET_LOADER_EVENT = 'set-loader'

export interface SetLoaderDetail {
  status: boolean
}

declare global {
  interface WindowEventMap {
    'set-loader': CustomEvent<SetLoaderDetail>
  }
}

/** Navigations shorter than this never show the overlay, so fast pages do not flash. */
const NAVIGATION_LOADER_DELAY = 400

/**
 * Shows (true) or hides (false) the full-screen loading overlay. A window event rather than
 * React state, so any code (API client, non-React helpers) can drive it; no-op on the server.
 */
function setLoader(status: boolean): void {
  if (typeof window === 'undefined') return
  window.dispatchEvent(
    new CustomEvent<SetLoaderDetail>(SET_LOADER_EVENT, { detail: { status } }),
  )
}

/** Full-screen overlay driven by `setLoader`. Mount once, in the root layout. */
export function LoadingOverlay() {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)

  useEffect(() => {
    const onSetLoader = (event: CustomEvent<SetLoaderDetail>) => {
      setVisible(Boolean(event.detail?.status))
    }
    window.addEventListener(SET_LOADER_EVENT, onSetLoader)
    return () => window.removeEventListener(SET_LOADER_EVENT, onSetLoader)
  }, [])

  if (!visible) return null

  return (
    <div
      data-testid="loading-overlay"
      role="alert"
      aria-busy="true"
      className="fixed inset-0 z-[100] flex items-center justify-center bg-white/70 backdrop-blur-sm dark:bg-gray-950/70"
    >
      <div className="flex flex-col items-center gap-3">
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-primary-200 border-t-primary-500 motion-reduce:animate-none dark:border-primary-900 dark:border-t-primary-400"
        />
        <p className="text-sm font-medium text-gray-700 dark:text-gray-200">{t('shell.loading')}</p>
      </div>
    </div>
  )
}

/**
 * Shows the overlay while a React Router navigation (or form submission) lasts longer than
 * NAVIGATION_LOADER_DELAY, and hides it once the router is idle again. Call once, inside the
 * router (e.g. in root.tsx's App).
 */
export function useNavigationLoader(): void {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'

  useEffect(() => {
    if (!busy) return
    let shown = false
    const timer = window.setTimeout(() => {
      shown = true
      setLoader(true)
    }, NAVIGATION_LOADER_DELAY)
    return () => {
      window.clearTimeout(timer)
      // Only hide what this hook showed, so a loader set by other code is left alone.
      if (shown) setLoader(false)
    }
  }, [busy])
}
