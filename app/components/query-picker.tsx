import { clsx } from 'clsx'
import { useId } from 'react'
import { useSearchParams } from 'react-router'

/**
 * A choice that lives in the page's address (`?<param>=…`), the other parameters kept: the
 * screens' category and route pickers. Choosing navigates; the loader reads the address.
 */
export function QueryPicker({
  param,
  label,
  value,
  options,
  testId,
  className,
}: {
  param: string
  label: string
  value: string
  options: { value: string; label: string }[]
  testId: string
  className?: string
}) {
  const id = useId()
  const [params, setParams] = useSearchParams()
  return (
    <div className="inline-flex items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        data-testid={testId}
        value={value}
        onChange={(event) => {
          const next = new URLSearchParams(params)
          next.set(param, event.target.value)
          setParams(next)
        }}
        className={clsx('rounded-lg border border-gray-300 bg-white px-2 py-1.5 dark:border-gray-700 dark:bg-gray-900', className)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
