import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { locales } from '#app/i18n/config.ts'
import { languageName, textDirection } from '#app/i18n/content-locales.ts'
import { useLocale } from '#app/i18n/use-locale.ts'
import { LengthHint } from '#app/components/ui/length-hint.tsx'
import { TabList, TabPanel } from '#app/components/ui/tabs.tsx'
import { walkTextLimits, type WalkTextField as RouteTextField } from '#app/modules/walks/walks.schema.ts'
import type { EditorTexts } from './landing-changes.ts'

const long: ReadonlySet<RouteTextField> = new Set(['description', 'content_text'])
const inputClass = 'w-full rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm aria-invalid:border-red-500 dark:border-gray-700 dark:bg-gray-900'

/** The route's texts in the category's content languages (ADR 043), one tab each; each field says its limit and its errors. */
export function TranslationTabs({
  texts,
  fields,
  onChange,
  active: controlled,
  initial = 'fr',
  onActiveChange,
  errors = {},
  languages = locales,
}: {
  texts: EditorTexts
  fields: readonly RouteTextField[]
  onChange: (locale: string, field: RouteTextField, value: string) => void
  /** The shown language, when the parent follows it (else the tabs keep it themselves). */
  active?: string
  /** The language shown first when the tabs keep it themselves. */
  initial?: string
  onActiveChange?: (locale: string) => void
  /** The tabs: the category's content languages, its fallback first (BCP 47 tags). */
  languages?: readonly string[]
  /** Messages by `<locale>.<field>`. */
  errors?: Record<string, string[]>
}) {
  const { t } = useTranslation()
  const ui = useLocale()
  const [own, setOwn] = useState<string>(initial)
  const active = controlled ?? own
  const setActive = (locale: string) => {
    setOwn(locale)
    onActiveChange?.(locale)
  }
  return (
    <div>
      <TabList
        items={languages.map((locale) => ({
          id: locale,
          testId: `texts-tab-${locale}`,
          label: (
            <>
              <span className="uppercase">{locale}</span>
              <span className="sr-only"> {languageName(locale, ui)}</span>
              {fields.some((f) => errors[`${locale}.${f}`]?.length) ? (
                <span data-testid={`texts-tab-error-${locale}`} className="ml-1 inline-block size-2 rounded-full bg-red-600 align-middle" title={t('editorSafety.tabHasErrors')}>
                  <span className="sr-only">{t('editorSafety.tabHasErrors')}</span>
                </span>
              ) : null}
            </>
          ),
        }))}
        value={active}
        onChange={setActive}
        label={t('landingEditor.languages')}
        idPrefix="texts-"
        className="mb-4 gap-1"
        tabClassName="px-3 py-2"
      />
      <TabPanel idPrefix="texts-" value={active} className="flex flex-col gap-4">
        {fields.map((field) => {
          const id = `text-${active}-${field}`
          const fieldErrors = errors[`${active}.${field}`] ?? []
          const max = walkTextLimits[field]
          const common = {
            id,
            name: field,
            value: texts[active]?.[field] ?? '',
            maxLength: max,
            'aria-invalid': fieldErrors.length > 0 || undefined,
            'aria-describedby': [fieldErrors.length > 0 && `${id}-error`, `${id}-length`].filter(Boolean).join(' '),
            'data-testid': `text-${field}`,
            // The text's language and direction on the field itself: its label is the interface's (ADR 043).
            lang: active,
            dir: textDirection(active),
            className: inputClass,
            onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(active, field, event.target.value),
          }
          return (
            <div key={id} className="flex flex-col gap-1">
              <label htmlFor={id} className="text-sm font-medium">
                {t(`landingEditor.fields.${field}`)} <span className="text-gray-500 dark:text-gray-400">({languageName(active, ui)})</span>
              </label>
              {long.has(field) ? <textarea rows={field === 'content_text' ? 8 : 4} {...common} /> : <input type="text" {...common} />}
              <LengthHint id={`${id}-length`} length={(texts[active]?.[field] ?? '').length} max={max} />
              {fieldErrors.length > 0 ? (
                <ul id={`${id}-error`} className="text-sm text-red-600 dark:text-red-400" data-testid={`text-${field}-error`}>
                  {fieldErrors.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          )
        })}
      </TabPanel>
    </div>
  )
}
