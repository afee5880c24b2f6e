import { clsx } from 'clsx'
import { useTranslation } from 'react-i18next'

/**
 * The length of a text against its limit ("42 / 120"), and once the limit is reached a plain
 * sentence saying so: the browser's maxLength cuts typed and pasted text without a word.
 */
export function LengthHint({ id, length, max }: { id?: string; length: number; max: number }) {
  const { t, i18n } = useTranslation()
  const format = new Intl.NumberFormat(i18n.language)
  const reached = length >= max
  return (
    <p id={id} data-testid="length-hint" data-reached={reached} className={clsx('flex justify-between gap-2 text-xs', reached ? 'font-medium text-red-700 dark:text-red-400' : 'text-gray-500 dark:text-gray-400')}>
      <span aria-live="polite">{reached ? t('formLimits.reached', { max: format.format(max) }) : t('formLimits.atMost', { max: format.format(max) })}</span>
      <span className="tabular-nums" aria-hidden>
        {format.format(length)} / {format.format(max)}
      </span>
    </p>
  )
}
