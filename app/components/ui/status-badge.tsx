import { useTranslation } from 'react-i18next'

const published = 'rounded-full bg-primary-100 px-2 py-0.5 text-xs font-medium text-primary-800 dark:bg-primary-900 dark:text-primary-100'
const draft = 'rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700 dark:bg-gray-800 dark:text-gray-200'

/** A route's status, "Published" or "Draft", in words (not colour alone). */
export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation()
  const isPublished = status === 'published'
  return (
    <span data-testid={testId} data-status={status} className={isPublished ? published : draft}>
      {t(isPublished ? 'landingEditor.status.published' : 'landingEditor.status.draft')}
    </span>
  )
}
