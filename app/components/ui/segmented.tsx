import { clsx } from 'clsx'
import { useRef } from 'react'
import { tabAfterKey } from './tabs.tsx'

export interface SegmentedItem<T extends string> {
  id: T
  /** What the segment shows (its accessible name). */
  label: React.ReactNode
  testId?: string
}

const looks = {
  /** A bordered row, the chosen segment filled (a page's view switch: heat or points). */
  filled: {
    list: 'inline-flex rounded-lg border border-gray-300 p-0.5 dark:border-gray-700',
    item: 'inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium',
    on: 'bg-primary-700 text-white',
    off: 'text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800',
  },
  /** A grey track, the chosen segment raised on white (a dense panel's filter). */
  raised: {
    list: 'grid auto-cols-fr grid-flow-col rounded-lg bg-gray-100 p-0.5 text-sm dark:bg-gray-800',
    item: 'min-h-8 rounded-md px-2 font-medium',
    on: 'bg-white text-gray-900 shadow-xs dark:bg-gray-950 dark:text-gray-100',
    off: 'text-gray-600 hover:text-gray-900 dark:text-gray-300',
  },
}

/**
 * One choice among a few, all shown at once: a radio group after the WAI-ARIA pattern
 * (role=radiogroup/radio, only the chosen segment in the Tab order, arrow keys, Home and End
 * choose), the tab list's keys (`tabAfterKey`).
 */
export function Segmented<T extends string>({
  items,
  value,
  onChange,
  label,
  look = 'filled',
  className,
}: {
  items: readonly SegmentedItem<T>[]
  value: T
  onChange: (id: T) => void
  /** The group's accessible name. */
  label: string
  look?: keyof typeof looks
  className?: string
}) {
  const group = useRef<HTMLDivElement>(null)
  const style = looks[look]
  const onKeyDown = (event: React.KeyboardEvent) => {
    const next = tabAfterKey(items.map((item) => item.id), value, event.key === 'ArrowDown' ? 'ArrowRight' : event.key === 'ArrowUp' ? 'ArrowLeft' : event.key)
    if (next === null) return
    event.preventDefault()
    onChange(next)
    group.current?.querySelector<HTMLElement>(`[data-segment="${CSS.escape(next)}"]`)?.focus()
  }
  return (
    <div ref={group} role="radiogroup" aria-label={label} onKeyDown={onKeyDown} className={clsx(style.list, className)}>
      {items.map((item) => {
        const chosen = item.id === value
        return (
          <button
            key={item.id}
            type="button"
            role="radio"
            aria-checked={chosen}
            tabIndex={chosen ? 0 : -1}
            data-segment={item.id}
            data-testid={item.testId}
            onClick={() => onChange(item.id)}
            className={clsx(style.item, 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600', chosen ? style.on : style.off)}
          >
            {item.label}
          </button>
        )
      })}
    </div>
  )
}
