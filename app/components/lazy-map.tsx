import { clsx } from 'clsx'
import { MapIcon } from 'lucide-react'
import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react'
import { useTranslation } from 'react-i18next'

// The wall around Leaflet: it touches `window` when it loads, so a map is imported only in the
// browser, after hydration. The server and the first render show a placeholder of the same size.

const noSubscription = () => () => {}

/** False on the server and while hydrating, true once the page runs in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

interface MapFrameProps {
  /** The map's accessible name. */
  label: string
  /** The frame's size (Tailwind classes): the placeholder and the map share it. */
  className?: string
}

function MapPlaceholder({ label, className }: MapFrameProps) {
  const { t } = useTranslation()
  return (
    <div
      role="region"
      aria-label={label}
      aria-busy="true"
      data-testid="map-placeholder"
      className={clsx(
        'flex flex-col items-center justify-center gap-2 rounded-xl border border-gray-200 bg-gray-100 text-sm text-gray-600 dark:border-gray-800 dark:bg-gray-800 dark:text-gray-300',
        className,
      )}
    >
      <MapIcon className="size-6" aria-hidden="true" />
      {t('map.loading')}
    </div>
  )
}

/**
 * A map component from app/map/, loaded on demand in the browser:
 * `const HeatmapMap = lazyMap(() => import('#app/map/heatmap-map.client.tsx'))`.
 */
export function lazyMap<P extends MapFrameProps>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Map = lazy(load)
  function LazyMap(props: P) {
    const hydrated = useHydrated()
    const placeholder = <MapPlaceholder label={props.label} className={props.className} />
    if (!hydrated) return placeholder
    return (
      <Suspense fallback={placeholder}>
        <Map {...props} />
      </Suspense>
    )
  }
  return LazyMap
}
