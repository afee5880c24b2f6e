import { LandingEditor } from '#app/components/landing-editor/landing-editor.tsx'
import { loadRouteScreen } from './load-route.server.ts'
import { RouteScreen } from '#app/components/landing-editor/route-screen.tsx'
import type { Route } from './+types/landing'

export const loader = (args: Route.LoaderArgs) => loadRouteScreen(args)

export default function Landing({ loaderData }: Route.ComponentProps) {
  return (
    <RouteScreen screen="landing" data={loaderData}>
      {(route) => (
        <LandingEditor
          initial={route} routes={loaderData.routes} addressing={loaderData.addressing} category={loaderData.category!.slug} fallbackLocale={loaderData.category!.fallbackLocale} contentLocales={loaderData.category!.contentLocales}
          revisionsDays={loaderData.revisionsDays}
          aiTexts={loaderData.aiTexts}
        />
      )}
    </RouteScreen>
  )
}
