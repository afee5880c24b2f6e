import { ArrowLeft, ChevronLeft, Clock, Crosshair, Download, Flag, Footprints, HardDriveDownload, LocateFixed, MapPin, TriangleAlert, Volume2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { AccessibilityBlock, EntranceNote } from '#app/components/public/accessibility-facts.tsx'
import { CategoryHomeLink } from '#app/components/public/category-home-link.tsx'
import { StopPlayer } from '#app/components/public/stop-player.tsx'
import { VisitorReportForm } from '#app/components/reports/visitor-report-form.tsx'
import { useNonce } from '#app/components/shell/nonce.tsx'
import type { TrailData, TrailMessages } from '#app/visitor/trail-data.ts'
import { textColorOn } from '#app/utils/contrast.ts'
import { formatDuration, formatRouteDistance } from '#app/utils/format-walk.ts'
import type { TrailPlace, TrailView } from './trail-view.ts'
import { RouteNotice } from '#app/components/public/route-notice.tsx'
import type { Messages } from '#app/i18n/keys.ts'
import { Button, buttonClass } from '#app/components/ui/button.tsx'
import { RowButton } from '#app/components/ui/row-button.tsx'
import { LanguageLinks } from '#app/components/public/language-links.tsx'

// The route map page's HTML: everything a visitor reads is here before any script
// runs (name, figures, the numbered places with their secrets, the nearest-place block); the
// buttons are GET forms (?place=), so it works without JavaScript too. The page's script
// (app/visitor/trail-page.client.ts) finds its elements by their data-* attributes.

/** The header's smaller buttons (GPX, save offline), the link and the buttons alike. */
const headerButton = buttonClass({ variant: 'secondary', size: 'sm', className: 'min-h-11' })

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
    places: view.places.map(({ id, number, name, lat, lng, recording }) => ({ id, number, name, lat, lng, recording })),
    paths: view.paths,
    tiles: view.tiles,
    styles: view.assets.styles,
    // The walk's pages in the language read (ADR 043): fetched with the visitor's cookie and
    // Accept-Language, and with ?lang= when the page was asked so, they are saved as they were shown.
    pages: [view.mapPath, view.landingPath].map((path) => (view.langParam ? `${path}?lang=${encodeURIComponent(view.langParam)}` : path)),
    focus: view.focusId,
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
      data-stop-open={focused ? '' : undefined}
      className="fixed inset-0 flex flex-col bg-white text-gray-900 wrap-anywhere lg:flex-row-reverse"
    >
      {/* Before anything is painted: the page as its script will leave it (app/styles/app.css). */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "document.documentElement.classList.add('trail-js')" }} />
      <div data-trail-map-pane className="relative min-h-[38dvh] flex-1 bg-gray-100">
        {/* Under the map, which covers it once drawn (Leaflet does not touch it). */}
        <p data-map-placeholder className="absolute inset-0 flex items-center justify-center p-6 text-center text-lg font-medium text-gray-700">
          <span className="tg-script-only max-w-xs">{t('publicMap.mapLoading', { name: view.name })}</span>
          <span className="tg-no-script max-w-xs">{t('publicMap.mapNeedsScript')}</span>
        </p>
        <div id="trail-map" role="region" aria-label={t('publicMap.mapLabel', { name: view.name })} data-testid="public-route-map" className="tg-trail-map absolute inset-0 z-0" />
      </div>
      <aside data-trail-sheet className="z-10 flex max-h-[62dvh] flex-col rounded-t-2xl bg-white shadow-[0_-4px_16px_rgb(0_0_0/0.15)] lg:max-h-none lg:w-[26rem] lg:rounded-none lg:border-r lg:border-gray-200 lg:shadow-none">
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
      {/* React 19 hoists an async script into the head: fetched from the first bytes, it starts once the page is parsed (trail-page.client.ts). */}
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
        {view.embed ? null : <LanguageLinks links={view.languages} current={view.content.locale} />}
      </div>
      {view.isDraft && (
        <p role="status" data-testid="draft-banner" className="flex items-center gap-2 rounded-lg bg-amber-100 px-3 py-1.5 text-sm font-medium text-amber-900">
          <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
          {t('publicMap.draft')}
        </p>
      )}
      <div className="min-w-0" lang={view.content.locale} dir={view.content.dir} data-testid="route-texts">
        <h1 className="text-xl leading-tight font-semibold break-words">{view.name}</h1>
        {view.subtitle && (
          <p data-header-extra className="text-sm break-words text-gray-700">
            {view.subtitle}
          </p>
        )}
      </div>
      <ul data-header-extra className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-700" aria-label={t('publicLanding.stats')}>
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
        <div data-header-extra>
          <CategoryHomeLink home={view.home} className="-ml-2" />
        </div>
      )}
      {view.embed ? null : (
        <div data-header-extra className="flex flex-wrap gap-2">
          <a href={view.gpxPath} download={`${view.slug}.gpx`} className={headerButton}>
            <Download className="size-4" aria-hidden="true" />
            {t('publicMap.gpx')}
          </a>
          <Button type="button" variant="secondary" size="sm" data-offline-save className="tg-script-only min-h-11">
            <HardDriveDownload className="size-4" aria-hidden="true" />
            {t('publicMap.offline.save')}
          </Button>
        </div>
      )}
      {/* The offline pack's estimate, progress and result (app/visitor/trail-offline.client.ts). */}
      <div data-offline-panel hidden className="space-y-2 rounded-xl bg-gray-50 p-3 text-sm ring-1 ring-gray-200">
        <p data-offline-status role="status" className="text-gray-800" />
        <progress data-offline-progress hidden max={1} value={0} className="h-2 w-full accent-primary-700" aria-label={t('publicMap.offline.progressLabel')} />
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" data-offline-download hidden className="min-h-11">
            {t('publicMap.offline.download')}
          </Button>
          <Button type="button" variant="secondary" size="sm" data-offline-cancel hidden className="min-h-11">
            {t('publicMap.offline.cancel')}
          </Button>
        </div>
      </div>
    </header>
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
        <Button type="button" size="lg" data-locate className="tg-script-only">
          <LocateFixed className="size-5" aria-hidden="true" />
          <span data-locate-label>{t('publicMap.position.show')}</span>
        </Button>
      </div>
      <p data-position-problem role="alert" hidden className="text-sm text-red-700" />
      <p className="text-sm text-gray-700" data-position-hint>
        {t('publicMap.positionHint')}
      </p>
      <Button type="button" variant="secondary" size="lg" data-toggle-places aria-expanded="false" aria-controls="place-list" className="tg-script-only w-full lg:hidden">
        {t('publicMap.showPlaces', { count: view.places.length })}
      </Button>
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
      <StopPlayer locale={view.locale} recording={place?.recording ?? null} titleId="stop-player-title" scriptMarked />
      <div data-listen-row className="tg-script-only space-y-2">
        <Button type="button" variant="secondary" size="lg" data-listen aria-pressed="false" className="w-full">
          <Volume2 className="size-5" aria-hidden="true" />
          <span data-listen-label>{t('publicMap.listen')}</span>
        </Button>
        <div data-transcript hidden className="rounded-xl bg-gray-100 p-3 text-sm">
          <h3 className="font-semibold">{t('publicMap.transcript')}</h3>
          <p data-transcript-text aria-live="polite" className="mt-1 whitespace-pre-line break-words" />
        </div>
      </div>
      <div data-detail-body>
        {place ? (
          <>
            <EntranceNote note={place.entrance} pageLocale={view.locale} />
            <Secrets place={place} locale={view.locale} />
          </>
        ) : null}
      </div>
      {view.embed ? null : (
        <a
          href={reportPagePath(view, place?.id ?? null)}
          data-report-open
          data-testid="report-place"
          className="inline-flex min-h-11 items-center gap-2 rounded-lg px-1 text-sm font-medium text-red-800 underline hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-700"
        >
          <Flag className="size-4" aria-hidden="true" />
          {t('reports.form.title')}
        </a>
      )}
      {/* Side by side when both fit on one line each, else one under the other: a label never wraps. */}
      <div className="flex flex-wrap gap-2">
        <form method="get" className="flex grow">
          {view.embed ? <input type="hidden" name="embed" value="1" /> : null}
          {view.langParam ? <input type="hidden" name="lang" value={view.langParam} /> : null}
          <Button type="submit" variant="secondary" size="lg" data-all-places className="grow whitespace-nowrap">
            <ChevronLeft className="size-5" aria-hidden="true" />
            {t('publicMap.allPlaces')}
          </Button>
        </form>
        <Button type="button" size="lg" data-centre className="tg-script-only grow whitespace-nowrap">
          <Crosshair className="size-5" aria-hidden="true" />
          {t('publicMap.centre')}
        </Button>
      </div>
    </section>
  )
}

