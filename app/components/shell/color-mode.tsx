import { clsx } from 'clsx'
import { Monitor, Moon, Sun } from 'lucide-react'
import { useEffect, useId, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Colour mode (docs/spec.md §4): a preference (system, light, dark) and the effective value,
 * kept in localStorage. A page may force light or dark through `data-force-color-mode` on
 * <html>, which the server sets; forcing system is rejected with a warning.
 */
export type ColorModePreference = 'system' | 'light' | 'dark'
export type ColorModeValue = 'light' | 'dark'

const COLOR_MODE_STORAGE_KEY = 'color-mode'
const FORCE_COLOR_MODE_ATTRIBUTE = 'data-force-color-mode'
const DARK_QUERY = '(prefers-color-scheme: dark)'

/**
 * Inline script for <head>: sets the `dark`/`light` class and color-scheme on <html> before the
 * first paint, so a dark page never flashes white. Kept ES5 and self-contained on purpose.
 */
export const colorModeScript = `(function(){try{var d=document.documentElement,f=d.getAttribute(${JSON.stringify(FORCE_COLOR_MODE_ATTRIBUTE)}),p=null;try{p=localStorage.getItem(${JSON.stringify(COLOR_MODE_STORAGE_KEY)})}catch(e){}var v=(f==='light'||f==='dark')?f:(p==='light'||p==='dark')?p:(window.matchMedia&&window.matchMedia(${JSON.stringify(DARK_QUERY)}).matches)?'dark':'light';d.classList.remove(v==='dark'?'light':'dark');d.classList.add(v);d.style.colorScheme=v}catch(e){}})()`

export function isColorModePreference(value: unknown): value is ColorModePreference {
  return value === 'system' || value === 'light' || value === 'dark'
}

function isColorModeValue(value: unknown): value is ColorModeValue {
  return value === 'light' || value === 'dark'
}

/**
 * The mode a page forces (e.g. from a route handle), for `data-force-color-mode` on <html>.
 * Only light and dark can be forced; 'system' is rejected with the spec's warning.
 */
export function resolveForcedColorMode(mode: unknown): ColorModeValue | undefined {
  if (isColorModeValue(mode)) return mode
  if (mode === 'system') {
    console.warn('You cannot force the colorMode to system at the page level.')
  }
  return undefined
}

/** Puts the effective mode on <html> (class for Tailwind's dark variant, color-scheme for UA widgets). */
function applyColorMode(value: ColorModeValue): void {
  const root = document.documentElement
  root.classList.toggle('dark', value === 'dark')
  root.classList.toggle('light', value === 'light')
  root.style.colorScheme = value
}

// Preference store: one cached value shared by every hook instance, synced across tabs.
const preferenceListeners = new Set<() => void>()
let cachedPreference: ColorModePreference | undefined

function readStoredPreference(): ColorModePreference {
  try {
    const stored = window.localStorage.getItem(COLOR_MODE_STORAGE_KEY)
    return isColorModePreference(stored) ? stored : 'system'
  } catch {
    // Storage can throw (privacy modes, sandboxed frames): behave as if nothing was saved.
    return 'system'
  }
}

function getPreference(): ColorModePreference {
  cachedPreference ??= readStoredPreference()
  return cachedPreference
}

function subscribePreference(onChange: () => void): () => void {
  preferenceListeners.add(onChange)
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === COLOR_MODE_STORAGE_KEY) {
      cachedPreference = readStoredPreference()
      onChange()
    }
  }
  window.addEventListener('storage', onStorage)
  return () => {
    preferenceListeners.delete(onChange)
    window.removeEventListener('storage', onStorage)
  }
}

function setPreference(preference: ColorModePreference): void {
  if (!isColorModePreference(preference)) return
  cachedPreference = preference
  try {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, preference)
  } catch {
    // Not persisted, but still applied for this page.
  }
  for (const listener of [...preferenceListeners]) listener()
}

