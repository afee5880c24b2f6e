import { Save } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'

/** The editors' sticky save bar: says when there are unsaved changes, saves the form. */
export function SaveBar({ dirty, saving, testId, invalid = false }: { dirty: boolean; saving: boolean; testId: string; invalid?: boolean }) {
  const { t } = useTranslation()
  return (
    <div className="sticky bottom-0 -mx-1 flex items-center justify-end gap-3 border-t border-gray-200 bg-white/90 px-1 py-3 backdrop-blur dark:border-gray-800 dark:bg-gray-950/90">
      <span className={invalid ? 'text-sm font-medium text-red-700 dark:text-red-400' : 'text-sm text-gray-600 dark:text-gray-300'} aria-live="polite" data-testid="save-bar-status">
        {invalid ? t('editorSafety.fixErrors') : dirty ? t('landingEditor.unsaved') : null}
      </span>
      <Button type="submit" disabled={saving || !dirty} data-testid={testId}>
        <Save className="size-4" aria-hidden />
        {t('landingEditor.save')}
      </Button>
    </div>
  )
}
