import { redirect } from 'react-router'
import { EmbedList } from '#app/components/public/embed-list.tsx'
import { localeFromParam, localizePath } from '#app/i18n/config.ts'
import { assertLocaleParam } from '#app/modules/auth/guards.ts'
import type { OpenCategory } from '#app/modules/transfer/open-data.schema.ts'
import type { Route } from './+types/embed'
import { notFound } from './route-address.server.ts'

// /embed/{category}: the list of a category's published routes that its own web site frames
// (the snippet on /landing/list). The open data answer's public fields only; may be framed by
// any site (server/security-headers.ts), no script at all.
export const handle = { hydrate: false, colorMode: 'light' }

const decoder = new TextDecoder()

export async function loader({ params, context, request }: Route.LoaderArgs) {
  assertLocaleParam(params)
  const locale = localeFromParam(params.lang)
  const kept = await context.services.openData.category(params.category, locale)
  if (!kept) throw notFound()
  const category = (JSON.parse(decoder.decode(kept.body)) as { data: OpenCategory }).data
  // An old category slug (a snippet pasted before a rename) moves to the current one, still framable.
  if (category.slug !== params.category) throw redirect(localizePath(`/embed/${category.slug}`, locale) + new URL(request.url).search, 301)
  return { category }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? [{ title: loaderData.category.name }, { name: 'robots', content: 'noindex' }] : []
}

export default function Embed({ loaderData }: Route.ComponentProps) {
  return <EmbedList category={loaderData.category} />
}
