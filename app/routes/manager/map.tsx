import { loadMapEditor } from './load-map-editor.server.ts'
import { MapEditorScreen } from '#app/components/map-editor/map-editor-screen.tsx'
import type { Route } from './+types/map'

export const loader = (args: Route.LoaderArgs) => loadMapEditor(args)

export default function MapEditor({ loaderData }: Route.ComponentProps) {
  return <MapEditorScreen data={loaderData} />
}
