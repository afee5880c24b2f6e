import { clsx } from 'clsx'
import { Check, Megaphone, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { languageName, textDirection } from '#app/i18n/content-locales.ts'
import { useLocale } from '#app/i18n/use-locale.ts'
import { LengthHint } from '#app/components/ui/length-hint.tsx'
import { NOTICE_TEXT_MAX, noticeLevels, type NoticeLevel } from '#app/modules/walks/walk-notice.ts'
import type { RouteNotice } from '#app/modules/walks/walk-responses.schema.ts'
import type { NoticeDraft } from './notice-changes.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Segmented } from '#app/components/ui/segmented.tsx'

// The route notice on the landing editor: level, optional days, a text per language
// (the language the editor's translation tabs show), remove. Saved with the rest of the form.

const inputClass = 'rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm aria-invalid:border-red-500 dark:border-gray-700 dark:bg-gray-900'

function Errors({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null
  return (
    <ul id={id} className="text-sm text-red-600 dark:text-red-400" data-testid={id}>
      {messages.map((m) => (
        <li key={m}>{m}</li>
      ))}
    </ul>
  )
}

export function NoticeEditor({
  draft,
  saved,
  onChange,
  language,
  onLanguageChange,
  languages,
  errors,
}: {
  draft: NoticeDraft
  /** The notice as saved (the API says whether visitors see it today). */
  saved: RouteNotice | null
  onChange: (next: NoticeDraft) => void
  language: string
  onLanguageChange: (locale: string) => void
  /** The category's content languages (ADR 043). */
  languages: readonly string[]
  /** Messages by the API's keys (`notice.ends_on`). */
  errors: Record<string, string[]>
}) {
  const { t } = useTranslation()
  const ui = useLocale()
  const set = (changes: Partial<NoticeDraft>) => onChange({ ...draft, ...changes })
  const textErrors = [...(errors['notice.texts'] ?? []), ...(errors[`notice.texts.${language}`] ?? [])]
  return (
    <section aria-labelledby="notice-title" className="flex flex-col gap-3" data-testid="notice-editor">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="notice-title" className="text-lg font-semibold">
          {t('notices.editor.title')}
        </h2>
        {saved ? (
          <span data-testid="notice-saved-state" className={clsx('rounded-full px-2 py-0.5 text-xs font-medium', saved.active ? 'bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-100' : 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-200')}>
            {t(saved.active ? 'notices.editor.shownToday' : 'notices.editor.notShownToday')}
          </span>
        ) : null}
      </div>
      <p className="text-sm text-gray-600 dark:text-gray-400">{t('notices.editor.hint')}</p>
      {!draft.enabled ? (
        <div>
          <Button type="button" variant="secondary" className="min-h-10" data-testid="notice-add" onClick={() => set({ enabled: true })}>
            <Megaphone className="size-4" aria-hidden />
            {t('notices.editor.add')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-4 rounded-xl border border-gray-200 p-4 dark:border-gray-800">
          <div className="grid gap-4 sm:grid-cols-3">
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium">{t('notices.fields.level')}</span>
              <select data-testid="notice-level" value={draft.level} onChange={(e) => set({ level: e.target.value as NoticeLevel })} className={inputClass}>
                {noticeLevels.map((level) => (
                  <option key={level} value={level}>
                    {t(`notices.levels.${level}`)}
                  </option>
                ))}
              </select>
            </label>
            {(['starts_on', 'ends_on'] as const).map((field) => (
              <div key={field} className="flex flex-col gap-1 text-sm">
                <label htmlFor={`notice-${field}`} className="font-medium">
                  {t(`notices.fields.${field}`)}
                </label>
                <input
                  id={`notice-${field}`}
                  type="date"
                  data-testid={`notice-${field}`}
                  value={draft[field]}
                  onChange={(e) => set({ [field]: e.target.value })}
                  aria-invalid={errors[`notice.${field}`] ? true : undefined}
                  aria-describedby={errors[`notice.${field}`] ? `notice-${field}-error` : undefined}
                  className={inputClass}
                />
                <Errors id={`notice-${field}-error`} messages={errors[`notice.${field}`]} />
              </div>
            ))}
          </div>
          <p className="-mt-2 text-xs text-gray-600 dark:text-gray-400">{t('notices.editor.daysHint')}</p>
          <div className="flex flex-col gap-1">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <label htmlFor="notice-text" className="text-sm font-medium">
                {t('notices.fields.text')} <span className="text-gray-500 dark:text-gray-400">({languageName(language, ui)})</span>
              </label>
              {/* The same language as the texts' tabs above: choosing one here changes both. */}
              <Segmented
                look="raised"
                label={t('notices.editor.languages')}
                value={language}
                onChange={onLanguageChange}
                items={languages.map((locale) => ({
                  id: locale,
                  testId: `notice-language-${locale}`,
                  label: (
                    <span className="inline-flex items-center gap-0.5 text-xs uppercase">
                      {locale}
                      {draft.texts[locale]?.trim() ? <Check className="size-3" aria-label={t('notices.editor.written')} /> : null}
                    </span>
                  ),
                }))}
              />
            </div>
            <textarea
              id="notice-text"
              lang={language}
              dir={textDirection(language)}
              rows={3}
              maxLength={NOTICE_TEXT_MAX}
              data-testid="notice-text"
              value={draft.texts[language] ?? ''}
              onChange={(e) => set({ texts: { ...draft.texts, [language]: e.target.value } })}
              aria-invalid={textErrors.length > 0 || undefined}
              aria-describedby={['notice-text-length', textErrors.length > 0 && 'notice-text-error'].filter(Boolean).join(' ')}
              className={clsx(inputClass, 'w-full')}
            />
            <LengthHint id="notice-text-length" length={(draft.texts[language] ?? '').length} max={NOTICE_TEXT_MAX} />
            <Errors id="notice-text-error" messages={textErrors.length > 0 ? textErrors : undefined} />
            <p className="text-xs text-gray-600 dark:text-gray-400">{t(draft.level === 'closed' ? 'notices.editor.closedHint' : 'notices.editor.textHint')}</p>
          </div>
          <div>
            <Button type="button" variant="ghostDanger" className="min-h-10" data-testid="notice-remove" onClick={() => set({ enabled: false })}>
              <Trash2 className="size-4" aria-hidden />
              {t('notices.editor.remove')}
            </Button>
          </div>
        </div>
      )}
    </section>
  )
}
