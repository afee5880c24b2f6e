import { ArrowRight, Clock, FilePen, Footprints, Map as MapIcon, MapPin } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { formatDuration, formatRouteDistance } from '#app/utils/format-walk.ts'
import { AccessibilityBlock } from './accessibility-facts.tsx'
import { CategoryHomeLink } from './category-home-link.tsx'
import { LikeButton, ShareButton, type LikeState } from './landing-actions.tsx'
import type { LandingView } from './landing-view.ts'
import { NearbyRouteCard } from './nearby-route-card.tsx'
import { RouteNotice } from './route-notice.tsx'
import { StopRecordings, type LandingStopRecording } from './stop-recordings.tsx'
import { LanguageLinks } from './language-links.tsx'

/** Version of public/landing.js: bump it when the file changes, so caches fetch the new one. */
const LANDING_SCRIPT = '/landing.js?v=4'

/** The stops with a recording and the script of their players (ADR 123); none in the editor's preview. */
export interface LandingRecordings {
  stops: LandingStopRecording[]
  script: string
}

export function LandingPage({ view, like, likeLimited = false, recordings }: { view: LandingView; like: LikeState; likeLimited?: boolean; recordings?: LandingRecordings }) {
  const { t } = useTranslation()
  return (
    <div
      data-landing
      data-route-uuid={view.isDraft ? undefined : view.uuid}
      // Long words and addresses in the manager's texts wrap instead of widening the page on a phone.
      className="min-h-dvh bg-gray-50 wrap-anywhere"
      style={view.branding.background ? { backgroundColor: view.branding.background } : undefined}
    >
      {view.isDraft ? (
        <p role="status" data-testid="draft-banner" className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900">
          <FilePen className="size-4 shrink-0" aria-hidden="true" />
          {t('publicLanding.draftBanner')}
        </p>
      ) : null}
      <header className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3">
        {view.branding.logo ? <img src={view.branding.logo} alt={t('publicLanding.proLogo')} className="h-10 w-auto max-w-[50%] object-contain" /> : <span />}
        <LanguageLinks look="overlay" current={view.content.locale} links={view.languages} />
      </header>
      <main className="mx-auto max-w-3xl px-3 pb-8 sm:px-4">
        <CategoryHomeLink home={view.home} className="mb-2" />
        <RouteNotice notice={view.notice} locale={view.locale} className="mb-3" />
        <article className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
          <Hero view={view} />
          <div className="space-y-6 p-5 sm:p-8">
            <div lang={view.content.locale} dir={view.content.dir} data-testid="route-texts">
              <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{view.name}</h1>
              {view.subtitle ? <p className="mt-1 text-lg text-gray-600">{view.subtitle}</p> : null}
            </div>
            <Facts view={view} />
            <div className="space-y-3">
              <a
                href={view.mapPath}
                data-testid="open-map"
                className="flex w-full items-center justify-center gap-2 rounded-xl bg-primary-700 px-5 py-4 text-lg font-semibold text-white shadow-sm hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
              >
                <MapIcon className="size-6" aria-hidden="true" />
                {t('publicLanding.openMap')}
                <ArrowRight className="size-5" aria-hidden="true" />
              </a>
              <p className="text-center text-sm text-gray-500">{t('publicLanding.openMapHint')}</p>
              <div className="flex flex-wrap items-center justify-center gap-3">
                {view.isDraft ? null : <LikeButton view={view} like={like} />}
                <ShareButton view={view} />
              </div>
              <p data-share-status role="status" className="text-center text-sm text-gray-600">
                {likeLimited ? t('publicLanding.likeLimited') : null}
              </p>
            </div>
            {view.description ? (
              <p lang={view.content.locale} dir={view.content.dir} data-testid="route-description" className="text-base leading-relaxed text-gray-700">
                {view.description}
              </p>
            ) : null}
            <AccessibilityBlock accessibility={view.accessibility} locale={view.locale} />
            {recordings ? <StopRecordings stops={recordings.stops} locale={view.locale} routeUuid={view.isDraft ? undefined : view.uuid} script={recordings.script} /> : null}
            <Content view={view} />
            <Partners view={view} />
          </div>
        </article>
        <Nearby view={view} />
      </main>
      <footer className="pb-8 text-center text-xs">
        <span className="rounded-full bg-white/80 px-3 py-1 text-gray-600">{t('publicLanding.poweredBy')}</span>
      </footer>
      {/* The enhancement script (like without reload, share, time on page): no framework. */}
      <script async src={LANDING_SCRIPT} />
    </div>
  )
}


