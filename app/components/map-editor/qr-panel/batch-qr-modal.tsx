import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmModal } from '#app/components/ui/modal.tsx'
import { QR_BATCH_MAX } from '#app/modules/qr-codes/qr-codes.schema.ts'
import { apiRequest } from '#app/client/api-client.ts'
import { ErrorBanner } from '#app/components/ui/alert.tsx'
import { InputField } from '#app/components/ui/text-field.tsx'
import { errorsOf, type ServerErrors } from '../modals/form-bits.tsx'
import { useBusyAction } from '#app/components/ui/use-busy-action.ts'

/** New blank codes for the category, to print and activate later (POST /api/qr-codes/batch). */
export function BatchQrModal({ open, onOpenChange, categoryId, onDone }: { open: boolean; onOpenChange(open: boolean): void; categoryId: number; onDone(count: number): void }) {
  const { t } = useTranslation()
  const formId = useId()
  const [count, setCount] = useState('10')
  const [prefix, setPrefix] = useState('')
  const [busy, run] = useBusyAction()
  const [errors, setErrors] = useState<ServerErrors>({})
  const [formError, setFormError] = useState<string | null>(null)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const n = Number(count)
    if (!Number.isInteger(n) || n < 1 || n > QR_BATCH_MAX) return setErrors({ count: [t('qrPanel.batch.countRange', { max: QR_BATCH_MAX })] })
    await run(async () => {
      setErrors({})
      setFormError(null)
      try {
        const created = await apiRequest('/qr-codes/batch', {
          method: 'POST',
          body: { place_category_id: categoryId, count: n, ...(prefix.trim() ? { name_prefix: prefix.trim() } : {}) },
        })
        onOpenChange(false)
        onDone(created.length)
      } catch (error) {
        const result = errorsOf(error, t('qrPanel.failed'))
        setErrors(result.fields)
        setFormError(result.form)
      }
    })
  }

  return (
    <ConfirmModal
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      testId="batch-qr-modal"
      title={t('qrPanel.batch.title')}
      description={t('qrPanel.batch.description')}
      confirm={{ form: formId, label: t('qrPanel.batch.submit'), testId: 'batch-submit' }}
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <ErrorBanner message={formError} testId="modal-error" />
        <InputField label={t('qrPanel.batch.count')} type="number" inputMode="numeric" min={1} max={QR_BATCH_MAX} value={count} onChange={(e) => setCount(e.target.value)} errors={errors.count} testId="batch-count" />
        <InputField label={t('qrPanel.batch.prefix')} value={prefix} onChange={(e) => setPrefix(e.target.value)} maxLength={100} hint={t('qrPanel.batch.prefixHint')} errors={errors.name_prefix} />
      </form>
    </ConfirmModal>
  )
}
