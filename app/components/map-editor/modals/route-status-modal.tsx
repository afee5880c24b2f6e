import { clsx } from 'clsx'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmModal } from '#app/components/ui/modal.tsx'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { walkStatuses } from '#app/modules/walks/walks.schema.ts'
import { apiRequest } from '#app/client/api-client.ts'
import { ErrorBanner } from '#app/components/ui/alert.tsx'
import { errorsOf } from './form-bits.tsx'
import { useBusyAction } from '#app/components/ui/use-busy-action.ts'

type Status = (typeof walkStatuses)[number]

/** Draft or published, saved alone: PUT /api/routes/update {uuid, status}. */
export function RouteStatusModal({ open, onOpenChange, route, onUpdated }: { open: boolean; onOpenChange(open: boolean): void; route: RouteView; onUpdated(route: RouteView): void }) {
  const { t } = useTranslation()
  const formId = useId()
  const [status, setStatus] = useState<Status>(route.status === 'published' ? 'published' : 'draft')
  const [busy, run] = useBusyAction()
  const [error, setError] = useState<string | null>(null)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (status === route.status) return onOpenChange(false)
    await run(async () => {
      setError(null)
      try {
        const updated = await apiRequest('/routes/update', { method: 'PUT', body: { uuid: route.uuid, status } })
        onOpenChange(false)
        onUpdated(updated)
      } catch (e) {
        setError(errorsOf(e, t('routeModals.updateFailed')).form ?? t('routeModals.updateFailed'))
      }
    })
  }

  return (
    <ConfirmModal
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      testId="route-status-modal"
      title={t('routeModals.status.title')}
      description={t('routeModals.status.description', { name: route.name ?? route.slug })}
      confirm={{ form: formId, label: busy ? t('routeModals.saving') : t('routeModals.status.submit'), testId: 'route-status-submit' }}
    >
      <form id={formId} onSubmit={submit} className="flex flex-col gap-3">
        <ErrorBanner message={error} testId="modal-error" />
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('routeModals.status.title')}</legend>
          {walkStatuses.map((value) => (
            <label
              key={value}
              className={clsx(
                'flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-600',
                status === value ? 'border-primary-600 bg-primary-50 dark:bg-primary-950' : 'border-gray-200 dark:border-gray-800',
              )}
            >
              <input
                type="radio"
                name="route-status"
                value={value}
                checked={status === value}
                onChange={() => setStatus(value)}
                className="mt-1 accent-primary-600"
                data-testid={`route-status-${value}`}
              />
              <span className="flex flex-col">
                <span className="font-medium">{t(`landingEditor.status.${value}`)}</span>
                <span className="text-sm text-gray-600 dark:text-gray-300">{t(`routeModals.status.${value}Help`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </form>
    </ConfirmModal>
  )
}
