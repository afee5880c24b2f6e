import { clsx } from 'clsx'
import { Eye, Flag, Heart, MapPin, PanelsTopLeft, QrCode, Route as RouteIcon, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import type { DashboardCategory } from '#app/modules/dashboard/dashboard.schema.ts'

/** Numbers in the page's language ("1 234" in French, "1,234" in English). */
export type FormatNumber = (n: number) => string

/**
 * One category's summary: each figure is a link to the screen where it is worked on.
 * Subcategories follow their parent, indented under a rule.
 */
export function CategoryCard({ category, days, format, depth = 0 }: { category: DashboardCategory; days: number; format: FormatNumber; depth?: number }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const id = category.id
  const Heading = depth === 0 ? 'h2' : 'h3'
  const { routes, qr_codes: qr, last_30_days: recent } = category
  const lastDays = t('dashboard.tiles.lastDays', { days })
  return (
    <li className="flex flex-col gap-3">
      <article
        data-testid="dashboard-card"
        data-category-id={id}
        data-slug={category.slug}
        aria-labelledby={`category-${id}-name`}
        className="rounded-xl border border-gray-200 bg-white p-4 sm:p-5 dark:border-gray-800 dark:bg-gray-900"
      >
        <header className="mb-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <Heading id={`category-${id}-name`} className="text-lg font-semibold">
            {category.name}
          </Heading>
          <span className="font-mono text-xs text-gray-500 dark:text-gray-400">{category.slug}</span>
          {category.open_reports > 0 ? (
            <Link
              to={localePath(`/reports?category=${id}`)}
              data-testid="dashboard-open-reports"
              className="inline-flex items-center gap-1.5 rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-medium text-red-800 hover:bg-red-100 dark:bg-red-950 dark:text-red-100"
            >
              <Flag className="size-3.5" aria-hidden="true" />
              {t('reports.screen.dashboard', { count: category.open_reports })}
            </Link>
          ) : null}
          <span
            data-testid="category-role"
            className={clsx(
              'ml-auto rounded-full px-2 py-0.5 text-xs font-medium',
              category.role === 'owner'
                ? 'bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-100'
                : 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-200',
            )}
          >
            {t(`dashboard.role.${category.role}`)}
          </span>
        </header>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 xl:grid-cols-6">
          <Tile
            to={localePath(`/map?category=${id}`)}
            icon={RouteIcon}
            label={t('dashboard.tiles.routes')}
            testId="tile-routes"
            value={
              <>
                <span data-testid="routes-published">{format(routes.published)}</span>{' '}
                <span className="text-sm font-normal text-gray-600 dark:text-gray-300">{t('dashboard.tiles.published', { count: routes.published })}</span>
              </>
            }
            hint={<span data-testid="routes-draft">{t('dashboard.tiles.drafts', { count: routes.draft, value: format(routes.draft) })}</span>}
          />
          <Tile
            to={localePath(`/map?category=${id}`)}
            icon={MapPin}
            label={t('dashboard.tiles.places')}
            testId="tile-places"
            value={<span data-testid="places">{format(category.places)}</span>}
            hint={t('dashboard.tiles.placesHint')}
          />
          <Tile
            to={localePath(`/map?category=${id}&panel=qr`)}
            icon={QrCode}
            label={t('dashboard.tiles.qrCodes')}
            testId="tile-qr"
            value={<span data-testid="qr-activated">{format(qr.activated)}</span>}
            hint={
              <>
                <span data-testid="qr-total" data-total={qr.total}>
                  {t('dashboard.tiles.qrHint', { total: format(qr.total) })}
                </span>
                <Progress part={qr.activated} whole={qr.total} />
              </>
            }
          />
          <Tile
            to={localePath(`/statistics?category=${id}`)}
            icon={Eye}
            label={t('dashboard.tiles.views')}
            testId="tile-views"
            value={<span data-testid="views">{format(recent.views)}</span>}
            hint={lastDays}
          />
          <Tile
            to={localePath(`/statistics?category=${id}`)}
            icon={Heart}
            label={t('dashboard.tiles.likes')}
            testId="tile-likes"
            value={<span data-testid="likes">{format(recent.likes)}</span>}
            hint={lastDays}
          />
          <Tile
            to={localePath(`/landing/list?category=${id}`)}
            icon={PanelsTopLeft}
            label={t('dashboard.tiles.landing')}
            testId="tile-landing"
            value={<span className="text-base font-medium text-primary-700 dark:text-primary-300">{t('dashboard.tiles.open')} →</span>}
            hint={t('dashboard.tiles.landingHint')}
          />
        </ul>
      </article>
      {category.children.length > 0 ? (
        <ul
          aria-label={t('dashboard.subcategories', { name: category.name })}
          className="ml-2 flex flex-col gap-3 border-l-2 border-primary-200 pl-3 sm:ml-4 sm:pl-5 dark:border-primary-900"
        >
          {category.children.map((child) => (
            <CategoryCard key={child.id} category={child} days={days} format={format} depth={depth + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  )
}

function Tile({
  to,
  icon: Icon,
  label,
  value,
  hint,
  testId,
}: {
  to: string
  icon: LucideIcon
  label: string
  value: React.ReactNode
  hint: React.ReactNode
  testId: string
}) {
  return (
    <li className="min-w-0">
      <Link
        to={to}
        data-testid={testId}
        className="flex h-full flex-col gap-1 rounded-lg border border-gray-200 p-3 transition-colors hover:border-primary-400 hover:bg-primary-50/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:border-gray-800 dark:hover:border-primary-600 dark:hover:bg-primary-950/40"
      >
        <span className="flex items-center gap-1.5 truncate text-sm font-medium text-gray-600 dark:text-gray-300">
          <Icon className="size-4 shrink-0 text-primary-600 dark:text-primary-400" aria-hidden="true" />
          {label}
        </span>
        <span className="text-2xl font-semibold tabular-nums">{value}</span>
        <span className="flex flex-col gap-1.5 text-xs text-gray-500 dark:text-gray-400">{hint}</span>
      </Link>
    </li>
  )
}

/** A thin bar: the share of QR codes activated (decorative; the text says the figures). */
function Progress({ part, whole }: { part: number; whole: number }) {
  const share = whole > 0 ? Math.round((part / whole) * 100) : 0
  return (
    <span className="block h-1.5 w-full overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800" aria-hidden="true">
      <span className="block h-full rounded-full bg-primary-500" style={{ width: `${share}%` }} />
    </span>
  )
}
