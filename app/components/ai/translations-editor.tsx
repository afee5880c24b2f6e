import { clsx } from 'clsx'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LengthHint } from '#app/components/ui/length-hint.tsx'
import { TabList, tabIds } from '#app/components/ui/tabs.tsx'
import { localeNames } from '#app/i18n/config.ts'
import { draftLanguages, draftTextLimits, type DraftedTexts, type DraftedTranslations, type DraftLanguage } from '#app/modules/ai/ai.schema.ts'
import { fieldClass } from './ai-screen.tsx'

const textFields = ['name', 'subtitle', 'description', 'content_title', 'content_text'] as const satisfies readonly (keyof DraftedTexts)[]
const longFields = new Set<keyof DraftedTexts>(['description', 'content_text'])

/** The four languages side by side; on a phone, one at a time behind tabs. */
export function TranslationsEditor({ value, onChange }: { value: DraftedTranslations; onChange: (next: DraftedTranslations) => void }) {
  const { t } = useTranslation()
  const baseId = useId()
  const [tab, setTab] = useState<DraftLanguage>('fr')
  const set = (language: DraftLanguage, field: keyof DraftedTexts, text: string) => onChange({ ...value, [language]: { ...value[language], [field]: text } })

  return (
    <div>
      <TabList
        items={draftLanguages.map((language) => ({ id: language, label: localeNames[language] }))}
        value={tab}
        onChange={setTab}
        label={t('assistant.texts.languages')}
        idPrefix={`${baseId}-`}
        look="pills"
        className="mb-3 md:hidden"
      />
      <div className="grid gap-4 md:grid-cols-2 2xl:grid-cols-4">
        {draftLanguages.map((language) => (
          <fieldset
            key={language}
            id={tabIds(`${baseId}-`, language).panel}
            data-testid={`ai-texts-${language}`}
            className={clsx('flex min-w-0 flex-col gap-3 rounded-lg border border-gray-200 p-3 dark:border-gray-800', tab === language ? 'flex' : 'hidden md:flex')}
          >
            <legend className="px-1 text-sm font-semibold">{localeNames[language]}</legend>
            {textFields.map((field) => {
              const common = {
                value: value[language][field],
                onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(language, field, e.target.value),
                maxLength: draftTextLimits[field],
                required: field === 'name',
                lang: language,
                className: clsx(fieldClass, 'w-full text-sm'),
              }
              return (
                <label key={field} className="flex flex-col gap-1 text-sm">
                  <span className="font-medium">{t(`assistant.texts.fields.${field}`)}</span>
                  {longFields.has(field) ? <textarea rows={field === 'content_text' ? 6 : 3} {...common} /> : <input {...common} />}
                  <LengthHint length={value[language][field].length} max={draftTextLimits[field]} />
                </label>
              )
            })}
          </fieldset>
        ))}
      </div>
    </div>
  )
}
