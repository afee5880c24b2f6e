import { Search } from 'lucide-react'
import { useId } from 'react'

interface SearchFieldProps {
  /** The field's accessible name (a visually hidden label). */
  label: string
  value: string
  onChange(value: string): void
  placeholder?: string
  testId?: string
}

/** A search box with its magnifier icon, as used to filter the lists of the manager screens. */
export function SearchField({ label, value, onChange, placeholder, testId }: SearchFieldProps) {
  const id = useId()
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" aria-hidden />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder ?? label}
        data-testid={testId}
        className="min-h-11 w-full rounded-lg border border-gray-300 bg-white py-2 pr-3 pl-9 text-base text-gray-900 focus:border-primary-500 focus:ring-2 focus:ring-primary-500/30 focus:outline-none sm:text-sm dark:border-gray-700 dark:bg-gray-950 dark:text-gray-100"
      />
    </div>
  )
}
