import { clsx } from 'clsx'
import type { LucideIcon } from 'lucide-react'

/**
 * A screen section's heading: an icon, the title (an h2 the section's `aria-labelledby` names by
 * `id`) and a line saying what the section is for. `accent` draws the icon in the product's green.
 */
export function SectionHeading({ id, icon: Icon, title, hint, accent = false }: { id: string; icon: LucideIcon; title: string; hint: string; accent?: boolean }) {
  return (
    <div>
      <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
        <Icon className={clsx('size-5', accent && 'text-primary-600 dark:text-primary-400')} aria-hidden="true" />
        {title}
      </h2>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{hint}</p>
    </div>
  )
}
