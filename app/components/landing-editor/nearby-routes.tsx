import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import type { RouteSummaryView, RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { apiRequest } from '#app/client/api-client.ts'
import { useRouteChange } from './use-route-change.ts'

/** The nearby routes shown at the foot of a landing page: add, order, detach. */
export function NearbyRoutes({ route, candidates, onChange }: { route: RouteView; candidates: RouteSummaryView[]; onChange: (route: RouteView) => void }) {
  const { t } = useTranslation()
  const selectId = useId()
  const [adding, setAdding] = useState('')
  const { busy, run } = useRouteChange(onChange, t('landingEditor.nearbyFailed'))
  const linked = route.nearby_routes
  const available = candidates.filter((c) => c.uuid !== route.uuid && !linked.some((n) => n.uuid === c.uuid))

  const assign = (nearbyRouteUuid: string, sortId: number) =>
    apiRequest('/routes/assign-nearby-route', { method: 'POST', body: { currentRouteUuid: route.uuid, nearbyRouteUuid, sortId }, retries: 0 })
  const detach = (nearbyRouteUuid: string) =>
    apiRequest('/routes/detach-nearby-route', { method: 'DELETE', body: { currentRouteUuid: route.uuid, nearbyRouteUuid } })
  // Assigning a linked route again moves it to that position (the API renumbers the rest).
  const move = (uuid: string, to: number) => run(() => assign(uuid, to))

  return (
    <section aria-labelledby="nearby-title" className="flex flex-col gap-3">
      <h2 id="nearby-title" className="text-lg font-semibold">
        {t('landingEditor.nearby')}
      </h2>
      {linked.length === 0 ? <p className="text-sm text-gray-600 dark:text-gray-300">{t('landingEditor.noNearby')}</p> : null}
      <ol className="flex flex-col gap-2" data-testid="nearby-list">
        {linked.map((n, i) => (
          <li key={n.uuid} className="flex items-center gap-2 rounded-lg border border-gray-200 px-3 py-2 dark:border-gray-800">
            <span className="w-6 text-sm text-gray-500 dark:text-gray-400 tabular-nums">{i + 1}.</span>
            <span className="min-w-0 flex-1 truncate text-sm">{n.name ?? n.slug}</span>
            <Button type="button" variant="ghost" className="px-2" disabled={busy || i === 0} onClick={() => void move(n.uuid, i)} aria-label={t('landingEditor.moveUp', { name: n.name ?? n.slug })}>
              <ArrowUp className="size-4" aria-hidden />
            </Button>
            <Button
              type="button"
              variant="ghost"
              className="px-2"
              disabled={busy || i === linked.length - 1}
              onClick={() => void move(n.uuid, i + 2)}
              aria-label={t('landingEditor.moveDown', { name: n.name ?? n.slug })}
            >
              <ArrowDown className="size-4" aria-hidden />
            </Button>
            <Button type="button" variant="ghost" className="px-2" disabled={busy} onClick={() => void run(() => detach(n.uuid))} aria-label={t('landingEditor.detach', { name: n.name ?? n.slug })}>
              <X className="size-4" aria-hidden />
            </Button>
          </li>
        ))}
      </ol>
      {available.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <label htmlFor={selectId} className="text-sm font-medium">
              {t('landingEditor.addNearby')}
            </label>
            <select
              id={selectId}
              value={adding}
              onChange={(e) => setAdding(e.target.value)}
              className="rounded-lg border border-gray-300 bg-white px-2 py-2 text-sm dark:border-gray-700 dark:bg-gray-900"
            >
              <option value="">{t('landingEditor.chooseRoute')}</option>
              {available.map((c) => (
                <option key={c.uuid} value={c.uuid}>
                  {c.name ?? c.slug}
                </option>
              ))}
            </select>
          </div>
          <Button
            type="button"
            variant="secondary"
            disabled={busy || !adding}
            onClick={() =>
              void run(async () => {
                const next = await assign(adding, linked.length + 1)
                setAdding('')
                return next
              })
            }
          >
            <Plus className="size-4" aria-hidden />
            {t('landingEditor.add')}
          </Button>
        </div>
      ) : null}
    </section>
  )
}
