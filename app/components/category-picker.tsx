import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import type { CategoryOption } from '#app/modules/categories/categories.schema.ts'

/** Chooses the category a manager screen shows; the choice lives in the URL (?category=). */
export function CategoryPicker({ categories, selectedId }: { categories: CategoryOption[]; selectedId: number | null }) {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  if (categories.length === 0) return null
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <span className="font-medium">{t('categories.picker')}</span>
      <select
        data-testid="category-picker"
        value={selectedId ?? ''}
        onChange={(event) => {
          const next = new URLSearchParams(params)
          next.set('category', event.target.value)
          setParams(next)
        }}
        className="rounded-lg border border-gray-300 bg-white px-2 py-1.5 dark:border-gray-700 dark:bg-gray-900"
      >
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {'\u00a0\u00a0'.repeat(c.depth) + c.name}
          </option>
        ))}
      </select>
    </label>
  )
}
