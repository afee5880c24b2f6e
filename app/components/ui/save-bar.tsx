import { clsx } from 'clsx'
import { CheckCircle2, LoaderCircle, Save } from 'lucide-react'
import { Button } from './button.tsx'

const placements = {
  /** Under a long form, stuck to the bottom of the window: the status, then the button. */
  sticky: 'sticky bottom-0 -mx-1 justify-end border-t border-gray-200 bg-white/90 px-1 py-3 backdrop-blur dark:border-gray-800 dark:bg-gray-950/90',
  /** In a panel: the status on the left, the button on the right. */
  inline: 'justify-between',
}

/**
 * An editor's save bar: says (aria-live) whether there are unsaved changes or errors to fix, and
 * saves. The button submits the form around it, or runs `onSave` when given.
 */
export function SaveBar({
  dirty,
  saving,
  invalid = false,
  disabled = false,
  onSave,
  placement = 'sticky',
  labels,
  testId,
  statusTestId,
}: {
  dirty: boolean
  saving: boolean
  /** The form has errors: say so instead of "unsaved". */
  invalid?: boolean
  disabled?: boolean
  onSave?: () => void
  placement?: keyof typeof placements
  /** `saved`, when given, is said (with a tick) when nothing is left to save; `unsaved` then gets a dot; `invalid` with `invalid`. */
  labels: { save: string; unsaved: string; saved?: string; invalid?: string }
  testId: string
  statusTestId: string
}) {
  return (
    <div className={clsx('flex items-center gap-3', placements[placement])}>
      <span
        className={clsx('flex items-center gap-1.5 text-sm', invalid ? 'font-medium text-red-700 dark:text-red-400' : 'text-gray-600 dark:text-gray-300')}
        aria-live="polite"
        data-testid={statusTestId}
      >
        {invalid ? (
          labels.invalid
        ) : dirty ? (
          <>
            {labels.saved ? <span className="size-2 shrink-0 rounded-full bg-amber-500" aria-hidden /> : null}
            {labels.unsaved}
          </>
        ) : labels.saved ? (
          <>
            <CheckCircle2 className="size-4 shrink-0 text-primary-600" aria-hidden />
            {labels.saved}
          </>
        ) : null}
      </span>
      <Button type={onSave ? 'button' : 'submit'} onClick={onSave} disabled={saving || disabled || !dirty} data-testid={testId} className="shrink-0 whitespace-nowrap">
        {saving ? <LoaderCircle className="size-4 animate-spin" aria-hidden /> : <Save className="size-4" aria-hidden />}
        {labels.save}
      </Button>
    </div>
  )
}
