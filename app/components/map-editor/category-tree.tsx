import { clsx } from 'clsx'
import { Check, FolderTree } from 'lucide-react'
import { useTranslation } from 'react-i18next'

export interface TreeCategory {
  id: number
  name: string
  slug: string
  depth: number
}

/**
 * The user's categories as an indented tree (spec section 4): choosing one loads it, choosing
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
              <button
                type="button"
                aria-pressed={selected}
                title={selected ? t('mapEditor.selectedHint') : undefined}
                onClick={() => onSelect(c.id)}
                style={{ paddingLeft: `${0.5 + c.depth * 1}rem` }}
                className={clsx(
                  'flex w-full items-center gap-2 rounded-lg py-1.5 pr-2 text-left text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary-600',
                  selected
                    ? 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-200'
                    : 'text-gray-700 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800',
                )}
              >
                <span className="min-w-0 flex-1 truncate">{c.name}</span>
                {selected ? <Check className="size-4 shrink-0" aria-hidden /> : null}
              </button>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
