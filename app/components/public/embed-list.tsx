import { useTranslation } from 'react-i18next'
import type { OpenCategory } from '#app/modules/transfer/open-data.schema.ts'
import { formatDuration, formatRouteDistance } from '#app/utils/format-walk.ts'

/**
 * A category's published routes as a plain list, made to sit in an iframe on the category's own
 * web site: no script, no framework; each route opens its landing page in a new tab.
 */
export function EmbedList({ category }: { category: OpenCategory }) {
  const { t } = useTranslation()
  return (
    <main className="min-h-dvh bg-white p-3 text-gray-900" lang={category.locale}>
      <h1 className="sr-only">{t('embed.title', { name: category.name })}</h1>
      {category.routes.length === 0 ? (
        <p className="p-4 text-center text-sm text-gray-600">{t('embed.none')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="embed-routes">
          {category.routes.map((route) => (
            <li key={route.uuid}>
              <a
                href={route.url}
                target="_blank"
                rel="noopener"
                className="flex h-full gap-3 overflow-hidden rounded-xl border border-gray-200 bg-white p-3 hover:border-gray-400 focus-visible:outline-2 focus-visible:outline-primary-600"
                data-testid="embed-route"
              >
                <span className="w-1.5 shrink-0 rounded-full" style={{ backgroundColor: route.color }} aria-hidden />
                {route.photo ? <img src={route.photo} alt="" className="size-16 shrink-0 rounded-lg object-cover" loading="lazy" /> : null}
                <span className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-semibold">{route.name}</span>
                  {route.subtitle ? <span className="text-sm text-gray-600">{route.subtitle}</span> : null}
                  <span className="text-xs text-gray-600">
                    {formatRouteDistance(route.distance, category.locale)} · {formatDuration(route.duration)} · {t('embed.stops', { count: route.places_count })}
                  </span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-right text-xs text-gray-500">{t('embed.credit', { name: category.name })}</p>
    </main>
  )
}
