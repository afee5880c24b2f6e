import { Loader2 } from 'lucide-react'
import type { AiStatus } from '#app/modules/ai/ai.schema.ts'

/** What the assistant screen's loader gives its parts once a category is chosen. */
export interface AiScreenData {
  selected: { id: number }
  /** The category's placed places: a route starts at one. */
  places: { id: number; name: string }[]
  routes: { uuid: string; name: string; draft: boolean }[]
  status: AiStatus
  tiles: { tileUrl: string; attribution: string }
}

export const cardClass = 'flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-800 dark:bg-gray-900'
export const fieldClass =
  'min-h-11 rounded-lg border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 focus:border-primary-500 focus:ring-2 focus:ring-primary-500/30 focus:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100'

export const Spinner = () => <Loader2 className="size-4 animate-spin" aria-hidden="true" />
