import { clsx } from 'clsx'
import { Loader2, Route as RouteIcon, Sparkles } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useRevalidator } from 'react-router'
import { CategoryPicker } from '#app/components/category-picker.tsx'
import { lazyMap } from '#app/components/lazy-map.tsx'
import { ScreenHeader } from '#app/components/screen-header.tsx'
import { addToast } from '#app/components/shell/toast-store.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { LengthHint } from '#app/components/ui/length-hint.tsx'
import { localeFromParam, localeNames } from '#app/i18n/config.ts'
import { useLocale, useLocalePath } from '#app/i18n/use-locale.ts'
import type { RouteDraftMapProps } from '#app/map/route-draft-map.client.tsx'
import {
  draftLanguages,
  draftTextLimits,
  TARGET_MINUTES_MAX,
  TARGET_MINUTES_MIN,
  type CreatedRouteView,
  type DraftedRouteView,
  type DraftedTexts,
  type DraftedTranslations,
  type DraftLanguage,
} from '#app/modules/ai/ai.schema.ts'
import { requireUser } from '#app/modules/auth/guards.ts'
import { selectedCategory } from '#app/modules/categories/selected-category.server.ts'
import { hasCoordinates } from '#app/modules/geo/geo.ts'
import { linePaths } from '#app/modules/walks/geojson.schema.ts'
import { defaultRouteColor, routeColors } from '#app/modules/walks/walks.schema.ts'
import { apiErrorMessage, apiRequest, ApiError } from '#app/utils/api-client.ts'
import { formatDuration, formatRouteDistance } from '#app/utils/format-walk.ts'
import type { Route } from './+types/ai'

const RouteDraftMap = lazyMap<RouteDraftMapProps>(() => import('#app/map/route-draft-map.client.tsx'))

/** A new route gets the default colour: the draft is drawn in it. */
const DRAFT_COLOR = routeColors[defaultRouteColor]
const DEFAULT_MINUTES = 60

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args)
  const { services } = args.context
  const { categories, selected } = await selectedCategory(services, user, new URL(args.request.url))
  const tiles = { tileUrl: services.config.TILE_URL, attribution: services.config.TILE_ATTRIBUTION }
  const status = services.ai.status()
  if (!selected) return { categories, selected: null, places: [], routes: [], status, tiles }
  const locale = localeFromParam(args.params.lang)
  const [places, routes] = await Promise.all([services.places.listForCategory(user, selected.id), services.walks.listForCategory(user, selected.id, locale)])
  return {
    categories,
    selected,
    // Only a placed place can start a walk.
    places: places
      .filter(hasCoordinates)
      .map((p) => ({ id: p.id, name: p.name }))
      .sort((a, b) => a.name.localeCompare(b.name, locale)),
    routes: routes.map((r) => ({ uuid: r.uuid, name: r.name ?? r.slug, draft: r.status === 'draft' })),
    status,
    tiles,
  }
}

type LoaderData = Route.ComponentProps['loaderData']
type Loaded = LoaderData & { selected: NonNullable<LoaderData['selected']> }

