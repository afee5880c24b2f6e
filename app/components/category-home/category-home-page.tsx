import { ArrowRight, ChevronDown, Clock, Footprints, Languages, Map as MapIcon, MapPin, Search, SlidersHorizontal } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { AccessibilityBadges, StepFreeFilter } from '#app/components/public/accessibility-facts.tsx'
import { textColorOn } from '#app/utils/contrast.ts'
import { formatDuration, formatRouteDistance } from '#app/utils/format-walk.ts'
import { distanceChoices, durationChoices } from '#app/visitor/category-filters.ts'
import { RouteNotice } from '#app/components/public/route-notice.tsx'
import type { CategoryHomeData, CategoryHomeView, CategoryRouteCard } from './category-home-view.ts'
import { Button } from '#app/components/ui/button.tsx'
import { LanguageLinks } from '#app/components/public/language-links.tsx'

// A category's public home: its published routes as cards and on a map, filtered by
// duration and distance and searched by name. Complete as HTML; the filter form is a GET form
// (the server filters without script); app/visitor/category-home.client.ts filters as one types
// and draws the map.

const field = 'min-h-11 w-full rounded-lg border border-gray-400 bg-white px-3 text-base text-gray-900 focus-visible:outline-2 focus-visible:outline-primary-700'

export function CategoryHomePage({ view }: { view: CategoryHomeView }) {
  const { t, i18n } = useTranslation()
  const shown = view.routes.filter((r) => !r.hidden).length
  // The count's templates as written ({{count}} left in): the script picks one by the language's plural rules.
  const template = (key: string) => String(i18n.getResource(view.locale, 'translation', key) ?? i18n.getResource('en', 'translation', key))
  const data: CategoryHomeData = {
    locale: view.locale,
    tiles: view.tiles,
    styles: view.assets.styles,
    routes: view.routes.map((r) => ({ uuid: r.uuid, name: r.name, subtitle: r.subtitle, color: r.color, distance: r.distance, duration: r.duration, stepFree: r.accessibility.step_free, start: r.start, landingPath: r.landingPath })),
    messages: {
      zoomIn: t('publicMap.zoomIn'),
      zoomOut: t('publicMap.zoomOut'),
      count: template('categoryHome.count_other'),
      countOne: template('categoryHome.count_one'),
      none: t('categoryHome.none'),
    },
  }
  return (
    <div data-category-home={JSON.stringify(data)} className="min-h-dvh bg-gray-50 text-gray-900 wrap-anywhere">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
          <p className="text-sm font-medium text-gray-700">{t('categoryHome.kicker')}</p>
          <LanguageLinks links={view.languages} current={view.content.locale} />
        </div>
        <div className="mx-auto max-w-5xl px-4 pb-5">
          <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">{view.category.name}</h1>
          <p className="mt-1 text-gray-700">{t('categoryHome.intro', { count: view.routes.length })}</p>
        </div>
      </header>
      <main className="mx-auto max-w-5xl space-y-5 px-4 py-5">
        <Filters view={view} />
        <p data-route-count role="status" className="text-sm font-medium text-gray-700">
          {shown === 0 ? t('categoryHome.none') : t('categoryHome.count', { count: shown })}
        </p>
        <div className="grid gap-5 lg:grid-cols-[1fr_22rem]">
          <ul className="grid gap-4 sm:grid-cols-2" data-testid="route-cards" lang={view.content.locale} dir={view.content.dir}>
            {view.routes.map((route, i) => (
              <RouteCard key={route.uuid} route={route} number={i + 1} locale={view.locale} />
            ))}
          </ul>
          <div>
            <div
              id="category-map"
              role="region"
              aria-label={t('categoryHome.mapLabel', { name: view.category.name })}
              data-testid="category-map"
              className="tg-trail-map h-64 overflow-hidden rounded-2xl bg-gray-100 ring-1 ring-gray-200 lg:sticky lg:top-4 lg:h-[28rem]"
            />
          </div>
        </div>
      </main>
      <footer className="pb-8 text-center text-xs text-gray-600">{t('publicLanding.poweredBy')}</footer>
      <script async src={view.assets.script} />
    </div>
  )
}


/** Folded unless the page was asked with filters: the walks come first, on a phone too. */
function Filters({ view }: { view: CategoryHomeView }) {
  const { t } = useTranslation()
  const { q, duration, distance, stepFree } = view.filters
  const active = [q.trim() !== '', duration !== null, distance !== null, stepFree].filter(Boolean).length
  return (
    <details data-filters-panel open={active > 0} className="group rounded-2xl bg-white shadow-sm ring-1 ring-gray-200">
      <summary className="flex min-h-12 cursor-pointer list-none items-center gap-2 rounded-2xl px-4 font-semibold text-gray-900 focus-visible:outline-2 focus-visible:outline-primary-700 [&::-webkit-details-marker]:hidden">
        <SlidersHorizontal className="size-5 text-gray-700" aria-hidden="true" />
        {t('visitor.filters')}
        {active > 0 ? <span className="rounded-full bg-primary-100 px-2 text-sm text-primary-900">{active}</span> : null}
        <ChevronDown className="ml-auto size-5 text-gray-700 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <FilterForm view={view} />
    </details>
  )
}

