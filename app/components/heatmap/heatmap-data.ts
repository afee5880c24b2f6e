import type { Heatmap } from '#app/modules/stats/heatmap.schema.ts'

/** What the heatmap screen's loader gives its parts once a category is chosen. */
export interface HeatmapScreenData {
  selected: { id: number; name: string }
  routes: { uuid: string; name: string; draft: boolean }[]
  /** The chosen route's uuid, '' for all routes. */
  route: string
  heatmap: Heatmap
  tiles: { tileUrl: string; attribution: string }
}
