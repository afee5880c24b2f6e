import { Sparkles } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useRevalidator } from 'react-router'
import { addToast } from '#app/components/shell/toast-store.ts'
import { ErrorBanner } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Field } from '#app/components/ui/field.tsx'
import type { MessageKey } from '#app/i18n/keys.ts'
import type { DraftedTranslations } from '#app/modules/ai/ai.schema.ts'
import { apiErrorMessage, apiRequest, ApiError } from '#app/client/api-client.ts'
import { cardClass, fieldClass, Spinner, type AiScreenData } from './ai-screen.tsx'
import { TranslationsEditor } from './translations-editor.tsx'
import { SectionHeading } from '#app/components/ui/section-heading.tsx'

/** Part 2: a route’s landing texts drafted in the four languages, reviewed, then applied. */
export function DraftTextsSection({ data }: { data: AiScreenData }) {
  const { t } = useTranslation()
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className={cardClass} data-testid="ai-texts">
      <SectionHeading id={headingId} icon={Sparkles} accent title={t('assistant.texts.title')} hint={t('assistant.texts.intro')} />
      {data.status.text_enabled ? <TextsDrafter data={data} /> : <TextsNotConfigured />}
    </section>
  )
}

const aiSettings = ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'] as const

function TextsNotConfigured() {
  const { t } = useTranslation()
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="ai-texts-disabled">
      <h3 className="font-semibold">{t('assistant.texts.off.title')}</h3>
      <p className="mt-1">{t('assistant.texts.off.text')}</p>
      <dl className="mt-3 grid gap-x-4 gap-y-2 sm:grid-cols-[auto_1fr]">
        {aiSettings.map((setting) => (
          <div key={setting} className="contents">
            <dt>
              <code className="rounded bg-white/70 px-1.5 py-0.5 font-mono text-xs dark:bg-black/30">{setting}</code>
            </dt>
            <dd className="mb-1 sm:mb-0">{t(`assistant.texts.off.${setting}`)}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3">{t('assistant.texts.off.restart')}</p>
    </div>
  )
}

const providerMessage: Record<number, MessageKey> = {
  502: 'assistant.texts.errors.badAnswer',
  503: 'assistant.texts.errors.notConfigured',
}

function TextsDrafter({ data }: { data: AiScreenData }) {
  const { t } = useTranslation()
  const revalidator = useRevalidator()
  const [routeUuid, setRouteUuid] = useState(() => data.routes[0]?.uuid ?? '')
  const [draft, setDraft] = useState<{ uuid: string; translations: DraftedTranslations } | null>(null)
  const [busy, setBusy] = useState<'draft' | 'apply' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const routeName = (uuid: string) => data.routes.find((r) => r.uuid === uuid)?.name ?? ''

  const onDraft = async (event: React.FormEvent) => {
    event.preventDefault()
    setBusy('draft')
    setError(null)
    try {
      const answer = await apiRequest('/ai/draft-texts', { method: 'POST', body: { route_uuid: routeUuid } })
      setDraft({ uuid: routeUuid, translations: answer.translations })
    } catch (failure) {
      // A provider failure changes nothing: an earlier draft stays as it was.
      const key = failure instanceof ApiError ? providerMessage[failure.status] : undefined
      setError(key ? t(key) : apiErrorMessage(failure, t('assistant.errors.network')))
    } finally {
      setBusy(null)
    }
  }

  const onApply = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!draft) return
    setBusy('apply')
    setError(null)
    try {
      await apiRequest('/routes/update', { method: 'PUT', body: { uuid: draft.uuid, translations: draft.translations } })
      addToast({ title: t('assistant.texts.applied', { name: routeName(draft.uuid) }) })
      setDraft(null)
      void revalidator.revalidate()
    } catch (failure) {
      setError(apiErrorMessage(failure, t('assistant.errors.network')))
    } finally {
      setBusy(null)
    }
  }

  if (data.routes.length === 0) {
    return <p className="text-sm text-gray-600 dark:text-gray-300">{t('assistant.texts.noRoutes')}</p>
  }

  return (
    <>
      <form onSubmit={onDraft} className="flex flex-wrap items-end gap-3">
        <Field label={t('assistant.texts.route')} className="w-full min-w-0 sm:w-80">
          {(id) => (
            <select id={id} value={routeUuid} onChange={(e) => setRouteUuid(e.target.value)} required className={fieldClass}>
              {data.routes.map((route) => (
                <option key={route.uuid} value={route.uuid}>
                  {route.draft ? t('assistant.texts.draftRoute', { name: route.name }) : route.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button type="submit" disabled={busy !== null}>
          {busy === 'draft' ? <Spinner /> : <Sparkles className="size-4" aria-hidden="true" />}
          {t('assistant.texts.draft')}
        </Button>
      </form>
      {busy === 'draft' ? (
        <p role="status" className="text-sm text-gray-600 dark:text-gray-300">
          {t('assistant.texts.drafting')}
        </p>
      ) : null}
      <ErrorBanner message={error} testId="ai-texts-error" />
      {draft ? (
        <form onSubmit={onApply} className="flex flex-col gap-4" data-testid="ai-texts-draft">
          <p className="text-sm text-gray-600 dark:text-gray-300">{t('assistant.texts.review', { name: routeName(draft.uuid) })}</p>
          <TranslationsEditor value={draft.translations} onChange={(translations) => setDraft({ ...draft, translations })} />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={busy !== null}>
              {busy === 'apply' ? <Spinner /> : null}
              {t('assistant.texts.apply')}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setDraft(null)} disabled={busy !== null}>
              {t('assistant.discard')}
            </Button>
          </div>
        </form>
      ) : null}
    </>
  )
}
