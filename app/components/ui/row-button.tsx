import { clsx } from 'clsx'

/**
 * A list's row that is a button (pick a route, a place, an address, a category): the row's full
 * width, its text from the left, a grey ground on hover and the product's pale green when it is
 * the chosen one (`chosen`; say it with `aria-pressed` or `aria-current` too). `align="start"`
 * for rows whose text may wrap.
 */
export function RowButton({
  chosen = false,
  align = 'center',
  size = 'md',
  className,
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & {
  chosen?: boolean
  align?: 'center' | 'start'
  /** md: a manager's dense list; lg: a visitor's list (the text at its size, a 56 px target). */
  size?: 'md' | 'lg'
  ref?: React.Ref<HTMLButtonElement>
}) {
  return (
    <button
      type="button"
      {...props}
      className={clsx(
        'flex w-full py-2 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary-600 disabled:cursor-not-allowed disabled:opacity-50',
        size === 'lg' ? 'min-h-14 gap-3 px-1' : 'gap-2 px-3 text-sm',
        align === 'start' ? 'items-start' : 'items-center',
        chosen ? 'bg-primary-50 text-primary-800 dark:bg-primary-950 dark:text-primary-200' : 'hover:bg-gray-50 dark:hover:bg-gray-800',
        className,
      )}
    />
  )
}
