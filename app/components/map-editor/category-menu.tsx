import * as Menu from '@radix-ui/react-dropdown-menu'
import { Download, FileUp, Languages, MoreHorizontal } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { EXPORT_FORMATS } from '#app/modules/transfer/transfer.schema.ts'

const item =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm outline-none data-[highlighted]:bg-gray-100 dark:data-[highlighted]:bg-gray-800'

/** The selected category's menu on the map editor: its content languages (ADR 043), import a file, export the category. */
export function CategoryMenu({ category, onImport, onLanguages }: { category: { id: number; name: string }; onImport(): void; onLanguages(): void }) {
  const { t } = useTranslation()
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger
        className="inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-gray-300 px-2.5 text-sm font-medium hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-primary-600 dark:border-gray-700 dark:hover:bg-gray-800"
        aria-label={t('import.menu', { name: category.name })}
        data-testid="category-menu"
      >
        <MoreHorizontal className="size-4" aria-hidden />
        <span>{t('import.menuShort')}</span>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={6} className="z-[80] min-w-60 rounded-xl border border-gray-200 bg-white p-1 shadow-lg dark:border-gray-800 dark:bg-gray-900">
          <Menu.Item className={item} onSelect={onLanguages} data-testid="category-languages">
            <Languages className="size-4" aria-hidden />
            {t('contentLanguages.open')}
          </Menu.Item>
          <Menu.Item className={item} onSelect={onImport} data-testid="category-import">
            <FileUp className="size-4" aria-hidden />
            {t('import.open')}
          </Menu.Item>
          <Menu.Separator className="my-1 h-px bg-gray-200 dark:bg-gray-800" />
          <Menu.Label className="px-3 py-1 text-xs font-semibold tracking-wide text-gray-500 dark:text-gray-400 uppercase">{t('import.exportTitle')}</Menu.Label>
          {EXPORT_FORMATS.map((format) => (
            <Menu.Item key={format} asChild className={item}>
              <a href={`/api/place-categories/${category.id}/export?format=${format}`} download data-testid={`category-export-${format}`}>
                <Download className="size-4" aria-hidden />
                {t(`import.exportAs.${format}`)}
              </a>
            </Menu.Item>
          ))}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  )
}
