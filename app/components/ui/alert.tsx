import { clsx } from 'clsx'
import { useTranslation } from 'react-i18next'
import type { Message } from '#app/utils/errors.ts'
import { messageKey } from '#app/i18n/keys.ts'

/** A whole-form message: an error (role=alert) or a confirmation (role=status). */
export function Alert({ message, tone }: { message?: Message; tone: 'error' | 'success' }) {
  const { t } = useTranslation()
  if (!message) return null
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={`form-${tone}`}
      className={clsx(
        'rounded-lg px-3 py-2 text-sm',
        tone === 'error'
          ? 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300'
          : 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-200',
      )}
    >
      {t(messageKey(message.key), message.values)}
    </p>
  )
}
