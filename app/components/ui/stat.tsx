import type { LucideIcon } from 'lucide-react'

/**
 * One figure of a list of figures (`<dl>`): its name with an icon, the figure in large tabular
 * digits, and a line saying where it comes from.
 */
export function Stat({ icon: Icon, label, value, hint, testId }: { icon: LucideIcon; label: string; value: React.ReactNode; hint?: React.ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900">
      <dt className="flex items-center gap-2 text-sm font-medium text-gray-600 dark:text-gray-300">
        <Icon className="size-4 shrink-0 text-primary-600 dark:text-primary-400" aria-hidden="true" />
        {label}
      </dt>
      <dd data-testid={testId} className="text-xl font-semibold tabular-nums sm:text-2xl">
        {value}
      </dd>
      {hint ? <dd className="text-xs text-gray-500 dark:text-gray-400">{hint}</dd> : null}
    </div>
  )
}
