import { useTranslation } from 'react-i18next'
import { data } from 'react-router'
import { CategoryPicker } from '#app/components/category-picker.tsx'
import { EmptyState } from '#app/components/landing-editor/empty-state.tsx'
import { ReportList, ReportsPager, StatusFilter } from '#app/components/reports/report-list.tsx'
import { ScreenHeader } from '#app/components/screen-header.tsx'
import { localeFromParam } from '#app/i18n/config.ts'
import { requireUser } from '#app/modules/auth/guards.ts'
import { selectedCategory } from '#app/modules/categories/selected-category.server.ts'
import { reportListQuery, reportStatusSchema } from '#app/modules/reports/reports.schema.ts'
import { formFailure, formFields } from '#app/utils/forms.server.ts'
import { invalidField } from '#app/utils/errors.ts'
import { parseOrThrow } from '#app/utils/validation.ts'
import type { Route } from './+types/reports'

// The Reports screen: what visitors reported on the category's trails, open or
// resolved, 25 a page; resolve and reopen. The same service as GET/PUT /api/place-categories/{id}/reports.

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args)
  const { services } = args.context
  const url = new URL(args.request.url)
  const locale = localeFromParam(args.params.lang)
  const { categories, selected } = await selectedCategory(services, user, url)
  const query = reportListQuery.safeParse({ status: url.searchParams.get('status') ?? undefined, page: url.searchParams.get('page') ?? undefined })
  const { status = 'open', page = 1 } = query.success ? query.data : {}
  if (!selected) return { categories, category: null, status, list: null }
  const list = await services.reports.list(user, selected.id, { status, page, locale })
  return { categories, category: { id: selected.id, name: selected.name }, status, list }
}

/** Resolve or reopen one report (a form per report: it works before the page's script has run). */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args)
  const { services } = args.context
  const locale = localeFromParam(args.params.lang)
  const form = await args.request.formData()
  try {
    const fields = formFields(form, ['category', 'report', 'status'])
    const { status } = parseOrThrow(reportStatusSchema, { status: fields.status })
    const [category, report] = [Number(fields.category), Number(fields.report)]
    if (!Number.isInteger(category) || category < 1) throw invalidField('category', 'validation.invalid', { attribute: 'category' })
    if (!Number.isInteger(report) || report < 1) throw invalidField('report', 'validation.invalid', { attribute: 'report' })
    const updated = await services.reports.setStatus(user, category, report, status, locale)
    return { updated: { id: updated.id, status: updated.status } }
  } catch (error) {
    const failure = formFailure(error)
    return data(failure.data, failure.init ?? undefined)
  }
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const { categories, category, status, list } = loaderData
  return (
    <>
      <ScreenHeader title={t('reports.nav')} description={t('reports.screen.description')} />
      {!category || !list ? (
        <EmptyState text={t('categories.none')} />
      ) : (
        <div className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CategoryPicker categories={categories} selectedId={category.id} />
            <StatusFilter categoryId={category.id} status={status} open={list.meta.open} />
          </div>
          {list.data.length === 0 ? (
            <EmptyState text={t(status === 'open' ? 'reports.screen.emptyOpen' : 'reports.screen.emptyResolved')} />
          ) : (
            <>
              <ReportList categoryId={category.id} reports={list.data} />
              <ReportsPager categoryId={category.id} status={status} page={list.meta.page} perPage={list.meta.per_page} total={list.meta.total} />
            </>
          )}
        </div>
      )}
    </>
  )
}
