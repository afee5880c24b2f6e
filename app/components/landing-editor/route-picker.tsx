import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { RouteSummaryView } from '#app/modules/walks/walk-responses.schema.ts'
import { noticeSuffix } from '#app/components/notice-badge.tsx'

/** Chooses the route a screen edits; the choice lives in the URL (?route=<uuid>). */
export function RoutePicker({ routes, selected }: { routes: RouteSummaryView[]; selected: string | null }) {
  const { t } = useTranslation()
  const id = useId()
  const [params, setParams] = useSearchParams()
  if (routes.length === 0) return null
  return (
    <div className="inline-flex items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium">
        {t('landingEditor.route')}
      </label>
      <select
        id={id}
        data-testid="route-picker"
        value={selected ?? ''}
        onChange={(event) => {
          const next = new URLSearchParams(params)
          next.set('route', event.target.value)
          setParams(next)
        }}
        className="max-w-[16rem] rounded-lg border border-gray-300 bg-white px-2 py-1.5 dark:border-gray-700 dark:bg-gray-900"
      >
        {routes.map((r) => (
          <option key={r.uuid} value={r.uuid}>
            {(r.name ?? r.slug) + (r.status === 'draft' ? ` (${t('landingEditor.status.draft')})` : '') + noticeSuffix(r.notice, t)}
          </option>
        ))}
      </select>
    </div>
  )
}
