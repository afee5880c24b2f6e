import { Download, TriangleAlert } from 'lucide-react'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { lazyMap } from '#app/components/lazy-map.tsx'
import { closestDistance, distancesFrom } from '#app/components/public-map/distances.ts'
import { PlaceDetail, PlaceList, SheetSummary } from '#app/components/public-map/place-sheet.tsx'
import type { MapPagePlace } from '#app/components/public-map/types.ts'
import { useWatchPosition } from '#app/components/public-map/use-watch-position.ts'
import type { MapFocus, PublicRouteMapProps } from '#app/map/public-route-map.client.tsx'
import { addressingOf, routeAddress } from '#app/modules/addresses/route-address.ts'
import { PublicPlaces } from '#app/modules/places/public-places.server.ts'
import { linePaths } from '#app/modules/walks/geojson.schema.ts'
import { routeColors, type RouteColor } from '#app/modules/walks/walks.schema.ts'
import type { Route } from './+types/map'
import { findPublicRoute } from './route-address.server.ts'

const PublicRouteMap = lazyMap<PublicRouteMapProps>(() => import('#app/map/public-route-map.client.tsx'))

type Tuple = [number, number]

/** The drawn path when there is one, else straight legs between the stops; nothing when hidden. */
function walkedPaths(route: { isPathVisible: boolean; features_collection: Parameters<typeof linePaths>[0] | null; places: { lat: number; lng: number }[] }): Tuple[][] {
  if (!route.isPathVisible) return []
  const drawn = route.features_collection ? linePaths(route.features_collection).filter((p) => p.length >= 2) : []
  const paths = drawn.length > 0 ? drawn : [route.places]
  return paths.map((path) => path.map((p): Tuple => [p.lat, p.lng]))
}

/** The route map page (/m/{category}/{slug}, or /m/{slug} on the category's host; ADR 011). */
export async function loader(args: Route.LoaderArgs) {
  const { context, request } = args
  const { services } = context
  const { route, ref, locale } = await findPublicRoute(args, 'map')
  const secrets = await new PublicPlaces(services.db).secretsByPlace(route.places.map((p) => p.id))
  const places: MapPagePlace[] = route.places.map((p) => ({ id: p.id, number: p.placeSortId, name: p.name, lat: p.lat, lng: p.lng, secrets: secrets[p.id] ?? [] }))
  const search = new URL(request.url).searchParams
  const asked = Number(search.get('place'))
  return {
    // ?embed=1: the share-map iframe on another site (the only page that may be framed): no download button.
    embed: search.get('embed') === '1',
    route: {
      uuid: route.uuid,
      slug: route.slug,
      name: route.name ?? route.slug,
      subtitle: route.subtitle,
      isDraft: route.status !== 'published',
      isIndexed: route.isIndexed,
      color: routeColors[route.color as RouteColor] ?? routeColors['bg-orange'],
      paths: walkedPaths(route),
    },
    places,
    focusId: places.some((p) => p.id === asked) ? asked : null,
    tiles: { tileUrl: services.config.TILE_URL, attribution: services.config.TILE_ATTRIBUTION },
    canonicalUrl: routeAddress(addressingOf(services.config), 'map', ref, { locale }).url,
  }
}

export function meta({ data: loaded }: Route.MetaArgs) {
  if (!loaded) return []
  return [
    { title: `${loaded.route.name} · Trailguide` },
    { tagName: 'link', rel: 'canonical', href: loaded.canonicalUrl },
    ...(loaded.route.subtitle ? [{ name: 'description', content: loaded.route.subtitle }] : []),
    ...(loaded.route.isIndexed && !loaded.route.isDraft ? [] : [{ name: 'robots', content: 'noindex' }]),
  ]
}

export default function RouteMapPage({ loaderData }: Route.ComponentProps) {
  const { route, places, focusId, tiles, embed } = loaderData
  const { t } = useTranslation()
  const [selectedId, setSelectedId] = useState<number | null>(focusId)
  const [expanded, setExpanded] = useState(false)
  const [position, locate] = useWatchPosition()
  const initialFocus = places.find((p) => p.id === focusId)
  const [focus, setFocus] = useState<MapFocus | null>(initialFocus ? { lat: initialFocus.lat, lng: initialFocus.lng, seq: 0 } : null)
  const numbered = useMemo(() => places.map((p) => ({ id: p.id, name: p.name, lat: p.lat, lng: p.lng, number: p.number })), [places])
  const distances = useMemo(() => distancesFrom(position.position, places), [position.position, places])
  const selected = places.find((p) => p.id === selectedId) ?? null

  const centre = useCallback((place: MapPagePlace) => setFocus((f) => ({ lat: place.lat, lng: place.lng, seq: (f?.seq ?? 0) + 1 })), [])
  const open = useCallback((id: number) => setSelectedId(id), [])
  const openFromList = (place: MapPagePlace) => {
    setSelectedId(place.id)
    centre(place)
  }

  return (
    <div className="fixed inset-0 flex flex-col bg-white lg:flex-row-reverse dark:bg-gray-950">
      <div className="relative min-h-0 flex-1">
        <PublicRouteMap
          {...tiles}
          label={t('publicMap.mapLabel', { name: route.name })}
          className="absolute inset-0 rounded-none! border-0!"
          places={numbered}
          color={route.color}
          paths={route.paths}
          position={position.position}
          focus={focus}
          selectedId={selectedId}
          onSelect={open}
        />
      </div>
      <aside className="z-10 flex max-h-[60dvh] flex-col rounded-t-2xl bg-white shadow-[0_-4px_16px_rgb(0_0_0/0.15)] lg:max-h-none lg:w-96 lg:rounded-none lg:border-r lg:border-gray-200 lg:shadow-none dark:bg-gray-900 dark:lg:border-gray-800">
        <header className="border-b border-gray-200 px-4 pt-3 pb-2 dark:border-gray-800">
          {route.isDraft && (
            <p role="status" data-testid="draft-banner" className="mb-2 flex items-center gap-2 rounded-lg bg-amber-100 px-3 py-1.5 text-sm font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
              <TriangleAlert className="size-4" aria-hidden="true" />
              {t('publicMap.draft')}
            </p>
          )}
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="truncate text-lg font-semibold">{route.name}</h1>
              {route.subtitle && <p className="truncate text-sm text-gray-600 dark:text-gray-300">{route.subtitle}</p>}
            </div>
            {!embed && (
              <a
                href={`/api/routes/${route.uuid}/gpx`}
                download={`${route.slug}.gpx`}
                className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-lg border border-gray-300 px-3 text-sm font-medium hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-gray-700 dark:hover:bg-gray-800"
              >
                <Download className="size-4" aria-hidden="true" />
                {t('publicMap.gpx')}
              </a>
            )}
          </div>
        </header>
        <div className="min-h-0 flex-1 space-y-3 overflow-y-auto overscroll-contain px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))]">
          {selected ? (
            <PlaceDetail place={selected} distance={distances.get(selected.id)} onBack={() => setSelectedId(null)} onCentre={() => centre(selected)} />
          ) : (
            <>
              <SheetSummary
                closest={closestDistance(distances)}
                position={position}
                onLocate={locate}
                expanded={expanded}
                onToggle={() => setExpanded((e) => !e)}
                count={places.length}
              />
              <PlaceList places={places} color={route.color} distances={distances} expanded={expanded} onOpen={(id) => openFromList(places.find((p) => p.id === id)!)} />
            </>
          )}
        </div>
      </aside>
    </div>
  )
}
