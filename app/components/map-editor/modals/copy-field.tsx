import { Check, Copy } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'

/** A read-only value with a copy button; falls back to selecting the text when the clipboard is refused. */
export function CopyField({ label, value, multiline = false, testId }: { label: string; value: string; multiline?: boolean; testId?: string }) {
  const { t } = useTranslation()
  const id = useId()
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null)
  const [copied, setCopied] = useState(false)

  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      ref.current?.focus()
      ref.current?.select()
    }
  }

  const field =
    'w-full rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-sm text-gray-800 dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100'
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className={multiline ? 'flex flex-col gap-2' : 'flex gap-2'}>
        {multiline ? (
          <textarea id={id} ref={ref} readOnly value={value} rows={4} className={`${field} resize-none`} data-testid={testId} onFocus={(e) => e.target.select()} />
        ) : (
          <input id={id} ref={ref} readOnly value={value} className={`${field} min-w-0 flex-1`} data-testid={testId} onFocus={(e) => e.target.select()} />
        )}
        <Button type="button" variant="secondary" onClick={copy} className="shrink-0 self-start" data-testid={testId ? `${testId}-copy` : undefined}>
          {copied ? <Check className="size-4 text-primary-600" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          <span aria-live="polite">{copied ? t('routeModals.share.copied') : t('routeModals.share.copy')}</span>
        </Button>
      </div>
    </div>
  )
}
