import { clsx } from 'clsx'
import { Download, Filter } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Form, Link } from 'react-router'
import { useDateFormat } from '#app/components/use-date-format.ts'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { useLocale, useLocalePath } from '#app/i18n/use-locale.ts'
import { kindLabels } from '#app/modules/activity/activity-text.ts'
import { ACTIVITY_KINDS, type ActivityEntryView, type ActivityFilters as Filters } from '#app/modules/activity/activity.schema.ts'

// The Activity screen's parts (app/routes/manager/activity.tsx, ADR 115). The filters are a GET
// form: they live in the URL, work before the page's script has run, and the CSV link carries them.

const fieldClass = 'rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-sm dark:border-gray-700 dark:bg-gray-900'
const linkButton = 'inline-flex min-h-10 items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2'

/** The filters as a query string (the page's or the CSV's), without the empty ones. */
function query(filters: Omit<Filters, 'page'> & { page?: number }, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries({ ...filters, ...extra })) if (value !== undefined && value !== '') params.set(name, String(value))
  return params.toString()
}

export function ActivityFilters({ categoryId, filters, members }: { categoryId: number; filters: Filters; members: { id: number; name: string }[] }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900" aria-label={t('activity.filters')} data-testid="activity-filters">
      <input type="hidden" name="category" value={categoryId} />
      <Field label={t('activity.member')} className="w-full min-w-0 sm:w-auto">
        {(id) => (
          <select id={id} name="member" defaultValue={filters.member ?? ''} className={clsx(fieldClass, 'sm:max-w-xs')} data-testid="activity-member">
            <option value="">{t('activity.allMembers')}</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('activity.kind')} className="w-full min-w-0 sm:w-auto">
        {(id) => (
          <select id={id} name="kind" defaultValue={filters.kind ?? ''} className={fieldClass} data-testid="activity-kind">
            <option value="">{t('activity.allKinds')}</option>
            {ACTIVITY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(kindLabels[kind])}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('activity.from')} className="min-w-0 flex-1 basis-32 sm:flex-none sm:basis-auto">
        {(id) => <input id={id} type="date" name="from" defaultValue={filters.from ?? ''} className={clsx(fieldClass, 'w-full')} data-testid="activity-from" />}
      </Field>
      <Field label={t('activity.to')} className="min-w-0 flex-1 basis-32 sm:flex-none sm:basis-auto">
        {(id) => <input id={id} type="date" name="to" defaultValue={filters.to ?? ''} className={clsx(fieldClass, 'w-full')} data-testid="activity-to" />}
      </Field>
      <div className="flex w-full flex-wrap gap-2 sm:w-auto">
        <Button type="submit" data-testid="activity-apply">
          <Filter className="size-4" aria-hidden="true" />
          {t('activity.apply')}
        </Button>
        <Link to={localePath(`/activity?category=${categoryId}`)} className={clsx(linkButton, buttonVariants.ghost)} data-testid="activity-clear">
          {t('activity.clear')}
        </Link>
      </div>
    </Form>
  )
}

/** The CSV of what the filters show (every page), its sentences in the reader's language. */
export function DownloadActivity({ categoryId, filters }: { categoryId: number; filters: Filters }) {
  const { t } = useTranslation()
  const locale = useLocale()
  const { page: _page, ...rest } = filters
  const href = `/api/place-categories/${categoryId}/activity/export?${query(rest, { locale })}`
  return (
    <a href={href} download className={clsx(linkButton, buttonVariants.secondary)} data-testid="activity-download">
      <Download className="size-4" aria-hidden="true" />
      {t('activity.download')}
    </a>
  )
}

export function ActivityList({ entries }: { entries: ActivityEntryView[] }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  return (
    <ol aria-label={t('activity.list')} className="flex flex-col divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white dark:divide-gray-800 dark:border-gray-800 dark:bg-gray-900" data-testid="activity-list">
      {entries.map((entry) => (
        <li key={entry.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4" data-testid="activity-entry" data-action={entry.action}>
          <time dateTime={entry.created_at} className="shrink-0 text-sm text-gray-600 tabular-nums sm:w-44 dark:text-gray-300">
            {dates.dateTime(entry.created_at)}
          </time>
          <p className="min-w-0 flex-1 break-words text-gray-900 dark:text-gray-100">
            <span className="font-semibold" data-testid="activity-member-name">
              {entry.member?.name ?? t('activity.formerMember')}
            </span>
            <span className="sr-only">: </span>
            <span className="block sm:inline sm:before:content-['_·_']" data-testid="activity-summary">
              {entry.summary}
            </span>
          </p>
        </li>
      ))}
    </ol>
  )
}

export function ActivityPager({ categoryId, filters, page, perPage, total }: { categoryId: number; filters: Filters; page: number; perPage: number; total: number }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const pages = Math.max(1, Math.ceil(total / perPage))
  if (pages <= 1) return null
  const to = (p: number) => localePath(`/activity?${query({ ...filters, page: p }, { category: String(categoryId) })}`)
  const link = clsx(linkButton, buttonVariants.secondary)
  return (
    <nav aria-label={t('activity.pageOf', { page, pages })} className="flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={to(page - 1)} className={link}>
          {t('activity.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-gray-600 dark:text-gray-300">{t('activity.pageOf', { page, pages })}</span>
      {page < pages ? (
        <Link to={to(page + 1)} className={link}>
          {t('activity.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
