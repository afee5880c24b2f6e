import type { ReactNode } from 'react'

const published = 'rounded-full bg-primary-100 px-2 py-0.5 text-xs font-medium text-primary-800 dark:bg-primary-900 dark:text-primary-100'
const draft = 'rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-200'

/** A status in words (not colour alone): green when live, grey otherwise. The caller names it. */
export function StatusBadge({ status, live, children, testId }: { status: string; live: boolean; children: ReactNode; testId?: string }) {
  return (
    <span data-testid={testId} data-status={status} className={live ? published : draft}>
      {children}
    </span>
  )
}
