import type { MetaDescriptor } from 'react-router'
import { CategoryHomePage } from '#app/components/category-home/category-home-page.tsx'
import type { CategoryHomeView } from '#app/components/category-home/category-home-view.ts'
import { routeList } from '#app/modules/discovery/structured-data.ts'
import type { Route } from './+types/category-home'
import { loadCategoryHome } from './category-home.server.ts'

// A category's public home, /c/{category} (on a category's subdomain it is `/`: routes/index.tsx).
export const handle = { hydrate: false, colorMode: 'light' }

export function loader(args: Route.LoaderArgs) {
  return loadCategoryHome(args)
}

export function categoryHomeMeta(view: CategoryHomeView, serviceWorker: string): MetaDescriptor[] {
  return [
    { title: `${view.category.name} · Trailguide` },
    { name: 'description', content: view.routes.map((r) => r.name).join(' · ') || view.category.name },
    { tagName: 'link', rel: 'canonical', href: view.canonicalUrl },
    // The map's stylesheets, fetched beside the page's script (it links them when it starts), as the map page does.
    ...view.assets.styles.map((href) => ({ tagName: 'link', rel: 'preload', as: 'style', href })),
    ...view.alternates.map((a) => ({ tagName: 'link', rel: 'alternate', hrefLang: a.locale, href: a.url })),
    { tagName: 'link', rel: 'manifest', href: '/manifest.webmanifest' },
    { name: 'trailguide:service-worker', content: serviceWorker },
    // Its routes for search engines (schema.org ItemList, ADR 121), those the filters show.
    {
      'script:ld+json': routeList({
        name: view.category.name,
        url: view.canonicalUrl,
        locale: view.locale,
        routes: view.routes.filter((r) => !r.hidden).map((r) => ({ name: r.name, url: new URL(r.landingPath, view.canonicalUrl).toString() })),
      }),
    },
  ]
}

export function meta({ loaderData }: Route.MetaArgs): MetaDescriptor[] {
  return loaderData ? categoryHomeMeta(loaderData.view, loaderData.serviceWorker) : []
}

export default function CategoryHome({ loaderData }: Route.ComponentProps) {
  return <CategoryHomePage view={loaderData.view} />
}
