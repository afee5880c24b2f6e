import { Flag } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { REPORT_KINDS, REPORT_MESSAGE_MAX } from '#app/modules/reports/reports.schema.ts'
import type { ReportFormMessages } from '#app/visitor/report-form.client.ts'
import { Button } from '#app/components/ui/button.tsx'

// "Report a problem here" for the visitors' pages: a real HTML form that posts to the
// report page (/report: it answers with a thank-you page, no script needed); with script
// (app/visitor/report-form.client.ts) it is sent to POST /api/public/reports and thanked in place.

interface ReportTarget {
  route?: string | null
  placeId?: number | null
  qrCode?: string | null
}

export interface VisitorReportFormProps {
  /** The report page's path in the page's language (the form's action without script). */
  action: string
  /** The API address, with the page's language (?locale=) for its messages. */
  api: string
  target: ReportTarget
  /** What the report is about, shown above the fields ("About: Cathedral"). */
  about: string | null
  /** In a <details> that the visitor opens (the map page, a plaque's page); open on its own page. */
  collapsible: boolean
  /** Messages of a refused post (the report page without script), already translated. */
  errors?: Record<string, string[]>
  formError?: string | null
  values?: { kind?: string; message?: string }
  /** Templates the script uses when the place changes (the map page). */
  aboutTemplates?: { place: string; route: string }
  /** Collapsed and out of sight (the map page's open stop links to it instead: one "Report a problem here" on screen). */
  hidden?: boolean
}

const field = 'block w-full rounded-xl border border-gray-300 bg-white px-3 py-2 text-base text-gray-900 focus-visible:outline-2 focus-visible:outline-primary-700'

export function VisitorReportForm(props: VisitorReportFormProps) {
  const { t } = useTranslation()
  const { target, errors = {}, values = {} } = props
  const messages: ReportFormMessages = {
    sending: t('reports.form.sending'),
    failed: t('reports.form.failed'),
    offline: t('reports.form.offline'),
    fixErrors: t('reports.form.fixErrors'),
  }
  const errorOf = (name: string) => (
    <p data-report-error={name} id={`report-${name}-error`} className="text-sm font-medium text-red-700" hidden={!errors[name]}>
      {errors[name]?.join(' ')}
    </p>
  )
  const invalid = (name: string) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `report-${name}-error` } : {})
  const form = (
    <>
      <form
        method="post"
        action={props.action}
        encType="multipart/form-data"
        data-report-form
        data-report-api={props.api}
        data-report-messages={JSON.stringify(messages)}
        data-about-templates={props.aboutTemplates ? JSON.stringify(props.aboutTemplates) : undefined}
        className="space-y-4"
        noValidate
      >
        <p className="text-sm text-gray-700">{t('reports.form.intro')}</p>
        <p data-report-about className="text-sm font-medium break-words text-gray-900" hidden={!props.about}>
          {props.about}
        </p>
        {target.route ? <input type="hidden" name="route" value={target.route} /> : null}
        {target.qrCode ? <input type="hidden" name="qr_code" value={target.qrCode} /> : null}
        {target.qrCode ? null : <input type="hidden" name="place_id" value={target.placeId ?? ''} data-report-place />}
        {errorOf('route')}
        {errorOf('qr_code')}
        {errorOf('place_id')}
        <fieldset className="space-y-2" {...invalid('kind')}>
          <legend className="mb-2 font-semibold text-gray-900">{t('reports.form.kind')}</legend>
          {REPORT_KINDS.map((kind) => (
            <label key={kind} className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-gray-300 bg-white px-3 has-checked:border-primary-700 has-checked:bg-primary-50">
              <input type="radio" name="kind" value={kind} defaultChecked={values.kind === kind} required className="size-5 accent-primary-700" />
              <span className="text-base text-gray-900">{t(`reports.kinds.${kind}`)}</span>
            </label>
          ))}
          {errorOf('kind')}
        </fieldset>
        <div className="space-y-1">
          <label htmlFor="report-message" className="font-semibold text-gray-900">
            {t('reports.form.message')}
          </label>
          <textarea id="report-message" name="message" rows={3} maxLength={REPORT_MESSAGE_MAX} defaultValue={values.message} className={field} {...invalid('message')} />
          <p className="text-xs text-gray-600">{t('reports.form.messageHint', { max: REPORT_MESSAGE_MAX })}</p>
          {errorOf('message')}
        </div>
        <div className="space-y-1">
          <label htmlFor="report-photo" className="font-semibold text-gray-900">
            {t('reports.form.photo')}
          </label>
          <input id="report-photo" type="file" name="photo" accept="image/jpeg,image/png,image/webp,image/gif,image/avif" className={`${field} text-sm`} {...invalid('photo')} />
          <p className="text-xs text-gray-600">{t('reports.form.photoHint')}</p>
          {errorOf('photo')}
        </div>
        <p data-report-status role="status" aria-live="polite" className="text-sm font-medium text-red-700">
          {props.formError}
        </p>
        <Button type="submit" size="lg" data-report-send className="w-full">
          {t('reports.form.send')}
        </Button>
      </form>
      {/* Shown by the script once the API has taken the report (the report page shows its own). */}
      <div data-report-done hidden tabIndex={-1} className="space-y-3 rounded-xl bg-primary-50 p-4 text-gray-900">
        <h3 className="font-semibold">{t('reports.form.thanksTitle')}</h3>
        <p data-report-thanks className="text-sm">
          {t('reports.thanks')}
        </p>
        <Button type="button" variant="link" data-report-again className="text-sm">
          {t('reports.form.another')}
        </Button>
      </div>
    </>
  )
  if (!props.collapsible) return <div data-report>{form}</div>
  return (
    <details data-report id="report" hidden={props.hidden} className="group rounded-xl border border-gray-200 bg-white" data-testid="report-problem">
      <summary className="flex min-h-12 cursor-pointer list-none items-center gap-2 px-3 font-medium text-gray-900 focus-visible:outline-2 focus-visible:outline-primary-700 [&::-webkit-details-marker]:hidden">
        <Flag className="size-5 text-red-700" aria-hidden="true" />
        {t('reports.form.title')}
      </summary>
      <div className="border-t border-gray-200 p-3">{form}</div>
    </details>
  )
}