function subscribeSystem(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

function getSystemValue(): ColorModeValue {
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light'
}

// The forced mode lives on <html>, rendered by the root layout; watching the attribute follows
// client-side navigations between pages that force different modes.
function subscribeForced(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: [FORCE_COLOR_MODE_ATTRIBUTE],
  })
  return () => observer.disconnect()
}

function getForced(): ColorModeValue | undefined {
  const forced = document.documentElement.getAttribute(FORCE_COLOR_MODE_ATTRIBUTE)
  return isColorModeValue(forced) ? forced : undefined
}

const noopSubscribe = () => () => {}
const getServerPreference = (): ColorModePreference => 'system'
const getServerValue = (): ColorModeValue => 'light'
const getServerForced = (): ColorModeValue | undefined => undefined

export interface ColorMode {
  preference: ColorModePreference
  value: ColorModeValue
  /** The mode the current page forces, if any (the preference is then kept but not applied). */
  forced: ColorModeValue | undefined
  setPreference: (preference: ColorModePreference) => void
}

/**
 * Colour mode state; also keeps <html> in sync, so call it once in the root App even where no
 * switch is shown. The server and hydration render see 'system'/'light'; the real values
 * follow right after hydration (the head script has already painted the right colours).
 */
export function useColorMode(): ColorMode {
  const preference = useSyncExternalStore(subscribePreference, getPreference, getServerPreference)
  // The system query only matters (and is only listened to) while the preference is 'system'.
  const system = useSyncExternalStore(
    preference === 'system' ? subscribeSystem : noopSubscribe,
    getSystemValue,
    getServerValue,
  )
  const forced = useSyncExternalStore(subscribeForced, getForced, getServerForced)
  const hydrated = useSyncExternalStore(noopSubscribe, () => true, () => false)
  const value = forced ?? (preference === 'system' ? system : preference)

  useEffect(() => {
    // Before hydration completes, value is the server guess: applying it would undo the script.
    if (hydrated) applyColorMode(value)
  }, [hydrated, value])

  return { preference, value, forced, setPreference }
}

const OPTIONS = [
  { mode: 'system', Icon: Monitor },
  { mode: 'light', Icon: Sun },
  { mode: 'dark', Icon: Moon },
] as const

/** Three-way switch (system / light / dark) built on native radios: arrow keys work for free. */
export function ColorModeSwitch({ className }: { className?: string }) {
  const { t } = useTranslation()
  const { preference, forced, setPreference } = useColorMode()
  const name = useId()
  const selected = forced ?? preference

  return (
    <fieldset
      disabled={forced !== undefined}
      title={forced ? t('colorMode.forced') : undefined}
      data-testid="color-mode-switch"
      className={clsx(
        'relative inline-flex items-center gap-0.5 rounded-lg bg-gray-100 p-0.5 disabled:opacity-60 dark:bg-gray-800',
        className,
      )}
    >
      <legend className="sr-only">{t('colorMode.label')}</legend>
      {OPTIONS.map(({ mode, Icon }) => (
        <label
          key={mode}
          title={forced ? undefined : t(`colorMode.${mode}`)}
          className="flex size-8 cursor-pointer items-center justify-center rounded-md text-gray-500 hover:text-gray-900 has-[:checked]:bg-white has-[:checked]:text-primary-600 has-[:checked]:shadow-sm has-[:disabled]:cursor-not-allowed has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-500 dark:text-gray-400 dark:hover:text-white dark:has-[:checked]:bg-gray-900 dark:has-[:checked]:text-primary-400"
        >
          <input
            type="radio"
            name={name}
            value={mode}
            checked={selected === mode}
            onChange={() => setPreference(mode)}
            className="sr-only"
          />
          <Icon aria-hidden="true" className="size-4" />
          <span className="sr-only">{t(`colorMode.${mode}`)}</span>
        </label>
      ))}
    </fieldset>
  )
}