/** A stop's stories: "Listen" reads the `data-speak` parts, each with its language's voice (never the "none yet" line). */
function Secrets({ place, locale }: { place: TrailPlace; locale: string }) {
  const { t } = useTranslation()
  if (place.secrets.length === 0) return <p className="text-sm text-gray-700">{t('publicMap.noSecrets')}</p>
  return (
    <ul className="space-y-3">
      {place.secrets.map((secret) => (
        <li key={secret.id} lang={secret.lang === locale ? undefined : secret.lang} dir={secret.dir} data-testid="story" className="rounded-xl bg-amber-50 p-3">
          <h3 data-speak className="font-semibold break-words">
            {secret.title}
          </h3>
          <p data-speak className="mt-1 text-sm whitespace-pre-line break-words text-gray-800">
            {secret.text}
          </p>
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
      {view.langParam ? <input type="hidden" name="lang" value={view.langParam} /> : null}
      <h2 className="sr-only">{t('publicMap.places')}</h2>
      <ol className="divide-y divide-gray-200" data-testid="place-list">
        {view.places.map((place) => (
          <li key={place.id} data-place-item={place.id}>
            <RowButton type="submit" size="lg" name="place" value={place.id} data-place-open={place.id}>
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
            </RowButton>
            <div data-place-body={place.id} className="pb-3 pl-12">
              <EntranceNote note={place.entrance} pageLocale={view.locale} />
              <Secrets place={place} locale={view.locale} />
            </div>
          </li>
        ))}
      </ol>
    </form>
  )
}

/** The report page of this route, about one of its stops (the script sets `place` as stops open: the link works in a new tab too). */
const reportPagePath = (view: TrailView, placeId: number | null) => `${view.report.action}?route=${encodeURIComponent(view.uuid)}${placeId === null ? '' : `&place=${placeId}`}`

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
      hidden={place !== null}
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
