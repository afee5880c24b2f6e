import { clsx } from 'clsx'
import { CheckCircle2, MapPin, QrCode, RotateCcw, Route as RouteIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useFetcher } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { useDateFormat } from '#app/components/use-date-format.ts'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import type { ReportStatus, ReportView } from '#app/modules/reports/reports.schema.ts'

// The Reports screen's parts (app/routes/manager/reports.tsx). Visitors' texts are shown as
// text (React escapes them), never as HTML.

const kindStyles: Record<ReportView['kind'], string> = {
  plaque_damaged: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  path_blocked: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  information_wrong: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100',
  other: 'bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-100',
}

/** Open / resolved, as links (the choice lives in the URL); the open count beside "Open". */
export function StatusFilter({ categoryId, status, open }: { categoryId: number; status: ReportStatus; open: number }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const tab = (value: ReportStatus, label: string) => (
    <Link
      to={localePath(`/reports?category=${categoryId}&status=${value}`)}
      aria-current={status === value ? 'page' : undefined}
      data-testid={`reports-filter-${value}`}
      className={clsx(
        'inline-flex min-h-10 items-center gap-2 rounded-md px-3 text-sm font-medium',
        status === value ? 'bg-white text-gray-900 shadow-sm dark:bg-gray-700 dark:text-white' : 'text-gray-700 hover:text-gray-900 dark:text-gray-300',
      )}
    >
      {label}
      {value === 'open' ? <CountBadge count={open} /> : null}
    </Link>
  )
  return (
    <nav aria-label={t('reports.screen.filter')} className="inline-flex gap-1 rounded-lg bg-gray-100 p-1 dark:bg-gray-800">
      {tab('open', t('reports.screen.open'))}
      {tab('resolved', t('reports.screen.resolved'))}
    </nav>
  )
}

/** The open count as a small red pill (the navigation's, the dashboard's, the filter's); nothing at 0. */
export function CountBadge({ count, testId }: { count: number; testId?: string }) {
  const { t } = useTranslation()
  if (count <= 0) return null
  return (
    <span data-testid={testId} className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs leading-5 font-semibold text-white tabular-nums">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{t('reports.badge', { count })}</span>
    </span>
  )
}

export function ReportList({ categoryId, reports }: { categoryId: number; reports: ReportView[] }) {
  const { t } = useTranslation()
  return (
    <ul aria-label={t('reports.screen.list')} className="flex flex-col gap-3" data-testid="report-list">
      {reports.map((report) => (
        <ReportCard key={report.id} categoryId={categoryId} report={report} />
      ))}
    </ul>
  )
}

function ReportCard({ categoryId, report }: { categoryId: number; report: ReportView }) {
  const { t } = useTranslation()
  const { dateTime: date } = useDateFormat()
  const fetcher = useFetcher()
  const busy = fetcher.state !== 'idle'
  const resolved = report.status === 'resolved'
  return (
    <li data-testid="report" data-report-id={report.id} data-status={report.status} className="rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <div className="flex flex-wrap items-center gap-2">
        <span className={clsx('rounded-full px-2.5 py-0.5 text-sm font-medium', kindStyles[report.kind])}>{t(`reports.kinds.${report.kind}`)}</span>
        <span className={clsx('rounded-full px-2 py-0.5 text-xs font-medium', resolved ? 'bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-100' : 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-100')}>
          {t(resolved ? 'reports.screen.statusResolved' : 'reports.screen.statusOpen')}
        </span>
        <span className="ml-auto text-sm text-gray-600 dark:text-gray-300" data-testid="report-received">
          {t('reports.screen.received', { date: date(report.created_at) })}
        </span>
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {report.place ? <Fact icon={<MapPin className="size-4" aria-hidden="true" />} label={t('reports.screen.place')} value={report.place.name} /> : null}
        {report.qr_code ? <Fact icon={<QrCode className="size-4" aria-hidden="true" />} label={t('reports.screen.plaque')} value={report.qr_code.name ? `${report.qr_code.code} · ${report.qr_code.name}` : report.qr_code.code} /> : null}
        {report.route ? <Fact icon={<RouteIcon className="size-4" aria-hidden="true" />} label={t('reports.screen.route')} value={report.route.name} /> : null}
      </dl>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <p data-testid="report-message" className={clsx('min-w-0 flex-1 break-words whitespace-pre-line', report.message ? 'text-gray-900 dark:text-gray-100' : 'text-gray-500 dark:text-gray-400 italic')}>
          {report.message || t('reports.screen.noMessage')}
        </p>
        {report.photo ? (
          <a href={report.photo} target="_blank" rel="noreferrer" className="shrink-0">
            <img src={report.photo} alt={t('reports.screen.photoAlt')} loading="lazy" className="h-28 w-40 rounded-lg border border-gray-200 object-cover dark:border-gray-700" />
          </a>
        ) : null}
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-gray-600 dark:text-gray-400">{resolved && report.resolved_at ? t('reports.screen.resolvedAt', { date: date(report.resolved_at) }) : null}</span>
        <fetcher.Form method="post">
          <input type="hidden" name="category" value={categoryId} />
          <input type="hidden" name="report" value={report.id} />
          <input type="hidden" name="status" value={resolved ? 'open' : 'resolved'} />
          <Button type="submit" variant={resolved ? 'secondary' : 'primary'} disabled={busy} data-testid={resolved ? 'report-reopen' : 'report-resolve'}>
            {resolved ? <RotateCcw className="size-4" aria-hidden="true" /> : <CheckCircle2 className="size-4" aria-hidden="true" />}
            {t(resolved ? 'reports.screen.reopen' : 'reports.screen.resolve')}
          </Button>
        </fetcher.Form>
      </div>
    </li>
  )
}

function Fact({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <div className="flex min-w-0 items-center gap-1.5 text-gray-700 dark:text-gray-300">
      {icon}
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 break-words">
        <span aria-hidden="true" className="text-gray-500 dark:text-gray-400">
          {label}:{' '}
        </span>
        <span className="font-medium text-gray-900 dark:text-gray-100">{value}</span>
      </dd>
    </div>
  )
}

export function ReportsPager({ categoryId, status, page, perPage, total }: { categoryId: number; status: ReportStatus; page: number; perPage: number; total: number }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const pages = Math.max(1, Math.ceil(total / perPage))
  if (pages <= 1) return null
  const to = (p: number) => localePath(`/reports?category=${categoryId}&status=${status}&page=${p}`)
  const link = 'inline-flex min-h-10 items-center rounded-lg border border-gray-300 px-3 text-sm font-medium hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800'
  return (
    <nav aria-label={t('reports.screen.pageOf', { page, pages })} className="flex items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={to(page - 1)} className={link}>
          {t('reports.screen.previous')}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-gray-600 dark:text-gray-300">{t('reports.screen.pageOf', { page, pages })}</span>
      {page < pages ? (
        <Link to={to(page + 1)} className={link}>
          {t('reports.screen.next')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
