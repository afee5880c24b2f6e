import { clsx } from 'clsx'
import { useTranslation } from 'react-i18next'
import { Form, useSearchParams, useSubmit } from 'react-router'
import { Field } from '#app/components/ui/field.tsx'
import type { HeatmapScreenData } from './heatmap-data.ts'

const fieldClass = 'rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-sm dark:border-gray-700 dark:bg-gray-900'

/**
 * Route and period, a GET form: the filters live in the URL. A change applies at once, like the
 * statistics' year; a month cleared half-way waits until it is valid again.
 */
export function HeatmapFilters({ data }: { data: HeatmapScreenData }) {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const submit = useSubmit()
  return (
    <Form
      method="get"
      className="flex flex-wrap items-end gap-3"
      aria-label={t('heatmap.filters')}
      data-testid="heatmap-filters"
      onChange={(event) => {
        const form = event.currentTarget
        if (!form.checkValidity()) return
        // The view is read from the address at the moment of the change, not from the last render:
        // a view chosen just before may be in the URL before this form has re-rendered.
        const fields = new FormData(form)
        if (new URLSearchParams(window.location.search).get('view') === 'points') fields.set('view', 'points')
        else fields.delete('view')
        void submit(fields, { method: 'get', preventScrollReset: true })
      }}
    >
      <input type="hidden" name="category" value={data.selected.id} />
      {params.get('view') === 'points' ? <input type="hidden" name="view" value="points" /> : null}
      <Field label={t('heatmap.route')} className="w-full min-w-0 sm:w-auto">
        {(id) => (
          <select id={id} name="route" defaultValue={data.route} className={clsx(fieldClass, 'sm:max-w-xs')} data-testid="heatmap-route">
            <option value="">{t('heatmap.allRoutes')}</option>
            {data.routes.map((route) => (
              <option key={route.uuid} value={route.uuid}>
                {route.draft ? t('heatmap.draftRoute', { name: route.name }) : route.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t('heatmap.from')}</span>
        <input type="month" name="from" defaultValue={data.heatmap.from} required className={fieldClass} data-testid="heatmap-from" />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="font-medium">{t('heatmap.to')}</span>
        <input type="month" name="to" defaultValue={data.heatmap.to} required className={fieldClass} data-testid="heatmap-to" />
      </label>
    </Form>
  )
}
