import { useTranslation } from 'react-i18next'
import type { RouteSummaryView } from '#app/modules/walks/walk-responses.schema.ts'
import { noticeSuffix } from '#app/components/notice-badge.tsx'
import { QueryPicker } from '#app/components/query-picker.tsx'

/** Chooses the route a screen edits; the choice lives in the URL (?route=<uuid>). */
export function RoutePicker({ routes, selected }: { routes: RouteSummaryView[]; selected: string | null }) {
  const { t } = useTranslation()
  if (routes.length === 0) return null
  return (
    <QueryPicker
      param="route"
      label={t('landingEditor.route')}
      testId="route-picker"
      value={selected ?? ''}
      className="max-w-[16rem]"
      options={routes.map((r) => ({
        value: r.uuid,
        label: (r.name ?? r.slug) + (r.status === 'draft' ? ` (${t('landingEditor.status.draft')})` : '') + noticeSuffix(r.notice, t),
      }))}
    />
  )
}
