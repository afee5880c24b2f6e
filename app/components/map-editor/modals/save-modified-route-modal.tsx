import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import type { SaveModifiedRouteModalProps } from '../contracts.ts'

/** Leaving a route with unsaved changes: save, discard or stay (the page drives the outcome). */
export function SaveModifiedRouteModal({ open, routeName, saving, onSave, onDiscard, onCancel }: SaveModifiedRouteModalProps) {
  const { t } = useTranslation()
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel()
      }}
      dismissible={!saving}
      size="sm"
      testId="save-modified-route-modal"
      title={t('routeModals.saveModified.title')}
      description={t('routeModals.saveModified.description', { name: routeName })}
      footer={
        <>
          <Button type="button" variant="ghost" onClick={onCancel} disabled={saving} data-testid="save-modified-cancel">
            {t('routeModals.cancel')}
          </Button>
          <Button type="button" variant="secondary" onClick={onDiscard} disabled={saving} data-testid="save-modified-discard">
            {t('routeModals.saveModified.discard')}
          </Button>
          <Button type="button" onClick={onSave} disabled={saving} data-testid="save-modified-save">
            {saving ? t('routeModals.saving') : t('routeModals.saveModified.save')}
          </Button>
        </>
      }
    />
  )
}
