import { clsx } from 'clsx'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'

/**
 * The kit's data table: the heading row on grey between two lines, the rows divided by a line,
 * figures right-aligned in tabular digits. The table sits in a region that scrolls sideways and
 * takes the focus, so a table wider than a phone scrolls by keyboard too (WCAG 2.1.1).
 */
export function Table({ className, children, ...props }: React.TableHTMLAttributes<HTMLTableElement> & { 'data-testid'?: string }) {
  return (
    <div tabIndex={0} className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary-600">
      <table {...props} className={clsx('w-full text-sm', className)}>
        {children}
      </table>
    </div>
  )
}

/** The heading row: column headers (`ColumnHeader`) as children. */
export function TableHead({ children }: { children: React.ReactNode }) {
  return (
    <thead className="border-y border-gray-200 bg-gray-50 text-left text-gray-600 dark:border-gray-800 dark:bg-gray-950 dark:text-gray-300">
      <tr>{children}</tr>
    </thead>
  )
}

export function TableBody({ children }: { children: React.ReactNode }) {
  return <tbody className="divide-y divide-gray-100 dark:divide-gray-800">{children}</tbody>
}

/**
 * A column's heading. `numeric` right-aligns it over figures; `holdsButton` leaves the padding to
 * the button inside (a sortable column), so the label stays where a plain heading puts it.
 */
export function ColumnHeader({
  numeric = false,
  holdsButton = false,
  className,
  ...props
}: React.ThHTMLAttributes<HTMLTableCellElement> & { numeric?: boolean; holdsButton?: boolean }) {
  return <th scope="col" {...props} className={clsx('font-medium', holdsButton ? 'px-2 py-1.5' : 'px-4 py-2', numeric && 'text-right', className)} />
}

/** A row's heading cell: what the row is about (a route, a plaque, a place). */
export function RowHeader({ className, ...props }: React.ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="row" {...props} className={clsx('px-4 py-2 text-left font-medium', className)} />
}

/** A data cell; `numeric` for a figure: right-aligned, tabular digits, on one line. */
export function Cell({ numeric = false, className, ...props }: React.TdHTMLAttributes<HTMLTableCellElement> & { numeric?: boolean }) {
  return <td {...props} className={clsx('px-4 py-2', numeric && 'text-right whitespace-nowrap tabular-nums', className)} />
}

/**
 * A sortable column's heading button (inside a `ColumnHeader holdsButton` that carries
 * `aria-sort`): the label and an arrow for the order, figures' arrows on the left of the label so
 * the label lines up over the right-aligned figures.
 */
export function SortButton({
  sort,
  numeric = false,
  onClick,
  children,
}: {
  /** The column's order, when the table is sorted by it. */
  sort?: 'ascending' | 'descending'
  numeric?: boolean
  onClick(): void
  children: React.ReactNode
}) {
  const Icon = !sort ? ArrowUpDown : sort === 'descending' ? ArrowDown : ArrowUp
  return (
    <button
      type="button"
      onClick={onClick}
      className={clsx(
        'inline-flex items-center gap-1 rounded px-2 py-1 whitespace-nowrap hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary-600 dark:hover:bg-gray-800',
        numeric && 'flex-row-reverse',
        sort && 'text-gray-900 dark:text-gray-100',
      )}
    >
      {children}
      <Icon className={clsx('size-3.5 shrink-0', !sort && 'opacity-40')} aria-hidden="true" />
    </button>
  )
}
