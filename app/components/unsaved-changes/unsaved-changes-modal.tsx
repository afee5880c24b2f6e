import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { Modal } from '#app/components/ui/modal.tsx'
import { useDateFormat } from '#app/components/use-date-format.ts'

export interface UnsavedChangesModalProps {
  open: boolean
  /** The name of what has unsaved changes (a route). */
  name: string
  /** True while the page saves; the buttons are disabled. */
  saving: boolean
  onSave(): void
  onDiscard(): void
  onCancel(): void
}

/** Leaving with unsaved changes: save, discard or stay (the page drives the outcome). */
export function UnsavedChangesModal({ open, name, saving, onSave, onDiscard, onCancel }: UnsavedChangesModalProps) {
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
      description={t('routeModals.saveModified.description', { name })}
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

/** After signing in again: the work kept when the session ended, to put back or drop. */
export function KeptWorkOffer({ kept }: { kept: { keptAt: number; restore(): void; dismiss(): void } | null }) {
  const { t } = useTranslation()
  const dates = useDateFormat()
  if (!kept) return null
  const when = dates.dateTime(new Date(kept.keptAt))
  return (
    <div role="status" data-testid="kept-work" className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
      <p className="min-w-64 flex-1">{t('editorSafety.kept.text', { when })}</p>
      <div className="flex gap-2">
        <Button type="button" variant="secondary" onClick={kept.dismiss} data-testid="kept-work-dismiss">
          {t('editorSafety.kept.dismiss')}
        </Button>
        <Button type="button" onClick={kept.restore} data-testid="kept-work-restore">
          {t('editorSafety.kept.restore')}
        </Button>
      </div>
    </div>
  )
}
