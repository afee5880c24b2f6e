import { Check, FolderTree } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { RowButton } from '#app/components/ui/row-button.tsx'

export interface TreeCategory {
  id: number
  name: string
  slug: string
  depth: number
}

/**
 * The user's categories as an indented tree (docs/spec.md §4): choosing one loads it, choosing
 * the selected one again deselects it.
 */
export function CategoryTree({ categories, selectedId, onSelect }: { categories: TreeCategory[]; selectedId: number | null; onSelect(id: number): void }) {
  const { t } = useTranslation()
  return (
    <nav aria-labelledby="category-tree-title" className="flex min-h-0 flex-col gap-1">
      <h2 id="category-tree-title" className="flex items-center gap-2 text-xs font-semibold tracking-wide text-gray-500 uppercase dark:text-gray-400">
        <FolderTree className="size-3.5" aria-hidden />
        {t('mapEditor.categories')}
      </h2>
      <ul className="flex max-h-36 flex-col gap-0.5 overflow-y-auto" data-testid="category-tree">
        {categories.map((c) => {
          const selected = c.id === selectedId
          return (
            <li key={c.id}>
              <RowButton
                chosen={selected}
                aria-pressed={selected}
                title={selected ? t('mapEditor.selectedHint') : undefined}
                onClick={() => onSelect(c.id)}
                style={{ paddingLeft: `${0.5 + c.depth * 1}rem` }}
                className="rounded-lg font-medium"
              >
                <span className="min-w-0 flex-1 truncate">{c.name}</span>
                {selected ? <Check className="size-4 shrink-0" aria-hidden /> : null}
              </RowButton>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
