import { Footprints } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { data, redirect, useRouteLoaderData } from 'react-router'
import { CategoryList } from '#app/components/dashboard/category-list.tsx'
import { RouteForm } from '#app/components/dashboard/route-form.tsx'
import { StartCard, Welcome } from '#app/components/dashboard/start-card.tsx'
import { ScreenHeader } from '#app/components/screen-header.tsx'
import { localeFromParam, localizePath } from '#app/i18n/config.ts'
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
      {!isNew ? <CategoryList categories={dashboard.categories} period={dashboard.period} result={categoryResult} /> : null}
    </>
  )
}
