import { clsx } from 'clsx'
import { Route as RouteIcon, Sparkles } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useRevalidator } from 'react-router'
import { lazyMap } from '#app/components/lazy-map.tsx'
import { addToast } from '#app/components/shell/toast-store.ts'
import { ErrorBanner } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { LengthHint } from '#app/components/ui/length-hint.tsx'
import { useLocale, useLocalePath } from '#app/i18n/use-locale.ts'
import type { RouteDraftMapProps } from '#app/map/route-draft-map.client.tsx'
import { draftTextLimits, TARGET_MINUTES_MAX, TARGET_MINUTES_MIN, type CreatedRouteView, type DraftedRouteView } from '#app/modules/ai/ai.schema.ts'
import { linePaths } from '#app/modules/geo/geojson.schema.ts'
import { defaultRouteColor, routeColors } from '#app/modules/walks/walks.schema.ts'
import { apiErrorMessage, apiRequest } from '#app/client/api-client.ts'
import { formatDuration, formatRouteDistance } from '#app/utils/format-walk.ts'
import { cardClass, fieldClass, Spinner, type AiScreenData } from './ai-screen.tsx'
import { textColorOn } from '#app/utils/contrast.ts'
import { SectionHeading } from '#app/components/ui/section-heading.tsx'

const RouteDraftMap = lazyMap<RouteDraftMapProps>(() => import('#app/map/route-draft-map.client.tsx'))

/** A new route gets the default colour: the draft is drawn in it. */
const DRAFT_COLOR = routeColors[defaultRouteColor]
const DEFAULT_MINUTES = 60

