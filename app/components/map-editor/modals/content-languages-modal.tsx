import { X } from 'lucide-react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { apiErrorMessage, apiRequest } from '#app/client/api-client.ts'
import { ErrorBanner } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ConfirmModal } from '#app/components/ui/modal.tsx'
import { useBusyAction } from '#app/components/ui/use-busy-action.ts'
import { canonicalTag, languageName, SUGGESTED_CONTENT_LOCALES } from '#app/i18n/content-locales.ts'
import { useLocale } from '#app/i18n/use-locale.ts'

const control = 'min-h-10 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm dark:border-gray-700 dark:bg-gray-900'

/**
 * A category's content languages (ADR 043): the languages its route and place texts are written
 * in, beside its fallback (always one). Picked from a list or typed as any BCP 47 tag; saved by
 * PUT /api/place-categories/{id} (owners only: the API says so to an editor).
 */
export function ContentLanguagesModal({
  open,
  onOpenChange,
  category,
  onSaved,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  category: { id: number; name: string; fallbackLocale: string; contentLocales: string[] }
  onSaved(): void
}) {
  const { t } = useTranslation()
  const ui = useLocale()
  const formId = useId()
  const [chosen, setChosen] = useState<string[]>(category.contentLocales)
  const [typed, setTyped] = useState('')
  const [typedError, setTypedError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, run] = useBusyAction()
  const suggestions = SUGGESTED_CONTENT_LOCALES.filter((tag) => !chosen.includes(tag))

  const add = (value: string) => {
    const tag = canonicalTag(value.trim())
    if (!tag) return setTypedError(t('contentLanguages.notATag'))
    setTypedError(null)
    setTyped('')
    if (!chosen.includes(tag)) setChosen([...chosen, tag])
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    await run(async () => {
      setError(null)
      try {
        await apiRequest(`/place-categories/${category.id}`, { method: 'PUT', body: { content_locales: chosen.filter((tag) => tag !== category.fallbackLocale) } })
        onOpenChange(false)
        onSaved()
      } catch (e) {
        setError(apiErrorMessage(e, t('contentLanguages.saveFailed')))
      }
    })
  }

  return (
    <ConfirmModal
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      size="md"
      testId="content-languages-modal"
      title={t('contentLanguages.title')}
      description={t('contentLanguages.description', { name: category.name })}
      confirm={{ form: formId, label: busy ? t('routeModals.saving') : t('contentLanguages.save'), testId: 'content-languages-save' }}
    >
      <form id={formId} onSubmit={submit} className="flex flex-col gap-4">
        <ErrorBanner message={error} testId="modal-error" />
        <ul className="flex flex-col gap-1" data-testid="content-languages-list" aria-label={t('contentLanguages.listLabel')}>
          {chosen.map((tag) => (
            <li key={tag} className="flex min-h-10 items-center justify-between gap-2 rounded-lg border border-gray-200 px-3 dark:border-gray-800" data-testid={`content-language-${tag}`}>
              <span>
                <span className="font-medium">{languageName(tag, ui)}</span> <span className="text-sm text-gray-600 dark:text-gray-300">{tag}</span>
                {tag === category.fallbackLocale ? <span className="ml-2 text-sm text-gray-600 dark:text-gray-300">({t('contentLanguages.fallback')})</span> : null}
              </span>
              {tag === category.fallbackLocale ? null : (
                <Button type="button" variant="ghost" size="sm" onClick={() => setChosen(chosen.filter((other) => other !== tag))} aria-label={t('contentLanguages.remove', { language: languageName(tag, ui) })}>
                  <X className="size-4" aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex grow flex-col gap-1 text-sm">
            <span className="font-medium">{t('contentLanguages.pick')}</span>
            <select
              className={control}
              value=""
              data-testid="content-language-pick"
              onChange={(e) => {
                if (e.target.value) add(e.target.value)
              }}
            >
              <option value="">{t('contentLanguages.pickPlaceholder')}</option>
              {suggestions.map((tag) => (
                <option key={tag} value={tag}>
                  {languageName(tag, ui)} ({tag})
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex grow flex-col gap-1 text-sm" htmlFor={`${formId}-tag`}>
            <span className="font-medium">{t('contentLanguages.other')}</span>
            <input
              id={`${formId}-tag`}
              className={control}
              value={typed}
              placeholder="pt-BR"
              data-testid="content-language-tag"
              aria-invalid={typedError ? true : undefined}
              aria-describedby={typedError ? `${formId}-tag-error` : undefined}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault()
                  add(typed)
                }
              }}
            />
          </label>
          <Button type="button" variant="secondary" onClick={() => add(typed)} data-testid="content-language-add">
            {t('contentLanguages.add')}
          </Button>
        </div>
        {typedError ? (
          <p id={`${formId}-tag-error`} className="text-sm text-red-600 dark:text-red-400">
            {typedError}
          </p>
        ) : null}
      </form>
    </ConfirmModal>
  )
}
