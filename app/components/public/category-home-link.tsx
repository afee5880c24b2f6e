import { LayoutList } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** The way from a route to the category's other walks (its public home, ADR 022). */
export function CategoryHomeLink({ home, className = '' }: { home: { path: string; name: string | null }; className?: string }) {
  const { t } = useTranslation()
  return (
    <a
      href={home.path}
      data-testid="category-home-link"
      className={`inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-primary-800 underline-offset-2 hover:bg-gray-100 hover:underline focus-visible:outline-2 focus-visible:outline-primary-700 ${className}`}
    >
      <LayoutList className="size-4 shrink-0" aria-hidden="true" />
      {home.name ? t('visitor.allWalksOf', { category: home.name }) : t('visitor.allWalks')}
    </a>
  )
}