function FilterForm({ view }: { view: CategoryHomeView }) {
  const { t } = useTranslation()
  return (
    <form method="get" action={view.path} role="search" data-filters className="grid gap-3 border-t border-gray-200 p-4 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end">
      <label className="block text-sm font-medium text-gray-800">
        {t('categoryHome.search')}
        <span className="relative mt-1 block">
          <Search className="pointer-events-none absolute top-3 left-3 size-5 text-gray-600" aria-hidden="true" />
          <input type="search" name="q" defaultValue={view.filters.q} maxLength={100} className={`${field} pl-10`} placeholder={t('categoryHome.searchPlaceholder')} />
        </span>
      </label>
      <label className="block text-sm font-medium text-gray-800">
        {t('categoryHome.duration')}
        <select name="duration" defaultValue={view.filters.duration ?? ''} className={`${field} mt-1`}>
          <option value="">{t('categoryHome.any')}</option>
          {durationChoices.map((c) => (
            <option key={c} value={c}>
              {t(`categoryHome.durations.${c}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium text-gray-800">
        {t('categoryHome.distance')}
        <select name="distance" defaultValue={view.filters.distance ?? ''} className={`${field} mt-1`}>
          <option value="">{t('categoryHome.any')}</option>
          {distanceChoices.map((c) => (
            <option key={c} value={c}>
              {t(`categoryHome.distances.${c}`)}
            </option>
          ))}
        </select>
      </label>
      <StepFreeFilter checked={view.filters.stepFree} />
      <Button type="submit" data-filter-submit className="min-h-11">
        {t('categoryHome.apply')}
      </Button>
    </form>
  )
}

/** A route's card; its number is its pin's on the map. */
function RouteCard({ route, number, locale }: { route: CategoryRouteCard; number: number; locale: CategoryHomeView['locale'] }) {
  const { t } = useTranslation()
  return (
    <li data-route-card={route.uuid} hidden={route.hidden} className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-200">
      {route.photo ? (
        <img src={route.photo} alt="" loading="lazy" className="aspect-[16/9] w-full object-cover" />
      ) : (
        <div className="flex aspect-[16/9] w-full items-center justify-center" style={{ background: `linear-gradient(135deg, ${route.color}, ${route.color}99)` }} aria-hidden="true">
          <Footprints className="size-10 text-white/90" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div>
          <h2 className="flex items-start gap-2 text-lg font-semibold break-words">
            <span className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full text-sm font-bold" style={{ backgroundColor: route.color, color: textColorOn(route.color) }} aria-hidden="true">
              {number}
            </span>
            <a href={route.landingPath} className="hover:underline focus-visible:outline-2 focus-visible:outline-primary-700">
              {route.name}
            </a>
          </h2>
          {route.subtitle ? <p className="text-sm break-words text-gray-700">{route.subtitle}</p> : null}
        </div>
        <RouteNotice notice={route.notice} locale={locale} compact inList />
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-gray-800">
          <li className="inline-flex items-center gap-1">
            <Footprints className="size-4" aria-hidden="true" />
            <span className="sr-only">{t('publicLanding.distance')}:</span> {formatRouteDistance(route.distance, locale)}
          </li>
          <li className="inline-flex items-center gap-1">
            <Clock className="size-4" aria-hidden="true" />
            <span className="sr-only">{t('publicLanding.duration')}:</span> {formatDuration(route.duration)}
          </li>
          <li className="inline-flex items-center gap-1">
            <MapPin className="size-4" aria-hidden="true" />
            {t('publicMap.placesCount', { count: route.placesCount })}
          </li>
          <li className="inline-flex items-center gap-1" data-testid="route-languages">
            <Languages className="size-4" aria-hidden="true" />
            <span className="sr-only">{t('categoryHome.languages')}:</span>
            {route.locales.map((l) => l.toUpperCase()).join(' · ')}
          </li>
        </ul>
        <AccessibilityBadges facts={route.accessibility} />
        <div className="mt-auto grid grid-cols-2 gap-2">
          <a href={route.landingPath} className="inline-flex min-h-11 items-center justify-center gap-1 rounded-lg border border-gray-300 px-3 text-center text-sm font-medium hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary-700">
            {t('categoryHome.open')}
            <ArrowRight className="size-4" aria-hidden="true" />
            <span className="sr-only">: {route.name}</span>
          </a>
          <a href={route.mapPath} className="inline-flex min-h-11 items-center justify-center gap-1 rounded-lg bg-primary-700 px-3 text-sm font-medium text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-primary-700">
            <MapIcon className="size-4" aria-hidden="true" />
            {t('categoryHome.map')}
            <span className="sr-only">: {route.name}</span>
          </a>
        </div>
      </div>
    </li>
  )
}
