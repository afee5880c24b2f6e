import { clsx } from 'clsx'
import { useRef } from 'react'

export interface TabItem<T extends string> {
  id: T
  /** What the tab shows; its accessible name unless `ariaLabel` is given. */
  label: React.ReactNode
  testId?: string
}

/** The ids tying a tab to its panel: `<prefix>tab-<id>` and `<prefix>panel-<id>`. */
export const tabIds = (prefix: string, id: string) => ({ tab: `${prefix}tab-${id}`, panel: `${prefix}panel-${id}` })

/** The tab a key moves to: ←/→ to the previous/next (wrapping round), Home/End to the first/last; null for any other key. */
export function tabAfterKey<T extends string>(ids: readonly T[], current: T, key: string): T | null {
  const at = ids.indexOf(current)
  const next = ({ ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: ids.length - 1 } as Record<string, number>)[key]
  return next === undefined || ids.length === 0 ? null : ids[(next + ids.length) % ids.length]!
}

const looks = {
  /** A line under the row, the chosen tab underlined (editors' panels). */
  underline: {
    list: 'flex border-b border-gray-200 dark:border-gray-800',
    tab: '-mb-px border-b-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary-600',
    on: 'border-primary-600 text-primary-700 dark:text-primary-300',
    off: 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100',
  },
  /** Rounded buttons, the chosen one filled. */
  pills: {
    list: 'flex gap-1 overflow-x-auto',
    tab: 'rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
    on: 'bg-primary-700 text-white',
    off: 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-200',
  },
}

/**
 * A tab list after the WAI-ARIA pattern: role=tablist/tab, only the chosen tab in the Tab order
 * (roving tabindex), arrow keys, Home and End move to a tab and show it. The panel is a
 * `TabPanel` (or any element carrying `tabIds(prefix, id).panel`).
 */
export function TabList<T extends string>({
  items,
  value,
  onChange,
  label,
  idPrefix,
  look = 'underline',
  className,
  tabClassName,
}: {
  items: readonly TabItem<T>[]
  value: T
  onChange: (id: T) => void
  /** The list's accessible name. */
  label: string
  idPrefix: string
  look?: keyof typeof looks
  className?: string
  tabClassName?: string
}) {
  const list = useRef<HTMLDivElement>(null)
  const style = looks[look]
  const onKeyDown = (event: React.KeyboardEvent) => {
    const next = tabAfterKey(items.map((item) => item.id), value, event.key)
    if (next === null) return
    event.preventDefault()
    onChange(next)
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabIds(idPrefix, next).tab)}`)?.focus()
  }
  return (
    <div ref={list} role="tablist" aria-label={label} onKeyDown={onKeyDown} className={clsx(style.list, className)}>
      {items.map((item) => {
        const selected = item.id === value
        const ids = tabIds(idPrefix, item.id)
        return (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={ids.tab}
            aria-selected={selected}
            aria-controls={ids.panel}
            tabIndex={selected ? 0 : -1}
            data-testid={item.testId}
            onClick={() => onChange(item.id)}
            className={clsx(style.tab, selected ? style.on : style.off, tabClassName)}
          >
            {item.label}
          </button>
        )
      })}
    </div>
  )
}

/** The panel of the chosen tab, named by its tab. */
export function TabPanel({ idPrefix, value, className, children, ...rest }: { idPrefix: string; value: string; className?: string; children: React.ReactNode; lang?: string; dir?: 'ltr' | 'rtl' }) {
  const ids = tabIds(idPrefix, value)
  return (
    <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} className={className} {...rest}>
      {children}
    </div>
  )
}
