import { FolderPlus, Footprints } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { data, redirect, useRouteLoaderData } from 'react-router'
import { CategoryCard } from '#app/components/dashboard/category-card.tsx'
import { CategoryForm } from '#app/components/dashboard/category-form.tsx'
import { RouteForm } from '#app/components/dashboard/route-form.tsx'
import { ScreenHeader } from '#app/components/screen-header.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { localeFromParam, localizePath } from '#app/i18n/config.ts'
import { useLocale } from '#app/i18n/use-locale.ts'
import { requireUser } from '#app/modules/auth/guards.ts'
import { createCategorySchema } from '#app/modules/categories/categories.schema.ts'
import type { DashboardCategory } from '#app/modules/dashboard/dashboard.schema.ts'
import { storeWalkSchema } from '#app/modules/walks/walks.schema.ts'
import type { RootLoaderData } from '#app/root.tsx'
import { formFailure, formFields } from '#app/utils/forms.server.ts'
import type { FormResult } from '#app/utils/forms.ts'
import { parseOrThrow } from '#app/utils/validation.ts'
import type { Route } from './+types/dashboard'

type Intent = 'category' | 'route'

function findCategory(nodes: DashboardCategory[], id: number): DashboardCategory | undefined {
  for (const node of nodes) {
    if (node.id === id) return node
    const found = findCategory(node.children, id)
    if (found) return found
  }
  return undefined
}

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args)
  const dashboard = await args.context.services.dashboard.summary(user)
  // ?step=route&category=ID: the second step of the start, a first route in a new category.
  const url = new URL(args.request.url)
  const asked = url.searchParams.get('step') === 'route' ? findCategory(dashboard.categories, Number(url.searchParams.get('category'))) : undefined
  return { dashboard, routeStep: asked ? { id: asked.id, name: asked.name } : null }
}

/** A whole number from a form field, or the text as sent (the schema then says what is wrong). */
const idField = (value: string | undefined) => (value !== undefined && /^\d{1,10}$/.test(value) ? Number(value) : value)

/**
 * The two steps of the start: a category (as POST /api/place-categories), then its first route
 * (as POST /api/routes/store). Same schemas and services as the API, messages in the page's language.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args)
  const { services } = args.context
  const locale = localeFromParam(args.params.lang)
  const form = await args.request.formData()
  const intent: Intent = form.get('intent') === 'route' ? 'route' : 'category'
  try {
    if (intent === 'route') {
      const fields = formFields(form, ['name', 'color', 'place_category_id'])
      const input = parseOrThrow(storeWalkSchema, { ...fields, place_category_id: idField(fields.place_category_id) })
      const route = await services.walks.store(user, input, locale)
      return redirect(localizePath(`/map?category=${input.place_category_id}&route=${route.uuid}`, locale))
    }
    const input = parseOrThrow(createCategorySchema, formFields(form, ['name', 'slug']))
    const category = await services.categories.create(user, input)
    return redirect(localizePath(`/dashboard?step=route&category=${category.id}`, locale))
  } catch (error) {
    const failure = formFailure(error)
    return data({ ...failure.data, intent }, failure.init ?? undefined)
  }
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const user = useRouteLoaderData<RootLoaderData>('root')?.user
  const { dashboard, routeStep } = loaderData
  const results = actionData as (FormResult & { intent: Intent }) | undefined
  const categoryResult = results?.intent === 'category' ? results : undefined
  const routeResult = results?.intent === 'route' ? results : undefined
  const isNew = dashboard.categories.length === 0
  return (
    <>
      <ScreenHeader title={t('nav.dashboard')} description={t('dashboard.welcome', { name: user?.name ?? '' })} />
      {routeStep ? (
        <StartCard step={2} title={t('dashboard.routeForm.title', { name: routeStep.name })} intro={t('dashboard.routeForm.intro')} icon={Footprints}>
          <RouteForm key={routeStep.id} categoryId={routeStep.id} result={routeResult} />
        </StartCard>
      ) : isNew ? (
        <Welcome result={categoryResult} />
      ) : null}
      {!isNew ? <Categories categories={dashboard.categories} period={dashboard.period} result={categoryResult} /> : null}
    </>
  )
}

/** The empty state: what the product does in one line, then the first category's form. */
function Welcome({ result }: { result?: FormResult }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-4" data-testid="dashboard-empty">
      <p className="max-w-3xl text-lg">{t('dashboard.empty.pitch')}</p>
      <StartCard step={1} title={t('dashboard.empty.title')} intro={t('dashboard.empty.start')} icon={FolderPlus}>
        <CategoryForm result={result} />
      </StartCard>
    </div>
  )
}

