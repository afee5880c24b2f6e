import { useTranslation } from 'react-i18next'
import { QueryPicker } from '#app/components/query-picker.tsx'
import type { CategoryOption } from '#app/modules/categories/categories.schema.ts'

/** Chooses the category a manager screen shows; the choice lives in the URL (?category=). */
export function CategoryPicker({ categories, selectedId }: { categories: CategoryOption[]; selectedId: number | null }) {
  const { t } = useTranslation()
  if (categories.length === 0) return null
  return (
    <QueryPicker
      param="category"
      label={t('categories.picker')}
      testId="category-picker"
      value={selectedId === null ? '' : String(selectedId)}
      options={categories.map((c) => ({ value: String(c.id), label: '\u00a0\u00a0'.repeat(c.depth) + c.name }))}
    />
  )
}