/** Part 1: a route drafted from a start place and a walking time, shown on a map, then created. */
export function DraftRouteSection({ data }: { data: AiScreenData }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const localePath = useLocalePath()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const headingId = useId()
  const [startId, setStartId] = useState(() => String(data.places[0]?.id ?? ''))
  const [minutes, setMinutes] = useState(String(DEFAULT_MINUTES))
  const [draft, setDraft] = useState<DraftedRouteView | null>(null)
  const [name, setName] = useState('')
  const [busy, setBusy] = useState<'draft' | 'create' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [created, setCreated] = useState<(CreatedRouteView & { name: string }) | null>(null)

  const onDraft = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy('draft')
    setError(null)
    setCreated(null)
    try {
      const body = { place_category_id: data.selected.id, start_place_id: Number(startId), target_minutes: Number(minutes) }
      setDraft(await apiRequest('/ai/draft-route', { method: 'POST', body }))
    } catch (failure) {
      setError(apiErrorMessage(failure, t('assistant.errors.network')))
    } finally {
      setBusy(null)
    }
  }

  const onCreate = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!draft) return
    setBusy('create')
    setError(null)
    try {
      const body = { place_category_id: data.selected.id, name: name.trim(), place_ids: draft.places.map((p) => p.id), distance: draft.distance, duration: draft.duration }
      const route = await apiRequest('/ai/create-route', { method: 'POST', body })
      const mapPath = localePath(`/map?route=${encodeURIComponent(route.uuid)}`)
      setCreated({ ...route, name: name.trim() })
      setDraft(null)
      setName('')
      addToast({
        title: t('assistant.route.created', { name: name.trim() }),
        timeout: 10_000,
        leadsTo: mapPath,
        actions: [{ label: t('assistant.route.openMap'), onClick: () => void navigate(mapPath) }],
      })
      // The new route belongs in the texts part's list.
      void revalidator.revalidate()
    } catch (failure) {
      setError(apiErrorMessage(failure, t('assistant.errors.network')))
    } finally {
      setBusy(null)
    }
  }

  const numbered = useMemo(() => draft?.places.map((p) => ({ id: p.id, name: p.name, lat: p.lat, lng: p.lng, number: p.placeSortId })) ?? [], [draft])
  const paths = useMemo(() => (draft ? linePaths(draft.features_collection).map((path) => path.map((p) => [p.lat, p.lng] as [number, number])) : []), [draft])

  return (
    <section aria-labelledby={headingId} className={cardClass} data-testid="ai-route">
      <SectionHeading id={headingId} icon={RouteIcon} accent title={t('assistant.route.title')} hint={t('assistant.route.intro')} />

      {data.places.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-300" data-testid="ai-no-places">
          {t('assistant.route.noPlaces')}
        </p>
      ) : (
        <form onSubmit={onDraft} className="flex flex-wrap items-end gap-3">
          <Field label={t('assistant.route.start')} className="w-full min-w-0 sm:w-72">
            {(id) => (
              <select id={id} value={startId} onChange={(e) => setStartId(e.target.value)} required className={fieldClass}>
                {data.places.map((place) => (
                  <option key={place.id} value={place.id}>
                    {place.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{t('assistant.route.minutes')}</span>
            <input
              type="number"
              inputMode="numeric"
              min={TARGET_MINUTES_MIN}
              max={TARGET_MINUTES_MAX}
              step={1}
              required
              value={minutes}
              onChange={(e) => setMinutes(e.target.value)}
              className={clsx(fieldClass, 'w-32')}
            />
          </label>
          <Button type="submit" disabled={busy !== null}>
            {busy === 'draft' ? <Spinner /> : <Sparkles className="size-4" aria-hidden="true" />}
            {t('assistant.route.draft')}
          </Button>
        </form>
      )}

      <ErrorBanner message={error} testId="ai-route-error" />

      {created ? (
        <p role="status" className="rounded-lg bg-primary-50 px-3 py-2 text-sm text-primary-800 dark:bg-primary-950 dark:text-primary-200" data-testid="ai-route-created">
          {t('assistant.route.created', { name: created.name })}{' '}
          <Link to={localePath(`/map?route=${encodeURIComponent(created.uuid)}`)} className="font-medium underline">
            {t('assistant.route.openMap')}
          </Link>
        </p>
      ) : null}

      {draft ? (
        <div className="flex flex-col gap-4" data-testid="ai-draft">
          <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
            <div>
              <dt className="text-gray-600 dark:text-gray-300">{t('assistant.route.distance')}</dt>
              <dd className="text-lg font-semibold tabular-nums" data-testid="ai-draft-distance">
                {formatRouteDistance(draft.distance, locale)}
              </dd>
            </div>
            <div>
              <dt className="text-gray-600 dark:text-gray-300">{t('assistant.route.duration')}</dt>
              <dd className="text-lg font-semibold tabular-nums" data-testid="ai-draft-duration">
                {formatDuration(draft.duration)}
              </dd>
            </div>
            <div>
              <dt className="text-gray-600 dark:text-gray-300">{t('assistant.route.stops')}</dt>
              <dd className="text-lg font-semibold tabular-nums">{draft.places.length}</dd>
            </div>
          </dl>
          <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_16rem]">
            <RouteDraftMap
              {...data.tiles}
              label={t('assistant.route.mapLabel')}
              places={numbered}
              paths={paths}
              color={DRAFT_COLOR}
              className="h-[50vh] min-h-72 w-full"
            />
            {/* Focusable: a long draft scrolls by keyboard too (WCAG 2.1.1). */}
            <ol tabIndex={0} className="flex max-h-[50vh] flex-col gap-1 overflow-y-auto text-sm focus-visible:outline-2 focus-visible:outline-primary-600" aria-label={t('assistant.route.order')} data-testid="ai-draft-places">
              {draft.places.map((place) => (
                <li key={`${place.id}-${place.placeSortId}`} className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold"
                    style={{ background: DRAFT_COLOR, color: textColorOn(DRAFT_COLOR) }}
                  >
                    {place.placeSortId}
                  </span>
                  <span className="sr-only">{place.placeSortId}. </span>
                  {place.name}
                </li>
              ))}
            </ol>
          </div>
          <form onSubmit={onCreate} className="flex flex-wrap items-end gap-3">
            <label className="flex w-full min-w-0 flex-col gap-1 text-sm sm:w-80">
              <span className="font-medium">{t('assistant.route.name')}</span>
              <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={draftTextLimits.name} className={fieldClass} />
              <LengthHint length={name.length} max={draftTextLimits.name} />
            </label>
            <Button type="submit" disabled={busy !== null}>
              {busy === 'create' ? <Spinner /> : null}
              {t('assistant.route.create')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setDraft(null)} disabled={busy !== null}>
              {t('assistant.discard')}
            </Button>
          </form>
        </div>
      ) : null}
    </section>
  )
}
