import { redirect, type MetaDescriptor } from 'react-router'
import { RouteLeaflet } from '#app/components/print/route-leaflet.tsx'
import type { PrintSize } from '#app/components/print/print-view.ts'
import { localeFromParam } from '#app/i18n/config.ts'
import { assertLocaleParam } from '#app/modules/auth/guards.ts'
import { addressingOf, parseRoutePath, printAddress } from '#app/modules/addresses/route-address.ts'
import type { Route } from './+types/print'
import Landing, { action as landingAction, loader as landingLoader, meta as landingMeta } from './landing.tsx'
import { printView } from './print-view.server.ts'
import { notFound } from './route-address.server.ts'

// The print kit's route leaflet: /r/{category}/{slug}/print (or /r/{slug}/print on the category's
// host), A4 by default, ?size=a5. Server-rendered, no framework runtime; a route's drafts print
// for its members only. Its address is the landing page's plus /print (ADR 011): any other
// address of the route answers 301 to it.
export const handle = { hydrate: false, colorMode: 'light' }

type Args = Route.LoaderArgs | Route.ActionArgs

/** `/r/{category}/print` on the base host is the landing page of a route named "print". */
const isLandingAddress = (args: Args) => !args.params.category && !args.context.categorySlug

const landingArgs = <T extends Args>(args: T): T => ({ ...args, params: { lang: args.params.lang, '*': `${args.params.slug}/print` } }) as T

export async function loader(args: Route.LoaderArgs) {
  if (isLandingAddress(args)) return { kind: 'landing' as const, ...(await landingLoader(landingArgs(args) as never)) }
  assertLocaleParam(args.params)
  const { services, user, categorySlug } = args.context
  const asked = parseRoutePath(`${args.params.category ?? categorySlug}/${args.params.slug}`)
  if (!asked) throw notFound()
  const locale = localeFromParam(args.params.lang)
  const route = await services.walks.publicRoute(asked, { locale, viewer: user })
  if (!route) throw notFound()
  const url = new URL(args.request.url)
  const size: PrintSize = url.searchParams.get('size') === 'a5' ? 'a5' : 'a4'
  const addressing = addressingOf(services.config)
  const ref = { category: route.place_category.slug, slug: route.slug }
  const canonical = printAddress(addressing, ref, { locale })
  const onCanonicalHost = !addressing.subdomains || categorySlug === ref.category
  if (url.pathname !== canonical.path || !onCanonicalHost) {
    throw redirect(`${addressing.subdomains ? canonical.url : canonical.path}${url.search}`, 301)
  }
  return { kind: 'print' as const, view: await printView(services, route, { locale, size, ref }) }
}

export async function action(args: Route.ActionArgs) {
  if (isLandingAddress(args)) return landingAction(landingArgs(args) as never)
  throw notFound()
}

export function meta(args: Route.MetaArgs): MetaDescriptor[] {
  const data = args.loaderData
  if (!data) return []
  if (data.kind === 'landing') return landingMeta(args as never)
  return [{ title: `${data.view.name} · Trailguide` }, { name: 'robots', content: 'noindex' }]
}

export default function Print(props: Route.ComponentProps) {
  const data = props.loaderData
  if (data.kind === 'landing') return <Landing {...(props as unknown as Parameters<typeof Landing>[0])} />
  return <RouteLeaflet view={data.view} />
}
