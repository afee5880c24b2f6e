import { Accessibility } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { languageName, textDirection } from '#app/i18n/content-locales.ts'
import { useLocale } from '#app/i18n/use-locale.ts'
import { ENTRANCE_NOTE_MAX, MAX_SLOPE_PCT, MAX_STAIRS, shades, surfaces, yesNoFacts, type YesNoFact } from '#app/modules/accessibility/accessibility.schema.ts'
import type { AccessibilityFacts } from '#app/modules/accessibility/accessibility-responses.schema.ts'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import type { AccessibilityEditState } from './accessibility-changes.ts'
import { SectionHeading } from '#app/components/ui/section-heading.tsx'

// The landing editor's "Accessibility" section (ADR 027): every fact a select whose
// first choice is "Not known", the steepest slope and the number of steps as numbers, and the
// stops' entrance notes in the language of the texts' tab. Saved with the rest by the save bar.

const control = 'w-full rounded-lg border border-gray-300 bg-white px-2 py-1.5 text-sm aria-invalid:border-red-500 dark:border-gray-700 dark:bg-gray-900'

interface Props {
  route: RouteView
  value: AccessibilityEditState
  /** The language of the texts' tab: the entrance notes are edited in it. */
  language: string
  errors: Record<string, string[]>
  onChange: (value: AccessibilityEditState) => void
}

const fromSelect = (v: string): boolean | null => (v === 'yes' ? true : v === 'no' ? false : null)
const toSelect = (v: boolean | null) => (v === null ? '' : v ? 'yes' : 'no')
const number = (v: string): number | null => (v.trim() === '' || Number.isNaN(Number(v)) ? null : Number(v))

export function AccessibilitySection({ route, value, language, errors, onChange }: Props) {
  const { t } = useTranslation()
  const ui = useLocale()
  const facts = value.facts
  const set = <K extends keyof AccessibilityFacts>(key: K, v: AccessibilityFacts[K]) => onChange({ ...value, facts: { ...facts, [key]: v } })
  const fieldErrors = (key: string) => errors[`accessibility.${key}`] ?? []
  const errorList = (key: string) =>
    fieldErrors(key).length > 0 ? (
      <ul id={`a11y-${key}-error`} className="text-sm text-red-600 dark:text-red-400">
        {fieldErrors(key).map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    ) : null
  const invalid = (key: string) => (fieldErrors(key).length > 0 ? { 'aria-invalid': true as const, 'aria-describedby': `a11y-${key}-error` } : {})
  const elevation = route.accessibility.elevation

  return (
    <section aria-labelledby="accessibility-title" data-testid="accessibility-editor" className="flex flex-col gap-4">
      <SectionHeading id="accessibility-title" icon={Accessibility} title={t('accessibility.title')} hint={t('accessibility.editor.hint')} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {yesNoFacts.map((key: YesNoFact) => (
          <label key={key} className="flex flex-col gap-1 text-sm font-medium">
            {t(`accessibility.labels.${key}`)}
            <select data-testid={`a11y-${key}`} value={toSelect(facts[key])} onChange={(e) => set(key, fromSelect(e.target.value))} className={control} {...invalid(key)}>
              <option value="">{t('accessibility.values.unknown')}</option>
              <option value="yes">{t(key === 'pushchair' || key === 'wheelchair' ? 'accessibility.values.suitable' : 'accessibility.values.yes')}</option>
              <option value="no">{t(key === 'pushchair' || key === 'wheelchair' ? 'accessibility.values.unsuitable' : 'accessibility.values.no')}</option>
            </select>
            {errorList(key)}
          </label>
        ))}
        {facts.stairs ? (
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('accessibility.editor.stairsCount')}
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_STAIRS}
              step={1}
              data-testid="a11y-stairs_count"
              value={facts.stairs_count ?? ''}
              onChange={(e) => set('stairs_count', number(e.target.value))}
              className={control}
              {...invalid('stairs_count')}
            />
            {errorList('stairs_count')}
          </label>
        ) : null}
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('accessibility.editor.slope')}
          <input
            type="number"
            inputMode="decimal"
            min={0}
            max={MAX_SLOPE_PCT}
            step={0.5}
            placeholder={t('accessibility.editor.slopePlaceholder')}
            data-testid="a11y-max_slope_pct"
            value={facts.max_slope_pct ?? ''}
            onChange={(e) => set('max_slope_pct', number(e.target.value))}
            className={control}
            {...invalid('max_slope_pct')}
          />
          {errorList('max_slope_pct')}
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('accessibility.labels.surface')}
          <select data-testid="a11y-surface" value={facts.surface ?? ''} onChange={(e) => set('surface', surfaces.find((s) => s === e.target.value) ?? null)} className={control}>
            <option value="">{t('accessibility.values.unknown')}</option>
            {surfaces.map((s) => (
              <option key={s} value={s}>
                {t(`accessibility.surfaces.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          {t('accessibility.labels.shade')}
          <select data-testid="a11y-shade" value={facts.shade ?? ''} onChange={(e) => set('shade', shades.find((s) => s === e.target.value) ?? null)} className={control}>
            <option value="">{t('accessibility.values.unknown')}</option>
            {shades.map((s) => (
              <option key={s} value={s}>
                {t(`accessibility.shades.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="text-sm text-gray-600 dark:text-gray-300" data-testid="a11y-elevation">
        {elevation ? t('accessibility.editor.heightsFromPath', { ascent: elevation.ascent }) : t('accessibility.editor.noHeights')}
      </p>
      <div className="flex flex-col gap-3">
        <div>
          <h3 className="text-base font-semibold">{t('accessibility.editor.entrances')}</h3>
          <p className="text-sm text-gray-600 dark:text-gray-300">{t('accessibility.editor.entrancesHint')}</p>
        </div>
        {route.places.length === 0 ? <p className="text-sm text-gray-600 dark:text-gray-300">{t('accessibility.editor.noStops')}</p> : null}
        {route.places.map((place) => {
          const id = `entrance-${place.id}-${language}`
          return (
            <div key={place.id} className="flex flex-col gap-1" lang={language}>
              <label htmlFor={id} className="text-sm font-medium">
                {place.placeSortId}. {t('accessibility.editor.entranceOf', { name: place.name })} <span className="text-gray-500 dark:text-gray-400">({languageName(language, ui)})</span>
              </label>
              <textarea
                id={id}
                dir={textDirection(language)}
                rows={2}
                maxLength={ENTRANCE_NOTE_MAX}
                data-testid={`a11y-entrance-${place.id}`}
                value={value.entrances[place.id]?.[language] ?? ''}
                onChange={(e) => onChange({ ...value, entrances: { ...value.entrances, [place.id]: { ...value.entrances[place.id], [language]: e.target.value } } })}
                className={control}
              />
            </div>
          )
        })}
      </div>
    </section>
  )
}
