import { CheckCircle2, LoaderCircle, Save } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'

/** Says whether the route has unsaved changes and saves it. */
export function SaveBar({ dirty, saving, disabled, onSave }: { dirty: boolean; saving: boolean; disabled: boolean; onSave(): void }) {
  const { t } = useTranslation()
  return (
    <div className="flex items-center justify-between gap-3">
      <span className="flex items-center gap-1.5 text-sm text-gray-600 dark:text-gray-300" aria-live="polite" data-testid="save-state">
        {dirty ? (
          <>
            <span className="size-2 shrink-0 rounded-full bg-amber-500" aria-hidden />
            {t('mapEditor.unsaved')}
          </>
        ) : (
          <>
            <CheckCircle2 className="size-4 shrink-0 text-primary-600" aria-hidden />
            {t('mapEditor.allSaved')}
          </>
        )}
      </span>
      <Button type="button" onClick={onSave} disabled={saving || disabled || !dirty} data-testid="route-save" className="shrink-0 whitespace-nowrap">
        {saving ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <Save className="size-4" aria-hidden />}
        {t('mapEditor.save')}
      </Button>
    </div>
  )
}
