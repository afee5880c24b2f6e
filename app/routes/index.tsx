import { redirect } from 'react-router'
import { CategoryHomePage } from '#app/components/category-home/category-home-page.tsx'
import { localeFromParam, localizePath } from '#app/i18n/config.ts'
import { assertLocaleParam } from '#app/modules/auth/guards.ts'
import type { Route } from './+types/index'
import { categoryHomeMeta } from './public/category-home.tsx'
import { loadCategoryHome } from './public/category-home.server.ts'

// On a category's subdomain (SUBDOMAIN_ROUTING=on), "/" is the category's public home,
// complete as HTML like the other visitor pages.
export const handle = { hydrate: false }

/** "/" on the base host has no page of its own: ROOT_REDIRECT when set, else the dashboard or the login page. */
export async function loader(args: Route.LoaderArgs) {
  const { context, params } = args
  // "/zz", "/q/", "/c/": not a language, so no page (a 404, not the sign-in page).
  assertLocaleParam(params)
  if (context.categorySlug) return loadCategoryHome({ ...args, params: { lang: params.lang } })
  const { ROOT_REDIRECT, ROOT_REDIRECT_STATUS } = context.services.config
  if (ROOT_REDIRECT) throw redirect(ROOT_REDIRECT, ROOT_REDIRECT_STATUS)
  throw redirect(localizePath(context.user ? '/dashboard' : '/auth/login', localeFromParam(params.lang)), 302)
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? categoryHomeMeta(loaderData.view, loaderData.serviceWorker) : []
}

export default function Index({ loaderData }: Route.ComponentProps) {
  return <CategoryHomePage view={loaderData.view} />
}
