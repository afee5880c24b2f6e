import { ArrowLeft, ChevronLeft, Clock, Crosshair, Download, Flag, Footprints, HardDriveDownload, LocateFixed, MapPin, TriangleAlert, Volume2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { AccessibilityBlock, EntranceNote } from '#app/components/public/accessibility-facts.tsx'
import { VisitorReportForm } from '#app/components/reports/visitor-report-form.tsx'
import { useNonce } from '#app/components/shell/nonce.tsx'
import type { TrailData, TrailMessages } from '#app/visitor/trail-data.ts'
import { textColorOn } from '#app/utils/contrast.ts'
import { formatDuration, formatRouteDistance } from '#app/utils/format-walk.ts'
import type { TrailPlace, TrailView } from './trail-view.ts'
import { RouteNotice } from '#app/components/public/route-notice.tsx'
import type { Messages } from '#app/i18n/keys.ts'

// The route map page's HTML (issue 13): everything a visitor reads is here before any script
// runs (name, figures, the numbered places with their secrets, the nearest-place block); the
// buttons are GET forms (?place=), so it works without JavaScript too. The page's script
// (app/visitor/trail-page.client.ts) finds its elements by their data-* attributes.

const button =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-4 text-base font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700'
const primary = `${button} bg-primary-700 text-white hover:bg-primary-800`
const secondary = `${button} border border-gray-300 bg-white text-gray-900 hover:bg-gray-50`

function useMessages(view: TrailView): TrailMessages {
  const { t } = useTranslation()
  const o = (key: keyof Messages['publicMap']['offline']) => t(`publicMap.offline.${key}`)
  return {
    notAvailable: t('publicMap.notAvailable'),
    stop: t('publicMap.stop', { number: '{{number}}' }),
    zoomIn: t('publicMap.zoomIn'),
    zoomOut: t('publicMap.zoomOut'),
    showPlaces: t('publicMap.showPlaces', { count: view.places.length }),
    hidePlaces: t('publicMap.hidePlaces'),
    listen: t('publicMap.listen'),
    stopListening: t('publicMap.stopListening'),
    arrived: t('publicMap.arrived', { number: '{{number}}', name: '{{name}}' }),
    positionWaiting: t('publicMap.position.waiting'),
    positionShow: t('publicMap.position.show'),
    positionDenied: t('publicMap.position.denied'),
    positionUnavailable: t('publicMap.position.unavailable'),
    offline: {
      save: o('save'),
      estimating: o('estimating'),
      estimate: t('publicMap.offline.estimate', { size: '{{size}}', zooms: '{{zooms}}', tiles: '{{tiles}}', files: '{{files}}' }),
      estimateNoTiles: t('publicMap.offline.estimateNoTiles', { size: '{{size}}', files: '{{files}}' }),
      overBudget: t('publicMap.offline.overBudget', { budget: '{{budget}}' }),
      download: o('download'),
      cancel: o('cancel'),
      progress: t('publicMap.offline.progress', { done: '{{done}}', total: '{{total}}' }),
      saved: o('saved'),
      updated: o('updated'),
      failed: o('failed'),
      tilesRefused: o('tilesRefused'),
      remove: o('remove'),
      savedList: o('savedList'),
      size: t('publicMap.offline.size', { size: '{{size}}' }),
    },
  }
}

export function TrailPage({ view }: { view: TrailView }) {
  const { t } = useTranslation()
  const messages = useMessages(view)
  const data: TrailData = {
    uuid: view.uuid,
    version: view.version,
    name: view.name,
    locale: view.locale,
    color: view.color,
    places: view.places.map(({ id, number, name, lat, lng }) => ({ id, number, name, lat, lng })),
    paths: view.paths,
    tiles: view.tiles,
    styles: view.assets.styles,
    pages: [view.mapPath, view.landingPath],
    embed: view.embed,
    offline: view.offline,
    messages,
  }
  const focused = view.places.find((p) => p.id === view.focusId) ?? null
  const nonce = useNonce()
  return (
    <div
      data-trail={JSON.stringify(data)}
      data-trail-version={view.version}
      className="fixed inset-0 flex flex-col bg-white text-gray-900 wrap-anywhere lg:flex-row-reverse"
    >
      {/* Before anything is painted: the page as its script will leave it (app/styles/app.css). */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('trail-js')" }} />
      <div className="relative min-h-[38dvh] flex-1 bg-gray-100">
        {/* Under the map, which covers it once drawn (Leaflet does not touch it). */}
        <p data-map-placeholder className="absolute inset-0 flex items-center justify-center p-6 text-center text-lg font-medium text-gray-700">
          <span className="tg-script-only max-w-xs">{t('publicMap.mapLoading', { name: view.name })}</span>
          <span className="tg-no-script max-w-xs">{t('publicMap.mapNeedsScript')}</span>
        </p>
        <div id="trail-map" role="region" aria-label={t('publicMap.mapLabel', { name: view.name })} data-testid="public-route-map" className="tg-trail-map absolute inset-0 z-0" />
      </div>
      <aside className="z-10 flex max-h-[62dvh] flex-col rounded-t-2xl bg-white shadow-[0_-4px_16px_rgb(0_0_0/0.15)] lg:max-h-none lg:w-[26rem] lg:rounded-none lg:border-r lg:border-gray-200 lg:shadow-none">
        <Header view={view} />
        <div className="min-h-0 flex-1 space-y-4 overflow-y-auto overscroll-contain px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))]">
          <RouteNotice notice={view.notice} locale={view.locale} compact />
          <Summary view={view} hidden={focused !== null} />
          <PlaceDetail view={view} place={focused} />
          <PlaceList view={view} hidden={focused !== null} />
          <AccessibilityBlock accessibility={view.accessibility} locale={view.locale} />
          {view.embed ? null : <Report view={view} place={focused} />}
          {view.embed ? null : <SavedRoutes />}
        </div>
      </aside>
      <script async src={view.assets.script} />
    </div>
  )
}

function Header({ view }: { view: TrailView }) {
  const { t } = useTranslation()
  return (
    <header className="space-y-2 border-b border-gray-200 px-4 pt-3 pb-3">
      <div className="flex items-center justify-between gap-2">
        <a
          href={view.landingPath}
          target={view.embed ? '_blank' : undefined}
          rel={view.embed ? 'noopener' : undefined}
          data-testid="back-to-landing"
          className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-primary-800 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-700"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('publicMap.backToRoute')}
        </a>
        {view.embed ? null : <LanguageLinks view={view} />}
      </div>
      {view.isDraft && (
        <p role="status" data-testid="draft-banner" className="flex items-center gap-2 rounded-lg bg-amber-100 px-3 py-1.5 text-sm font-medium text-amber-900">
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {t('publicMap.draft')}
        </p>
      )}
      <div className="min-w-0">
        <h1 className="text-xl leading-tight font-semibold break-words">{view.name}</h1>
        {view.subtitle && <p className="text-sm break-words text-gray-700">{view.subtitle}</p>}
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700" aria-label={t('publicLanding.stats')}>
        <li className="inline-flex items-center gap-1">
          <Footprints className="size-4" aria-hidden="true" />
          <span className="sr-only">{t('publicLanding.distance')}:</span> {formatRouteDistance(view.distance, view.locale)}
        </li>
        <li className="inline-flex items-center gap-1">
          <Clock className="size-4" aria-hidden="true" />
          <span className="sr-only">{t('publicLanding.duration')}:</span> {formatDuration(view.duration)}
        </li>
        <li className="inline-flex items-center gap-1">
          <MapPin className="size-4" aria-hidden="true" />
          {t('publicMap.placesCount', { count: view.places.length })}
        </li>
      </ul>
      {view.embed ? null : (
        <div className="flex flex-wrap gap-2">
          <a href={view.gpxPath} download={`${view.slug}.gpx`} className={`${secondary} min-h-11 px-3 text-sm`}>
            <Download className="size-4" aria-hidden="true" />
            {t('publicMap.gpx')}
          </a>
          <button type="button" data-offline-save className={`${secondary} tg-script-only min-h-11 px-3 text-sm`}>
            <HardDriveDownload className="size-4" aria-hidden="true" />
            {t('publicMap.offline.save')}
          </button>
        </div>
      )}
      {/* The offline pack's estimate, progress and result (app/visitor/trail-offline.client.ts). */}
      <div data-offline-panel hidden className="space-y-2 rounded-xl bg-gray-50 p-3 text-sm ring-1 ring-gray-200">
        <p data-offline-status role="status" className="text-gray-800" />
        <progress data-offline-progress hidden max={1} value={0} className="h-2 w-full accent-primary-700" aria-label={t('publicMap.offline.progressLabel')} />
        <div className="flex flex-wrap gap-2">
          <button type="button" data-offline-download hidden className={`${primary} min-h-11 text-sm`}>
            {t('publicMap.offline.download')}
          </button>
          <button type="button" data-offline-cancel hidden className={`${secondary} min-h-11 text-sm`}>
            {t('publicMap.offline.cancel')}
          </button>
        </div>
      </div>
    </header>
  )
}

function LanguageLinks({ view }: { view: TrailView }) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('publicLanding.languages')}>
      <ul className="flex gap-1 text-sm">
        {view.alternates.map(({ locale, path }) => {
          const current = locale === view.locale
          return (
            <li key={locale}>
              <a
                href={path}
                hrefLang={locale}
                lang={locale}
                aria-current={current ? 'page' : undefined}
                className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-md font-medium uppercase focus-visible:outline-2 focus-visible:outline-primary-700 ${current ? 'bg-gray-900 text-white' : 'text-gray-800 hover:bg-gray-100'}`}
              >
                {locale}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

/** The nearest place (named) and its distance, the position button and the list toggle. */
function Summary({ view, hidden }: { view: TrailView; hidden: boolean }) {
  const { t } = useTranslation()
  return (
    <section data-summary hidden={hidden} aria-labelledby="closest-title" className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0 text-sm text-gray-700">
          <h2 id="closest-title">{t('publicMap.closest')}</h2>
          <p className="flex flex-wrap items-baseline gap-x-2">
            <strong data-testid="closest-distance" className="text-2xl font-semibold text-gray-900 tabular-nums">
              {t('publicMap.notAvailable')}
            </strong>
            <span data-testid="closest-name" className="min-w-0 font-medium break-words text-gray-900" />
          </p>
        </div>
        <button type="button" data-locate className={`${primary} tg-script-only`}>
          <LocateFixed className="size-5" aria-hidden="true" />
          <span data-locate-label>{t('publicMap.position.show')}</span>
        </button>
      </div>
      <p data-position-problem role="alert" hidden className="text-sm text-red-700" />
      <p className="text-sm text-gray-700" data-position-hint>
        {t('publicMap.positionHint')}
      </p>
      <button type="button" data-toggle-places aria-expanded="false" aria-controls="place-list" className={`${secondary} tg-script-only w-full lg:hidden`}>
        {t('publicMap.showPlaces', { count: view.places.length })}
      </button>
    </section>
  )
}

/** One stop: filled here for ?place=, by the script when a stop is opened. */
function PlaceDetail({ view, place }: { view: TrailView; place: TrailPlace | null }) {
  const { t } = useTranslation()
  return (
    <section data-place-detail data-testid="place-detail" hidden={!place} aria-labelledby="place-title" className="space-y-3">
      <div>
        <p className="text-sm text-gray-700">
          <span data-detail-stop>{place ? t('publicMap.stop', { number: place.number }) : ''}</span> ·{' '}
          <span data-detail-distance>{t('publicMap.notAvailable')}</span>
        </p>
        <h2 id="place-title" data-detail-name className="text-xl font-semibold break-words">
          {place?.name}
        </h2>
      </div>
      <p data-arrival role="status" className="sr-only" />
      <div data-detail-body>
        {place ? (
          <>
            <EntranceNote note={place.entrance} />
            <Secrets place={place} />
          </>
        ) : null}
      </div>
      <div data-listen-row className="tg-script-only space-y-2">
        <button type="button" data-listen aria-pressed="false" className={`${secondary} w-full`}>
          <Volume2 className="size-5" aria-hidden="true" />
          <span data-listen-label>{t('publicMap.listen')}</span>
        </button>
        <div data-transcript hidden className="rounded-xl bg-gray-100 p-3 text-sm">
          <h3 className="font-semibold">{t('publicMap.transcript')}</h3>
          <p data-transcript-text aria-live="polite" className="mt-1 whitespace-pre-line break-words" />
        </div>
      </div>
      {view.embed ? null : (
        <a
          href={place ? reportPagePath(view, place.id) : view.report.action}
          data-report-open
          data-testid="report-place"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg px-1 text-sm font-medium text-red-800 underline hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-700"
        >
          <Flag className="size-4" aria-hidden="true" />
          {t('reports.form.title')}
        </a>
      )}
      <div className="grid grid-cols-2 gap-2">
        <form method="get">
          {view.embed ? <input type="hidden" name="embed" value="1" /> : null}
          <button type="submit" data-all-places className={`${secondary} w-full`}>
            <ChevronLeft className="size-5" aria-hidden="true" />
            {t('publicMap.allPlaces')}
          </button>
        </form>
        <button type="button" data-centre className={`${primary} tg-script-only`}>
          <Crosshair className="size-5" aria-hidden="true" />
          {t('publicMap.centre')}
        </button>
      </div>
    </section>
  )
}

function Secrets({ place }: { place: TrailPlace }) {
  const { t } = useTranslation()
  if (place.secrets.length === 0) return <p className="text-sm text-gray-700">{t('publicMap.noSecrets')}</p>
  return (
    <ul className="space-y-3">
      {place.secrets.map((secret) => (
        <li key={secret.id} className="rounded-xl bg-amber-50 p-3">
          <h3 className="font-semibold break-words">{secret.title}</h3>
          <p className="mt-1 text-sm whitespace-pre-line break-words text-gray-800">{secret.text}</p>
        </li>
      ))}
    </ul>
  )
}

/** The stops in order; without script each is a form button that reloads the page on it (?place=). */
function PlaceList({ view, hidden }: { view: TrailView; hidden: boolean }) {
  const { t } = useTranslation()
  const numberStyle = { backgroundColor: view.color, color: textColorOn(view.color) }
  return (
    <form method="get" id="place-list" data-place-list hidden={hidden}>
      {view.embed ? <input type="hidden" name="embed" value="1" /> : null}
      <h2 className="sr-only">{t('publicMap.places')}</h2>
      <ol className="divide-y divide-gray-200" data-testid="place-list">
        {view.places.map((place) => (
          <li key={place.id} data-place-item={place.id}>
            <button
              type="submit"
              name="place"
              value={place.id}
              data-place-open={place.id}
              className="flex min-h-14 w-full items-center gap-3 px-1 py-2 text-left hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary-700"
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold shadow-sm" style={numberStyle} aria-hidden="true">
                {place.number}
              </span>
              <span className="min-w-0 flex-1">
                <span className="sr-only">{t('publicMap.stop', { number: place.number })} </span>
                <span className="block font-medium break-words">{place.name}</span>
              </span>
              <span className="shrink-0 text-sm text-gray-700 tabular-nums" data-testid="place-distance" data-place-distance={place.id}>
                {t('publicMap.notAvailable')}
              </span>
            </button>
            <div data-place-body={place.id} className="pb-3 pl-12">
              <EntranceNote note={place.entrance} />
              <Secrets place={place} />
            </div>
          </li>
        ))}
      </ol>
    </form>
  )
}

/** The report page of this route, about one of its stops (the place sheet's link without script). */
const reportPagePath = (view: TrailView, placeId: number) => `${view.report.action}?route=${encodeURIComponent(view.uuid)}&place=${placeId}`

/** "Report a problem here": about the open stop, else the route (app/visitor/trail-page.client.ts keeps it in step). */
function Report({ view, place }: { view: TrailView; place: TrailPlace | null }) {
  const { t } = useTranslation()
  const templates = { place: t('reports.form.aboutPlace', { name: '{{name}}' }), route: t('reports.form.aboutRoute', { name: '{{name}}' }) }
  return (
    <VisitorReportForm
      action={view.report.action}
      api={view.report.api}
      target={{ route: view.uuid, placeId: place?.id ?? null }}
      about={place ? t('reports.form.aboutPlace', { name: place.name }) : t('reports.form.aboutRoute', { name: view.name })}
      aboutTemplates={templates}
      collapsible
    />
  )
}

/** Routes saved on this device (filled by the script from its own storage). */
function SavedRoutes() {
  const { t } = useTranslation()
  return (
    <section data-saved-walks hidden aria-labelledby="saved-walks-title" className="space-y-2 border-t border-gray-200 pt-3">
      <h2 id="saved-walks-title" className="text-sm font-semibold text-gray-800">
        {t('publicMap.offline.savedList')}
      </h2>
      <ul data-saved-walks-list className="space-y-2 text-sm" />
    </section>
  )
}
