import { useTranslation } from 'react-i18next'
import { CategoryPicker } from '#app/components/category-picker.tsx'
import { ActivityFilters, ActivityList, ActivityPager, DownloadActivity } from '#app/components/activity/activity-log.tsx'
import { EmptyState } from '#app/components/landing-editor/empty-state.tsx'
import { ScreenHeader } from '#app/components/screen-header.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { localeFromParam } from '#app/i18n/config.ts'
import { requireUser } from '#app/modules/auth/guards.ts'
import { selectedCategory } from '#app/modules/categories/selected-category.server.ts'
import { activityQuery } from '#app/modules/activity/activity.schema.ts'
import { issuesToFieldErrors } from '#app/utils/validation.ts'
import type { Route } from './+types/activity'

// The Activity screen (ADR 115): who did what in the category, filtered by member, kind and
// period (the filters live in the URL), 50 a page, and its CSV. The same service as
// GET /api/place-categories/{id}/activity.

const FILTERS = ['member', 'kind', 'from', 'to', 'page'] as const

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args)
  const { services } = args.context
  const url = new URL(args.request.url)
  const locale = localeFromParam(args.params.lang)
  const { categories, selected } = await selectedCategory(services, user, url)
  const asked = Object.fromEntries(FILTERS.map((name) => [name, url.searchParams.get(name) || undefined]))
  const parsed = activityQuery.safeParse(asked)
  // Filters that do not parse are dropped, and said: the log shows unfiltered rather than fail.
  const invalid = parsed.success ? null : (Object.values(issuesToFieldErrors(parsed.error.issues, asked))[0]?.[0] ?? null)
  const filters = parsed.success ? parsed.data : {}
  // How long entries are kept (ACTIVITY_DAYS), said even when there is no category to show.
  const activityDays = services.config.ACTIVITY_DAYS
  if (!selected) return { categories, category: null, filters, invalid, log: null, activityDays }
  const log = await services.activity.list(user, selected.id, filters, locale)
  return { categories, category: { id: selected.id, name: selected.name }, filters, invalid, log, activityDays }
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { categories, category, filters, invalid, log, activityDays } = loaderData
  const filtered = Object.values(filters).some((value) => value !== undefined)
  return (
    <>
      <ScreenHeader title={t('nav.activity')} description={t('activity.description', { days: activityDays })} />
      {!category || !log ? (
        <EmptyState text={t('categories.none')} />
      ) : (
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CategoryPicker categories={categories} selectedId={category.id} />
            <DownloadActivity categoryId={category.id} filters={filters} />
          </div>
          <ActivityFilters categoryId={category.id} filters={filters} members={log.meta.members} />
          {invalid ? <Alert tone="error" message={invalid} /> : null}
          {log.data.length === 0 ? (
            <EmptyState text={t(filtered ? 'activity.emptyFiltered' : 'activity.empty')} />
          ) : (
            <>
              <p className="text-sm text-gray-700 dark:text-gray-300" data-testid="activity-total">
                {t('activity.total', { count: log.meta.total })}
              </p>
              <ActivityList entries={log.data} />
              <ActivityPager filters={filters} categoryId={category.id} page={log.meta.page} perPage={log.meta.per_page} total={log.meta.total} />
            </>
          )}
        </div>
      )}
    </>
  )
}