function StartCard({ step, title, intro, icon: Icon, children }: { step: 1 | 2; title: string; intro: string; icon: typeof FolderPlus; children: React.ReactNode }) {
  const { t } = useTranslation()
  return (
    <section
      aria-labelledby="start-title"
      data-testid={`start-step-${step}`}
      className="mb-6 max-w-2xl rounded-xl border border-primary-200 bg-white p-4 shadow-xs sm:p-6 dark:border-primary-900 dark:bg-gray-900"
    >
      <ol className="mb-4 flex flex-wrap gap-2 text-xs font-medium" aria-label={t('dashboard.steps.label', { step, total: 2 })}>
        {(['category', 'route'] as const).map((name, i) => (
          <li
            key={name}
            aria-current={i + 1 === step ? 'step' : undefined}
            className={
              i + 1 === step
                ? 'rounded-full bg-primary-700 px-2.5 py-1 text-white'
                : 'rounded-full bg-gray-100 px-2.5 py-1 text-gray-600 dark:bg-gray-800 dark:text-gray-300'
            }
          >
            {i + 1}. {t(`dashboard.steps.${name}`)}
          </li>
        ))}
      </ol>
      <h2 id="start-title" className="flex items-center gap-2 text-lg font-semibold">
        <Icon className="size-5 shrink-0 text-primary-600 dark:text-primary-400" aria-hidden="true" />
        {title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-gray-600 dark:text-gray-300">{intro}</p>
      {children}
    </section>
  )
}

function Categories({ categories, period, result }: { categories: DashboardCategory[]; period: { from: string; to: string; days: number }; result?: FormResult }) {
  const { t } = useTranslation()
  const locale = useLocale()
  // A failed submission keeps the form open with its messages, until cancelled.
  const [adding, setAdding] = useState(false)
  const [dismissed, setDismissed] = useState<FormResult | undefined>(undefined)
  const showForm = adding || (result !== undefined && result !== dismissed)
  const cancel = () => {
    setAdding(false)
    setDismissed(result)
  }
  const { number, day } = useMemo(() => {
    const numberFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
    // The roll-ups' days are UTC: shown as such, so server and browser agree.
    const dayFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' })
    return { number: (n: number) => numberFormat.format(n), day: (d: string) => dayFormat.format(new Date(`${d}T00:00:00Z`)) }
  }, [locale])
  return (
    <section aria-labelledby="categories-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h2 id="categories-title" className="text-base font-semibold">
          {t('dashboard.categories')}
        </h2>
        <p className="text-sm text-gray-600 dark:text-gray-300" data-testid="dashboard-period">
          {t('dashboard.period', { days: period.days, from: day(period.from), to: day(period.to) })}
        </p>
        {!showForm ? (
          <Button type="button" variant="secondary" className="sm:ml-auto" onClick={() => setAdding(true)} data-testid="new-category">
            <FolderPlus className="size-4" aria-hidden="true" />
            {t('dashboard.newCategory')}
          </Button>
        ) : null}
      </div>
      {showForm ? (
        <section aria-labelledby="new-category-title" className="max-w-2xl rounded-xl border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-800 dark:bg-gray-900">
          <h3 id="new-category-title" className="mb-4 text-base font-semibold">
            {t('dashboard.categoryForm.title')}
          </h3>
          <CategoryForm result={result} onCancel={cancel} />
        </section>
      ) : null}
      <ul className="flex flex-col gap-4" data-testid="dashboard-categories">
        {categories.map((category) => (
          <CategoryCard key={category.id} category={category} days={period.days} format={number} />
        ))}
      </ul>
    </section>
  )
}
