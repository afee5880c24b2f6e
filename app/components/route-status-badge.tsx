import { useTranslation } from 'react-i18next'
import { StatusBadge } from '#app/components/ui/status-badge.tsx'

/** A route's status, "Published" or "Draft" (manager screens: the words are in the manager's messages). */
export function RouteStatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { t } = useTranslation()
  const published = status === 'published'
  return (
    <StatusBadge status={status} live={published} testId={testId}>
      {t(published ? 'landingEditor.status.published' : 'landingEditor.status.draft')}
    </StatusBadge>
  )
}
