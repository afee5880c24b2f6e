import { BrandingEditor } from '#app/components/landing-editor/branding-editor.tsx'
import { loadRouteScreen } from './load-route.server.ts'
import { RouteScreen } from '#app/components/landing-editor/route-screen.tsx'
import type { Route } from './+types/branding'

export const loader = (args: Route.LoaderArgs) => loadRouteScreen(args)

export default function Branding({ loaderData }: Route.ComponentProps) {
  return (
    <RouteScreen screen="branding" data={loaderData}>
      {(route) => <BrandingEditor initial={route} fallbackLocale={loaderData.category!.fallbackLocale} />}
    </RouteScreen>
  )
}
