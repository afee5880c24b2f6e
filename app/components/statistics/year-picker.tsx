import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { StatYear } from '#app/modules/stats/stats.schema.ts'

/** Chooses the period: all years, or one year with data. The choice lives in the URL (?year=). */
export function YearPicker({ years, selected, categoryId }: { years: StatYear[]; selected: StatYear; categoryId: number }) {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <span className="font-medium">{t('statistics.year')}</span>
      <select
        data-testid="year-picker"
        value={String(selected)}
        onChange={(event) => {
          const next = new URLSearchParams(params)
          next.set('category', String(categoryId))
          next.set('year', event.target.value)
          setParams(next, { preventScrollReset: true })
        }}
        className="rounded-lg border border-gray-300 bg-white px-2 py-1.5 dark:border-gray-700 dark:bg-gray-900"
      >
        {years.map((year) => (
          <option key={year} value={String(year)}>
            {year === 'total' ? t('statistics.allYears') : year}
          </option>
        ))}
      </select>
    </label>
  )
}
