import { clsx } from 'clsx'
import { useTranslation } from 'react-i18next'
import type { Message } from '#app/utils/errors.ts'
import { messageKey } from '#app/i18n/keys.ts'

const tones = {
  error: 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300',
  success: 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-200',
}

/** A whole-form message: an error (role=alert) or a confirmation (role=status). */
export function Alert({ message, tone }: { message?: Message; tone: 'error' | 'success' }) {
  const { t } = useTranslation()
  if (!message) return null
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} data-testid={`form-${tone}`} className={clsx('rounded-lg px-3 py-2 text-sm', tones[tone])}>
      {t(messageKey(message.key), message.values)}
    </p>
  )
}

/** A failure already in the user's language (an API error, a network failure), read out at once; nothing when there is none. */
export function ErrorBanner({ message, testId, className }: { message: string | null; testId?: string; className?: string }) {
  if (!message) return null
  return (
    <p role="alert" data-testid={testId} className={clsx('rounded-lg px-3 py-2 text-sm', tones.error, className)}>
      {message}
    </p>
  )
}
