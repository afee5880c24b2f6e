import { clsx } from 'clsx'
import { Eye, Heart, ListOrdered, MapPin, MapPinPlus, QrCode, Search, X } from 'lucide-react'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator, useSearchParams } from 'react-router'
import { lazyMap } from '#app/components/lazy-map.tsx'
import { PageTitle } from '#app/components/page-title.tsx'
import { addToast } from '#app/components/shell/toast-store.ts'
import { apiRequest } from '#app/client/api-client.ts'
import { SaveBar } from '#app/components/ui/save-bar.tsx'
import { TabList, TabPanel } from '#app/components/ui/tabs.tsx'
import { hasCoordinates } from '#app/modules/geo/geo.ts'
import type { Addressing } from '#app/modules/addresses/route-address.ts'
import type { PlaceSummary } from '#app/modules/places/places.schema.ts'
import type { QrCodeView } from '#app/modules/qr-codes/qr-codes.schema.ts'
import type { RouteSummaryView, RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { routeWarnings } from '#app/modules/walks/route-plausibility.ts'
import { defaultRouteColor, routeColors, type RouteColor } from '#app/modules/walks/walks.schema.ts'
import type { MapFocus, RouteEditorMapHandle } from '#app/map/route-editor-map.client.tsx'
import { ImportDialog } from '#app/components/import/import-dialog.tsx'
import { KeptWorkOffer } from '#app/components/unsaved-changes/unsaved-changes-modal.tsx'
import { useUnsavedChangesGuard } from '#app/components/unsaved-changes/use-unsaved-changes-guard.tsx'
import { CategoryMenu } from './category-menu.tsx'
import { ContentLanguagesModal } from './modals/content-languages-modal.tsx'
import { PlaceTextsModal } from './modals/place-texts-modal.tsx'
import { CategoryTree, type TreeCategory } from './category-tree.tsx'
import { NO_CATEGORY } from '#app/modules/categories/categories.schema.ts'
import type { EditorCategory, LatLng } from './contracts.ts'
import { DirectionsSummary } from './directions-summary.tsx'
import { GeocodeSearch } from './geocode-search.tsx'
import { pathLines, walkableStops, type EditorState, type PlaceRef } from './editor-state.ts'
import { NewPlaceDialog } from './new-place-dialog.tsx'
import { PlaceSearch } from './place-search.tsx'
import { QrPanel } from './qr-panel/qr-panel.tsx'
import { RouteStops } from './route-stops.tsx'
import { RouteToolbar } from './route-toolbar.tsx'
import { RouteWarnings } from './route-warnings.tsx'
import { useRouteEditing } from './use-route-editing.ts'
import { Button } from '#app/components/ui/button.tsx'

const RouteEditorMap = lazyMap(() => import('#app/map/route-editor-map.client.tsx'))

export interface MapEditorData {
  categories: TreeCategory[]
  tiles: { tileUrl: string; attribution: string }
  category: EditorCategory | null
  places: PlaceSummary[]
  routes: RouteSummaryView[]
  qrCodes: QrCodeView[]
  stats: { year: number; views: number; likes: number } | null
  route: RouteView | null
  routeMissing: boolean
  addressing: Addressing
  /** Where to open the map when the category has no located place yet (may be empty). */
  likelyArea: LatLng[]
  /** Whether "Find a town or address" is offered (GEOCODER is not off). */
  geocoding: boolean
  /** REVISIONS_DAYS (ADR 111). */
  revisionsDays: number
}

type Panel = 'stops' | 'places' | 'qr'

/** A found address (no area) is shown at a street's zoom. */
const PICKED_ADDRESS_ZOOM = 15

const hexOf = (color: string) => routeColors[color as RouteColor] ?? routeColors[defaultRouteColor]

/**
 * The map editor (/map): a category's places on a map, its routes, and the open route's stops,
 * path and settings; a QR code panel. Unsaved changes are guarded on every way out.
 */
export function MapEditorScreen({ data }: { data: MapEditorData }) {
  const { t, i18n } = useTranslation()
  const [params, setParams] = useSearchParams()
  const revalidator = useRevalidator()
  const { categories, category, places, routes, qrCodes, stats, tiles } = data
  const revalidate = useCallback(() => void revalidator.revalidate(), [revalidator])
  const editing = useRouteEditing(data.route, revalidate)
  const { route, state, dispatch, dirty } = editing

  const [panel, setPanel] = useState<Panel>(() => (params.get('panel') === 'qr' ? 'qr' : 'stops'))
  const [focus, setFocus] = useState<MapFocus | null>(null)
  const [picking, setPicking] = useState(false)
  const [picked, setPicked] = useState<LatLng | null>(null)
  const [importing, setImporting] = useState(false)
  const [choosingLanguages, setChoosingLanguages] = useState(false)
  const [textsOf, setTextsOf] = useState<{ id: number; name: string } | null>(null)
  const mapHandle = useRef<RouteEditorMapHandle | null>(null)
  const onMapReady = useCallback((handle: RouteEditorMapHandle | null) => {
    mapHandle.current = handle
  }, [])

  // "Failed to fetch route by uuid": the asked route is gone (deleted meanwhile, a stale link).
  useEffect(() => {
    if (data.routeMissing) addToast({ title: t('mapEditor.fetchFailed') })
  }, [data.routeMissing, t])

  // ---- leaving with unsaved changes: every way out asks; a session that ends keeps the work ----
  const guard = useUnsavedChangesGuard<EditorState>({
    dirty,
    name: route?.name ?? route?.slug ?? '',
    saving: editing.saving,
    save: () => editing.save({ revalidate: false }),
    discard: editing.discard,
    keep: state ? { screen: 'map', routeUuid: state.uuid, state, restore: editing.restore } : undefined,
  })

  const go = (next: Record<string, string>) => setParams(new URLSearchParams(next))
  const selectCategory = (id: number) => go({ category: id === category?.id ? NO_CATEGORY : String(id) })
  const openRoute = (uuid: string) => category && go({ category: String(category.id), route: uuid })

  // ---- what the map and the lists show ----
  const located = useMemo<PlaceRef[]>(() => places.filter(hasCoordinates).map(({ id, name, lat, lng }) => ({ id, name, lat, lng })), [places])
  const stops = useMemo(() => state?.stops ?? [], [state])
  const inRoute = useMemo(() => {
    const counts = new Map<number, number>()
    for (const s of stops) if (s.id !== null) counts.set(s.id, (counts.get(s.id) ?? 0) + 1)
    return counts
  }, [stops])
  const numbered = useMemo(
    () => stops.flatMap((s, i) => (s.id !== null && s.lat !== null && s.lng !== null ? [{ id: s.id, name: s.name, lat: s.lat, lng: s.lng, number: i + 1 }] : [])),
    [stops],
  )
  const others = useMemo(() => located.filter((p) => !inRoute.has(p.id)) as (PlaceRef & LatLng)[], [located, inRoute])
  const paths = useMemo(() => pathLines(state?.features_collection ?? null), [state?.features_collection])
  const color = hexOf(route?.color ?? defaultRouteColor)
  const canCompute = walkableStops(stops).length >= 2
  const hasFreshPath = state !== null && state.features_collection !== null && !editing.stale
  const warnings = useMemo(
    () => routeWarnings({ stops: numbered, path: hasFreshPath && state ? { distance: state.distance, duration: state.duration } : null }),
    [numbered, hasFreshPath, state],
  )

  // The map frames the route (else the category) when either changes, not on every edit.
  // After an import, the whole category (the new places may lie anywhere).
  const [imports, setImports] = useState(0)
  // The places as they were when an import finished: the map refits once the reloaded ones arrive.
  const [awaiting, setAwaiting] = useState<PlaceSummary[] | null>(null)
  if (awaiting && awaiting !== places) {
    setAwaiting(null)
    setImports((n) => n + 1)
  }
  const frameKey = `${category?.id ?? ''}:${state?.uuid ?? ''}:${imports}`
  const [frame, setFrame] = useState<{ key: string; points: LatLng[] }>({ key: '', points: [] })
  if (frame.key !== frameKey) {
    const imported = frame.key !== '' && frame.key.replace(/:\d+$/, '') === frameKey.replace(/:\d+$/, '')
    const framed = numbered.length > 0 && !imported ? numbered : located.map(({ lat, lng }) => ({ lat: lat!, lng: lng! }))
    setFrame({ key: frameKey, points: framed.length > 0 ? framed : data.likelyArea })
  }

  const addPlace = useCallback((place: PlaceRef) => dispatch({ type: 'add', place }), [dispatch])
  const addById = useCallback(
    (id: number) => {
      const place = located.find((p) => p.id === id)
      if (place) addPlace(place)
    },
    [located, addPlace],
  )
  const mapSection = useRef<HTMLElement>(null)
  const showPlace = (position: LatLng) => {
    setFocus({ ...position, seq: Date.now() })
    // On a phone the map is above the lists: bring it into view.
    mapSection.current?.scrollIntoView({ block: 'nearest' })
  }

  if (categories.length === 0) {
    return (
      <>
        <PageTitle title={t('nav.map')} />
        <h1 className="mb-4 text-2xl font-semibold">{t('nav.map')}</h1>
        <p className="rounded-xl border border-dashed border-gray-300 p-6 text-gray-600 dark:border-gray-700 dark:text-gray-300" data-testid="map-empty">
          {t('categories.none')}
        </p>
      </>
    )
  }

  const statsRow = stats ? (
    <dl className="flex flex-wrap items-center gap-1.5 text-xs" data-testid="category-stats">
      <Stat icon={<Eye className="size-3.5" aria-hidden />} label={t('mapEditor.statsViews', { year: stats.year })} value={stats.views} locale={i18n.language} />
      <Stat icon={<Heart className="size-3.5" aria-hidden />} label={t('mapEditor.statsLikes', { year: stats.year })} value={stats.likes} locale={i18n.language} />
      <Stat icon={<MapPin className="size-3.5" aria-hidden />} label={t('mapEditor.statsPlaces')} value={places.length} locale={i18n.language} />
    </dl>
  ) : null

  const tabs: { id: Panel; label: string; icon: React.ReactNode; count?: number }[] = [
    { id: 'stops', label: t('mapEditor.tabs.stops'), icon: <ListOrdered className="size-4" aria-hidden />, count: stops.length },
    { id: 'places', label: t('mapEditor.tabs.places'), icon: <Search className="size-4" aria-hidden /> },
    { id: 'qr', label: t('mapEditor.tabs.qr'), icon: <QrCode className="size-4" aria-hidden />, count: qrCodes.length },
  ]

  return (
    <>
      <PageTitle title={t('nav.map')} />
      {/* One column on a phone that never grows past the screen (a long German label used to widen it). */}
      <div className="-m-4 grid grid-cols-[minmax(0,1fr)] gap-0 sm:-m-6 lg:h-[calc(100dvh-3.6rem)] lg:grid-cols-[24rem_minmax(0,1fr)] lg:grid-rows-[auto_minmax(0,1fr)]">
        {/* Header: title, categories, statistics, route toolbar. */}
        <section className="flex flex-col gap-3 border-b border-gray-200 bg-white p-4 lg:col-start-1 lg:row-start-1 lg:border-r dark:border-gray-800 dark:bg-gray-900">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h1 className="text-xl font-semibold">{t('nav.map')}</h1>
            <div className="flex flex-wrap items-center gap-2">
              {statsRow}
              {category ? <CategoryMenu category={category} onImport={() => setImporting(true)} onLanguages={() => setChoosingLanguages(true)} /> : null}
            </div>
          </div>
          <CategoryTree categories={categories} selectedId={category?.id ?? null} onSelect={selectCategory} />
          <KeptWorkOffer kept={guard.kept} />
          {category ? (
            <RouteToolbar
              category={category}
              routes={routes}
              route={route}
              isDirty={dirty}
              addressing={data.addressing}
              onSelectRoute={openRoute}
              onRouteCreated={(created) => openRoute(created.uuid)}
              onRouteDeleted={(uuid, trashId) => {
                // The route is gone: its unsaved edits cannot be saved any more.
                guard.allowNextNavigation()
                // Say where the editor lands: the next route of the list (as the loader would open it), or none.
                const deleted = routes.find((r) => r.uuid === uuid)
                const next = routes.find((r) => r.uuid !== uuid)
                const name = deleted?.name ?? deleted?.slug ?? route?.name ?? ''
                // "Deleted — Undo" for 10 s: the route is in the trash (ADR 110) and comes back whole.
                addToast({
                  title: t('trash.undoDeleted'),
                  description: next ? t('editorSafety.deleted.nowOpen', { name, next: next.name ?? next.slug }) : t('editorSafety.deleted.noneLeft', { name }),
                  timeout: 10_000,
                  actions: [
                    {
                      label: t('trash.undo'),
                      onClick: () =>
                        void apiRequest(`/trash/${trashId}/restore`, { method: 'POST' })
                          .then(() => go({ category: String(category.id), route: uuid }))
                          .catch(() => addToast({ title: t('trash.undoFailed') })),
                    },
                  ],
                })
                go(next ? { category: String(category.id), route: next.uuid } : { category: String(category.id) })
              }}
              revisionsDays={data.revisionsDays}
              onRouteRestored={editing.replace}
              onRouteUpdated={(updated) => {
                editing.setRoute(updated)
                revalidate()
              }}
            />
          ) : null}
        </section>

        {/* The map. */}
        <section ref={mapSection} className="relative h-[46dvh] min-h-72 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:h-auto">
          {category ? (
            <>
              <RouteEditorMap
                {...tiles}
                label={t('mapEditor.mapLabel', { name: category.name })}
                className="size-full !rounded-none !border-0"
                places={others}
                stops={numbered}
                paths={paths}
                color={color}
                isPathVisible={state?.isPathVisible ?? true}
                isSpacePlacesVisible={state?.isSpacePlacesVisible ?? true}
                fitTo={frame.points}
                focus={focus}
                canAdd={state !== null}
                picking={picking}
                onAdd={addById}
                onPick={(position) => {
                  setPicking(false)
                  setPicked(position)
                }}
                onReady={onMapReady}
              />
              <MapControls
                state={state}
                search={
                  data.geocoding ? (
                    // A town: its whole area; an address: the street's zoom.
                    <GeocodeSearch onPick={(found) => setFocus({ lat: found.lat, lng: found.lng, bbox: found.bbox, zoom: PICKED_ADDRESS_ZOOM, seq: Date.now() })} />
                  ) : null
                }
                picking={picking}
                onPicking={setPicking}
                onPathVisible={(value) => dispatch({ type: 'setPathVisible', value })}
                onSpacePlacesVisible={(value) => dispatch({ type: 'setSpacePlacesVisible', value })}
              />
            </>
          ) : (
            <div className="flex size-full items-center justify-center bg-gray-100 p-6 dark:bg-gray-800">
              <p className="max-w-sm text-center text-gray-600 dark:text-gray-300" data-testid="no-category">
                {t('mapEditor.chooseCategory')}
              </p>
            </div>
          )}
        </section>

        {/* The panel: stops, places, QR codes; directions and save at the bottom. */}
        {category ? (
          <section className="flex min-h-0 flex-col bg-white lg:col-start-1 lg:row-start-2 lg:border-r lg:border-gray-200 dark:bg-gray-900 lg:dark:border-gray-800">
            <TabList
              label={t('mapEditor.tabs.label')}
              idPrefix=""
              value={panel}
              onChange={setPanel}
              items={tabs.map((tab) => ({
                id: tab.id,
                label: (
                  <>
                    {/* The panel is ~24rem wide on a phone and beside the map: icons only between the two. */}
                    <span className="hidden sm:inline lg:hidden">{tab.icon}</span>
                    <span className="whitespace-nowrap">{tab.label}</span>
                    {tab.count !== undefined && tab.count > 0 ? (
                      <span className="rounded-full bg-gray-100 px-1.5 text-xs tabular-nums text-gray-700 dark:bg-gray-800 dark:text-gray-300">{tab.count}</span>
                    ) : null}
                  </>
                ),
              }))}
              className="px-2"
              // min-w-0: three tabs share the panel's width in every language (tests/e2e/map-editor.test.ts).
              tabClassName="flex min-w-0 flex-1 items-center justify-center gap-1.5 px-1 py-2.5 sm:px-2"
            />
            <TabPanel idPrefix="" value={panel} className="min-h-48 flex-1 overflow-y-auto p-4">
              {panel === 'qr' ? (
                <QrPanel
                  category={category}
                  qrCodes={qrCodes}
                  places={places}
                  getMapCenter={() => mapHandle.current?.getCenter() ?? null}
                  onChanged={revalidate}
                  onFocus={showPlace}
                />
              ) : !state ? (
                <p className="rounded-xl border border-dashed border-gray-300 p-4 text-sm text-gray-600 dark:border-gray-700 dark:text-gray-300" data-testid="no-routes">
                  {t('mapEditor.noRoutes')}
                </p>
              ) : panel === 'stops' ? (
                <RouteStops
                  stops={stops}
                  places={located}
                  color={color}
                  onMove={(from, to) => dispatch({ type: 'move', from, to })}
                  onRemove={(key) => dispatch({ type: 'remove', key })}
                  onFill={(key, place) => dispatch({ type: 'fill', key, place })}
                  onAddSlot={() => dispatch({ type: 'addSlot' })}
                  onTexts={setTextsOf}
                />
              ) : (
                <PlaceSearch places={located} inRoute={inRoute} canAdd onAdd={addPlace} onShow={(p) => showPlace({ lat: p.lat!, lng: p.lng! })} />
              )}
            </TabPanel>
            {state ? (
              // On a phone right under the map (save within reach); under the lists on a desktop.
              // Marked so toasts never cover the distance and the save status (app/components/shell/toaster.tsx).
              // The QR codes are the category's, not the route's: on a laptop their list takes this room
              // (two plaques and more at 1366 × 850, not one and a half) unless the route has changes to save.
              <div
                data-toast-avoid
                data-testid="route-footer"
                className={clsx(
                  'order-first flex flex-col gap-3 border-b border-gray-200 p-4 lg:order-none lg:border-t lg:border-b-0 dark:border-gray-800',
                  panel === 'qr' && !dirty && 'lg:hidden',
                )}
              >
                <fieldset className="flex flex-col gap-1.5 text-sm lg:hidden">
                  <Toggle checked={state.isPathVisible} onChange={(value) => dispatch({ type: 'setPathVisible', value })} label={t('mapEditor.pathVisible')} />
                  <Toggle
                    checked={state.isSpacePlacesVisible}
                    onChange={(value) => dispatch({ type: 'setSpacePlacesVisible', value })}
                    label={t('mapEditor.spacePlacesVisible')}
                  />
                </fieldset>
                <DirectionsSummary
                  distance={state.distance}
                  duration={state.duration}
                  hasPath={state.features_collection !== null}
                  canCompute={canCompute}
                  computing={editing.computing}
                  stale={editing.stale}
                  onCompute={() => void editing.computePath()}
                />
                <RouteWarnings warnings={warnings} />
                <SaveBar
                  dirty={dirty}
                  saving={editing.saving}
                  disabled={editing.computing}
                  onSave={() => void editing.save()}
                  placement="inline"
                  // Not "all saved" while work kept from an ended session waits to be restored or dismissed.
                  labels={{ save: t('mapEditor.save'), unsaved: t('mapEditor.unsaved'), saved: guard.kept ? undefined : t('mapEditor.allSaved') }}
                  testId="route-save"
                  statusTestId="save-state"
                />
              </div>
            ) : null}
          </section>
        ) : null}
      </div>

      {category ? (
        <NewPlaceDialog
          at={picked}
          categoryId={category.id}
          canAdd={state !== null}
          onClose={() => setPicked(null)}
          onCreated={(place, add) => {
            setPicked(null)
            if (add && hasCoordinates(place)) addPlace({ id: place.id, name: place.name, lat: place.lat, lng: place.lng })
            revalidate()
          }}
        />
      ) : null}

      {category && textsOf ? (
        <PlaceTextsModal open onOpenChange={(open) => !open && setTextsOf(null)} place={textsOf} languages={category.contentLocales} />
      ) : null}

      {category && choosingLanguages ? (
        <ContentLanguagesModal open={choosingLanguages} onOpenChange={setChoosingLanguages} category={category} onSaved={revalidate} />
      ) : null}

      {category ? <ImportDialog
          open={importing}
          onOpenChange={setImporting}
          category={category}
          tiles={tiles}
          onImported={() => {
            setAwaiting(places)
            revalidate()
          }}
        /> : null}

      {guard.modal}
    </>
  )
}

/** A figure with its icon; the label is read out and shown on hover (the row stays short). */
function Stat({ icon, label, value, locale }: { icon: React.ReactNode; label: string; value: number; locale: string }) {
  return (
    <div title={label} className="flex items-center gap-1 rounded-full bg-gray-100 px-2 py-0.5 text-gray-700 dark:bg-gray-800 dark:text-gray-300">
      {icon}
      <dt className="sr-only">{label}</dt>
      <dd className="font-semibold tabular-nums">{new Intl.NumberFormat(locale).format(value)}</dd>
    </div>
  )
}

interface MapControlsProps {
  state: { isPathVisible: boolean; isSpacePlacesVisible: boolean } | null
  /** The address search, when offered: top left, beside the zoom buttons. */
  search: React.ReactNode
  picking: boolean
  onPicking(value: boolean): void
  onPathVisible(value: boolean): void
  onSpacePlacesVisible(value: boolean): void
}

/** Over the map: the route's visibility toggles and "new place" (then click on the map). */
function MapControls({ state, search, picking, onPicking, onPathVisible, onSpacePlacesVisible }: MapControlsProps) {
  const { t } = useTranslation()
  return (
    <div className="pointer-events-none absolute inset-x-2 top-2 z-[5] flex flex-wrap items-start justify-end gap-2">
      {picking ? (
        <div className="pointer-events-auto mr-auto flex items-center gap-2 rounded-xl bg-gray-900/90 py-1.5 pr-1.5 pl-3 text-sm text-white shadow-lg" role="status" data-testid="pick-hint">
          {t('mapEditor.pickHint')}
          {/* Raw, not the kit's: white on the hint's dark ground, a look no kit button has (eslint.config.js allow-list). */}
          <button type="button" onClick={() => onPicking(false)} aria-label={t('mapEditor.cancelPick')} className="rounded-lg p-1 hover:bg-white/15">
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ) : search ? (
        // ml-10: clear of Leaflet's zoom buttons; narrow maps put it on its own row.
        <div className="mr-auto ml-10 min-w-0 max-w-sm flex-1 basis-52">{search}</div>
      ) : null}
      {state ? (
        // On a phone the toggles sit under the map: the map stays clear.
        <fieldset className="pointer-events-auto hidden flex-col gap-1 rounded-xl bg-white/95 px-3 py-2 text-sm shadow-md ring-1 ring-gray-900/5 lg:flex dark:bg-gray-900/95 dark:ring-white/10">
          <Toggle checked={state.isPathVisible} onChange={onPathVisible} label={t('mapEditor.pathVisible')} testId="toggle-path" />
          <Toggle checked={state.isSpacePlacesVisible} onChange={onSpacePlacesVisible} label={t('mapEditor.spacePlacesVisible')} testId="toggle-space-places" />
        </fieldset>
      ) : null}
      <Button type="button" variant={picking ? 'primary' : 'secondary'} className="pointer-events-auto shadow-md" aria-pressed={picking} onClick={() => onPicking(!picking)} data-testid="new-place">
        <MapPinPlus className="size-4" aria-hidden />
        {t('mapEditor.newPlace')}
      </Button>
    </div>
  )
}

function Toggle({ checked, onChange, label, testId }: { checked: boolean; onChange(value: boolean): void; label: string; testId?: string }) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3">
      <span>{label}</span>
      <input type="checkbox" role="switch" checked={checked} onChange={(e) => onChange(e.target.checked)} data-testid={testId} className="peer sr-only" />
      <span
        aria-hidden
        className="relative h-5 w-9 shrink-0 rounded-full bg-gray-300 transition-colors peer-checked:bg-primary-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-600 after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-4 dark:bg-gray-700"
      />
    </label>
  )
}
