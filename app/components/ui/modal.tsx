import * as Dialog from '@radix-ui/react-dialog'
import { clsx } from 'clsx'
import { X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from './button.tsx'

export interface ModalProps {
  open: boolean
  onOpenChange(open: boolean): void
  title: string
  /** Read out with the title; omit when the body says it all. */
  description?: React.ReactNode
  children?: React.ReactNode
  /** Buttons at the bottom, right-aligned (stacked full width on phones). */
  footer?: React.ReactNode
  size?: 'sm' | 'md' | 'lg'
  testId?: string
  /** False while a request runs: Escape, the overlay and the close button do nothing. */
  dismissible?: boolean
}

const widths = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' }

/**
 * A dialog on Radix (focus trap, Escape, focus returned to the opener, aria-modal). A bottom
 * sheet on phones, centred from `sm` up. z-[85]: over the page and its (isolated) maps, under
 * the toasts' z-[90] so a failure toast stays readable.
 */
export function Modal({ open, onOpenChange, title, description, children, footer, size = 'md', testId, dismissible = true }: ModalProps) {
  const { t } = useTranslation()
  const change = (next: boolean) => {
    if (next || dismissible) onOpenChange(next)
  }
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[85] bg-gray-950/50 backdrop-blur-[1px]" />
        <Dialog.Content
          data-testid={testId}
          // Radix warns when there is no description; say there is none on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={clsx(
            'fixed inset-x-0 bottom-0 z-[85] flex max-h-[92dvh] w-full flex-col rounded-t-2xl bg-white text-gray-900 shadow-xl outline-none dark:bg-gray-900 dark:text-gray-100',
            'sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:max-h-[85dvh] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
            widths[size],
          )}
        >
          <div className={clsx('flex items-start gap-3 px-5 pt-4 pb-3', children ? 'border-b border-gray-200 dark:border-gray-800' : null)}>
            <div className="min-w-0 flex-1">
              <Dialog.Title className="text-lg font-semibold break-words">{title}</Dialog.Title>
              {description ? <Dialog.Description className="mt-1 text-sm text-gray-600 dark:text-gray-300">{description}</Dialog.Description> : null}
            </div>
            <Dialog.Close
              disabled={!dismissible}
              aria-label={t('modal.close')}
              data-testid="modal-close"
              className="-mr-2 rounded-lg p-2 text-gray-500 hover:bg-gray-100 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-primary-600 disabled:opacity-40 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-100"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          {children ? <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div> : null}
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-t border-gray-200 px-5 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] sm:flex-row sm:justify-end dark:border-gray-800">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

export interface ConfirmFooterProps {
  onCancel(): void
  busy: boolean
  label: string
  testId: string
  form?: string
  onConfirm?(): void
  disabled?: boolean
  variant?: 'primary' | 'danger'
  icon?: React.ReactNode
}

/** A dialog asking for one action (see ConfirmFooter), which cannot be closed while the action runs. */
export function ConfirmModal({ busy, confirm, size = 'sm', ...modal }: Omit<ModalProps, 'footer' | 'dismissible'> & { busy: boolean; confirm: Omit<ConfirmFooterProps, 'onCancel' | 'busy'> }) {
  return <Modal {...modal} size={size} dismissible={!busy} footer={<ConfirmFooter onCancel={() => modal.onOpenChange(false)} busy={busy} {...confirm} />} />
}

/**
 * The usual footer of a dialog: Cancel, then the action. The action submits the dialog's form
 * when given its id (`form`), else runs `onConfirm`. Both wait while `busy`.
 */
export function ConfirmFooter({ onCancel, busy, label, testId, form, onConfirm, disabled = false, variant = 'primary', icon }: ConfirmFooterProps) {
  const { t } = useTranslation()
  return (
    <>
      <Button type="button" variant="secondary" onClick={onCancel} disabled={busy}>
        {t('modal.cancel')}
      </Button>
      <Button type={form ? 'submit' : 'button'} form={form} onClick={onConfirm} variant={variant} disabled={busy || disabled} data-testid={testId}>
        {icon}
        {label}
      </Button>
    </>
  )
}