export default function AiScreen({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { categories, selected } = loaderData
  return (
    <>
      <ScreenHeader title={t('nav.ai')} description={t('screens.ai')} />
      {!selected ? (
        <p className="rounded-xl border border-dashed border-gray-300 p-6 text-gray-600 dark:border-gray-700 dark:text-gray-300">{t('categories.none')}</p>
      ) : (
        <div className="flex flex-col gap-6">
          <CategoryPicker categories={categories} selectedId={selected.id} />
          {/* Keyed by category: a draft of one category never shows under another. */}
          <DraftRouteSection key={`route-${selected.id}`} data={{ ...loaderData, selected }} />
          <DraftTextsSection key={`texts-${selected.id}`} data={{ ...loaderData, selected }} />
        </div>
      )}
    </>
  )
}

const cardClass = 'flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-800 dark:bg-gray-900'
const fieldClass =
  'min-h-11 rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 focus:border-primary-500 focus:ring-2 focus:ring-primary-500/30 focus:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100'

function ErrorNote({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null
  return (
    <p role="alert" data-testid={testId} className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-300">
      {message}
    </p>
  )
}



const Spinner = () => <Loader2 className="size-4 animate-spin" aria-hidden="true" />

// ---- Part 1: draft a route

function DraftRouteSection({ data }: { data: Loaded }) {
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
      <div>
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <RouteIcon className="size-5 text-primary-600 dark:text-primary-400" aria-hidden="true" />
          {t('assistant.route.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{t('assistant.route.intro')}</p>
      </div>

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

      <ErrorNote message={error} testId="ai-route-error" />

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
            <ol className="flex max-h-[50vh] flex-col gap-1 overflow-y-auto text-sm" aria-label={t('assistant.route.order')} data-testid="ai-draft-places">
              {draft.places.map((place) => (
                <li key={`${place.id}-${place.placeSortId}`} className="flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white"
                    style={{ background: DRAFT_COLOR }}
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

// ---- Part 2: draft landing texts

function DraftTextsSection({ data }: { data: Loaded }) {
  const { t } = useTranslation()
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className={cardClass} data-testid="ai-texts">
      <div>
        <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
          <Sparkles className="size-5 text-primary-600 dark:text-primary-400" aria-hidden="true" />
          {t('assistant.texts.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{t('assistant.texts.intro')}</p>
      </div>
      {data.status.text_enabled ? <TextsDrafter data={data} /> : <TextsNotConfigured />}
    </section>
  )
}

const aiSettings = ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'] as const

function TextsNotConfigured() {
  const { t } = useTranslation()
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="ai-texts-disabled">
      <h3 className="font-semibold">{t('assistant.texts.off.title')}</h3>
      <p className="mt-1">{t('assistant.texts.off.text')}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        {aiSettings.map((setting) => (
          <div key={setting} className="contents">
            <dt>
              <code className="rounded bg-white/70 px-1.5 py-0.5 font-mono text-xs dark:bg-black/30">{setting}</code>
            </dt>
            <dd className="mb-1 sm:mb-0">{t(`assistant.texts.off.${setting}`)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3">{t('assistant.texts.off.restart')}</p>
    </div>
  )
}

const providerMessage: Record<number, string> = {
  502: 'assistant.texts.errors.badAnswer',
  503: 'assistant.texts.errors.notConfigured',
  504: 'assistant.texts.errors.timeout',
}

function TextsDrafter({ data }: { data: Loaded }) {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  const [routeUuid, setRouteUuid] = useState(() => data.routes[0]?.uuid ?? '')
  const [draft, setDraft] = useState<{ uuid: string; translations: DraftedTranslations } | null>(null)
  const [busy, setBusy] = useState<'draft' | 'apply' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const routeName = (uuid: string) => data.routes.find((r) => r.uuid === uuid)?.name ?? ''

  const onDraft = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy('draft')
    setError(null)
    try {
      const answer = await apiRequest('/ai/draft-texts', { method: 'POST', body: { route_uuid: routeUuid } })
      setDraft({ uuid: routeUuid, translations: answer.translations })
    } catch (failure) {
      // A provider failure changes nothing: an earlier draft stays as it was.
      const key = failure instanceof ApiError ? providerMessage[failure.status] : undefined
      setError(key ? t(key) : apiErrorMessage(failure, t('assistant.errors.network')))
    } finally {
      setBusy(null)
    }
  }

  const onApply = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!draft) return
    setBusy('apply')
    setError(null)
    try {
      await apiRequest('/routes/update', { method: 'PUT', body: { uuid: draft.uuid, translations: draft.translations } })
      addToast({ title: t('assistant.texts.applied', { name: routeName(draft.uuid) }) })
      setDraft(null)
      void revalidator.revalidate()
    } catch (failure) {
      setError(apiErrorMessage(failure, t('assistant.errors.network')))
    } finally {
      setBusy(null)
    }
  }

  if (data.routes.length === 0) {
    return <p className="text-sm text-gray-600 dark:text-gray-300">{t('assistant.texts.noRoutes')}</p>
  }

  return (
    <>
      <form onSubmit={onDraft} className="flex flex-wrap items-end gap-3">
        <Field label={t('assistant.texts.route')} className="w-full min-w-0 sm:w-80">
          {(id) => (
            <select id={id} value={routeUuid} onChange={(e) => setRouteUuid(e.target.value)} required className={fieldClass}>
              {data.routes.map((route) => (
                <option key={route.uuid} value={route.uuid}>
                  {route.draft ? t('assistant.texts.draftRoute', { name: route.name }) : route.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button type="submit" disabled={busy !== null}>
          {busy === 'draft' ? <Spinner /> : <Sparkles className="size-4" aria-hidden="true" />}
          {t('assistant.texts.draft')}
        </Button>
      </form>
      {busy === 'draft' ? (
        <p role="status" className="text-sm text-gray-600 dark:text-gray-300">
          {t('assistant.texts.drafting')}
        </p>
      ) : null}
      <ErrorNote message={error} testId="ai-texts-error" />
      {draft ? (
        <form onSubmit={onApply} className="flex flex-col gap-4" data-testid="ai-texts-draft">
          <p className="text-sm text-gray-600 dark:text-gray-300">{t('assistant.texts.review', { name: routeName(draft.uuid) })}</p>
          <TranslationsEditor value={draft.translations} onChange={(translations) => setDraft({ ...draft, translations })} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy !== null}>
              {busy === 'apply' ? <Spinner /> : null}
              {t('assistant.texts.apply')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setDraft(null)} disabled={busy !== null}>
              {t('assistant.discard')}
            </Button>
          </div>
        </form>
      ) : null}
    </>
  )
}

const textFields = ['name', 'subtitle', 'description', 'content_title', 'content_text'] as const satisfies readonly (keyof DraftedTexts)[]
const longFields = new Set<keyof DraftedTexts>(['description', 'content_text'])

/** The four languages side by side; on a phone, one at a time behind tabs. */
function TranslationsEditor({ value, onChange }: { value: DraftedTranslations; onChange: (next: DraftedTranslations) => void }) {
  const { t } = useTranslation()
  const baseId = useId()
  const [tab, setTab] = useState<DraftLanguage>('fr')
  const set = (language: DraftLanguage, field: keyof DraftedTexts, text: string) => onChange({ ...value, [language]: { ...value[language], [field]: text } })

  return (
    <div>
      <div role="tablist" aria-label={t('assistant.texts.languages')} className="mb-3 flex gap-1 overflow-x-auto md:hidden">
        {draftLanguages.map((language) => (
          <button
            key={language}
            type="button"
            role="tab"
            id={`${baseId}-tab-${language}`}
            aria-selected={tab === language}
            aria-controls={`${baseId}-${language}`}
            onClick={() => setTab(language)}
            className={clsx(
              'rounded-lg px-3 py-1.5 text-sm font-medium',
              tab === language ? 'bg-primary-700 text-white' : 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-200',
            )}
          >
            {localeNames[language]}
          </button>
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-4">
        {draftLanguages.map((language) => (
          <fieldset
            key={language}
            id={`${baseId}-${language}`}
            data-testid={`ai-texts-${language}`}
            className={clsx('flex min-w-0 flex-col gap-3 rounded-lg border border-gray-200 p-3 dark:border-gray-800', tab === language ? 'flex' : 'hidden md:flex')}
          >
            <legend className="px-1 text-sm font-semibold">{localeNames[language]}</legend>
            {textFields.map((field) => {
              const common = {
                value: value[language][field],
                onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(language, field, e.target.value),
                maxLength: draftTextLimits[field],
                required: field === 'name',
                lang: language,
                className: clsx(fieldClass, 'w-full text-sm'),
              }
              return (
                <label key={field} className="flex flex-col gap-1 text-sm">
                  <span className="font-medium">{t(`assistant.texts.fields.${field}`)}</span>
                  {longFields.has(field) ? <textarea rows={field === 'content_text' ? 6 : 3} {...common} /> : <input {...common} />}
                  <LengthHint length={value[language][field].length} max={draftTextLimits[field]} />
                </label>
              )
            })}
          </fieldset>
        ))}
      </div>
    </div>
  )
}
