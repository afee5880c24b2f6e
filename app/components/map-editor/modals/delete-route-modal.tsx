import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { addToast } from '#app/components/shell/toast-store.ts'
import { ConfirmModal } from '#app/components/ui/modal.tsx'
import { apiRequest } from '#app/client/api-client.ts'
import { useBusyAction } from '#app/components/ui/use-busy-action.ts'

/** Asks before DELETE /api/routes/delete; on failure the spec's "Failed to delete route". */
export function DeleteRouteModal({
  open,
  onOpenChange,
  route,
  onDeleted,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  route: { uuid: string; name: string }
  onDeleted(uuid: string, trashId: number): void
}) {
  const { t } = useTranslation()
  const [busy, run] = useBusyAction()

  const remove = () =>
    run(async () => {
      try {
        const { trash_id } = await apiRequest('/routes/delete', { method: 'DELETE', body: { uuid: route.uuid } })
        onOpenChange(false)
        onDeleted(route.uuid, trash_id)
      } catch {
        addToast({ title: t('routeModals.delete.failed') })
      }
    })

  return (
    <ConfirmModal
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      testId="delete-route-modal"
      title={t('routeModals.delete.title')}
      description={t('routeModals.delete.description', { name: route.name })}
      confirm={{
        onConfirm: remove,
        variant: 'danger',
        icon: <Trash2 className="size-4" aria-hidden />,
        label: busy ? t('routeModals.delete.deleting') : t('routeModals.delete.confirm'),
        testId: 'confirm-delete-route',
      }}
    >
      <p className="text-sm text-gray-700 dark:text-gray-300">{t('routeModals.delete.warning')}</p>
    </ConfirmModal>
  )
}