function Hero({ view }: { view: LandingView }) {
  const { t } = useTranslation()
  if (view.photo) {
    return <img src={view.photo} alt={t('publicLanding.photoAlt', { name: view.name })} className="aspect-[16/9] w-full object-cover" fetchPriority="high" />
  }
  // No photo yet: the route's colour, so the page still opens on something of its own.
  return (
    <div className="flex aspect-[16/6] w-full items-center justify-center" style={{ background: `linear-gradient(135deg, ${view.color}, ${view.color}99)` }} aria-hidden="true">
      <Footprints className="size-14 text-white/90" />
    </div>
  )
}

function Facts({ view }: { view: LandingView }) {
  const { t } = useTranslation()
  const facts = [
    { key: 'distance', icon: Footprints, label: t('publicLanding.distance'), value: formatRouteDistance(view.distance, view.locale) },
    { key: 'duration', icon: Clock, label: t('publicLanding.duration'), value: formatDuration(view.duration) },
    { key: 'places', icon: MapPin, label: t('publicLanding.places'), value: new Intl.NumberFormat(view.locale).format(view.placesCount) },
  ]
  return (
    <section aria-label={t('publicLanding.stats')}>
      <dl className="grid grid-cols-3 gap-2">
        {facts.map(({ key, icon: Icon, label, value }) => (
          <div key={key} data-testid={`fact-${key}`} className="flex flex-col items-center rounded-xl bg-gray-50 px-2 py-3 text-center ring-1 ring-gray-200">
            <Icon className="mb-1 size-5" style={{ color: view.color }} aria-hidden="true" />
            <dt className="text-xs font-medium text-gray-500 uppercase">{label}</dt>
            <dd className="text-base font-semibold whitespace-nowrap text-gray-900 sm:text-lg">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function Content({ view }: { view: LandingView }) {
  if (!view.contentTitle && !view.contentText && !view.contentImage) return null
  return (
    <section lang={view.content.locale} dir={view.content.dir} className="space-y-3 border-t border-gray-100 pt-6">
      {view.contentTitle ? <h2 className="text-xl font-semibold text-gray-900">{view.contentTitle}</h2> : null}
      {view.contentText ? <p className="leading-relaxed whitespace-pre-line text-gray-700">{view.contentText}</p> : null}
      {view.contentImage ? <img src={view.contentImage} alt="" loading="lazy" className="w-full rounded-xl object-cover" /> : null}
    </section>
  )
}

function Partners({ view }: { view: LandingView }) {
  const { t } = useTranslation()
  if (view.logos.length === 0) return null
  return (
    <section className="space-y-3 border-t border-gray-100 pt-6">
      <h2 className="text-sm font-semibold tracking-wide text-gray-500 uppercase">{view.logoTitle ?? t('publicLanding.partners')}</h2>
      <ul className="flex flex-wrap items-center gap-4">
        {view.logos.map((logo, i) => (
          <li key={logo.id}>
            <img src={logo.url} alt={t('publicLanding.partnerLogo', { n: i + 1 })} loading="lazy" className="h-12 w-auto max-w-40 object-contain" />
          </li>
        ))}
      </ul>
    </section>
  )
}

function Nearby({ view }: { view: LandingView }) {
  const { t } = useTranslation()
  if (view.nearby.length === 0) return null
  return (
    <section className="mt-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-black/5 sm:p-8" aria-labelledby="nearby-title">
      <h2 id="nearby-title" className="mb-3 text-xl font-semibold text-gray-900">
        {t('publicLanding.nearby')}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {view.nearby.map((card) => (
          <li key={card.slug} className="min-w-0">
            <NearbyRouteCard card={card} locale={view.locale} />
          </li>
        ))}
      </ul>
    </section>
  )
}

