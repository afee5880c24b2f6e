import { Sparkles } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiErrorMessage, apiRequest } from '#app/client/api-client.ts'
import { ErrorBanner } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useBusyAction } from '#app/components/ui/use-busy-action.ts'
import { languageName } from '#app/i18n/content-locales.ts'
import { useLocale } from '#app/i18n/use-locale.ts'
import type { TranslatedTextsView } from '#app/modules/ai/ai.schema.ts'

/**
 * The assistant's draft of a tab's texts from the fallback language (ADR 043): it fills the
 * fields of that tab, unsaved, and says so; only the editor's save publishes them.
 */
export function TranslationDraft({ routeUuid, from, locale, onDrafted }: { routeUuid: string; from: string; locale: string; onDrafted(texts: TranslatedTextsView['texts']): void }) {
  const { t } = useTranslation()
  const ui = useLocale()
  const [busy, run] = useBusyAction()
  const [error, setError] = useState<string | null>(null)
  const [drafted, setDrafted] = useState(false)
  const draft = () =>
    run(async () => {
      setError(null)
      try {
        const answer = (await apiRequest('/ai/translate-texts', { method: 'POST', body: { route_uuid: routeUuid, locale } })) as TranslatedTextsView
        onDrafted(answer.texts)
        setDrafted(true)
      } catch (e) {
        setError(apiErrorMessage(e, t('landingEditor.translate.failed')))
      }
    })
  return (
    <div className="mt-3 flex flex-col gap-2">
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={() => void draft()} disabled={busy} data-testid="translation-draft">
          <Sparkles className="size-4" aria-hidden />
          {busy ? t('landingEditor.translate.busy') : t('landingEditor.translate.button', { language: languageName(from, ui) })}
        </Button>
      </div>
      <ErrorBanner message={error} testId="translation-draft-error" />
      <p role="status" className="text-sm text-gray-700 dark:text-gray-300" data-testid="translation-draft-review">
        {drafted ? t('landingEditor.translate.review') : null}
      </p>
    </div>
  )
}
