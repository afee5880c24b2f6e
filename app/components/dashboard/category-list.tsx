import { FolderPlus } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '#app/components/ui/button.tsx'
import { useDateFormat } from '#app/components/use-date-format.ts'
import { useLocale } from '#app/i18n/use-locale.ts'
import type { DashboardCategory } from '#app/modules/dashboard/dashboard.schema.ts'
import type { FormResult } from '#app/utils/forms.ts'
import { CategoryCard } from './category-card.tsx'
import { CategoryForm } from './category-form.tsx'

/** The user's categories with their figures for the period, and a form to add one. */
export function CategoryList({ categories, period, result }: { categories: DashboardCategory[]; period: { from: string; to: string; days: number }; result?: FormResult }) {
  const { t } = useTranslation()
  const locale = useLocale()
  // A failed submission keeps the form open with its messages, until cancelled.
  const [adding, setAdding] = useState(false)
  const [dismissed, setDismissed] = useState<FormResult | undefined>(undefined)
  const showForm = adding || (result !== undefined && result !== dismissed)
  const cancel = () => {
    setAdding(false)
    setDismissed(result)
  }
  const { day } = useDateFormat()
  const number = useMemo(() => {
    const numberFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 })
    return (n: number) => numberFormat.format(n)
  }, [locale])
  return (
    <section aria-labelledby="categories-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <h2 id="categories-title" className="text-base font-semibold">
          {t('dashboard.categories')}
        </h2>
        <p className="text-sm text-gray-600 dark:text-gray-300" data-testid="dashboard-period">
          {t('dashboard.period', { days: period.days, from: day(period.from), to: day(period.to) })}
        </p>
        {!showForm ? (
          <Button type="button" variant="secondary" className="sm:ml-auto" onClick={() => setAdding(true)} data-testid="new-category">
            <FolderPlus className="size-4" aria-hidden="true" />
            {t('dashboard.newCategory')}
          </Button>
        ) : null}
      </div>
      {showForm ? (
        <section aria-labelledby="new-category-title" className="max-w-2xl rounded-xl border border-gray-200 bg-white p-4 sm:p-6 dark:border-gray-800 dark:bg-gray-900">
          <h3 id="new-category-title" className="mb-4 text-base font-semibold">
            {t('dashboard.categoryForm.title')}
          </h3>
          <CategoryForm result={result} onCancel={cancel} />
        </section>
      ) : null}
      <ul className="flex flex-col gap-4" data-testid="dashboard-categories">
        {categories.map((category) => (
          <CategoryCard key={category.id} category={category} days={period.days} format={number} />
        ))}
      </ul>
    </section>
  )
}
