import { useTranslation } from 'react-i18next'
import { isLocale, localeNames } from '#app/i18n/config.ts'
import { messageKey } from '#app/i18n/keys.ts'
import type { RevisionDiff } from '#app/modules/revisions/revisions.schema.ts'

// A revision's difference to the one before (ADR 111): texts word by word (<ins>/<del>, each
// announced as inserted/deleted), the stops as a list, the other fields as before → after.

const fieldKey = (field: string) => {
  if (field.startsWith('accessibility.') && field !== 'accessibility.entrances') return `accessibility.labels.${field.slice(14)}`
  // Keys without dots: images.photo → images_photo.
  return `revisions.fields.${field.replace('.', '_')}`
}

export function RevisionDiffView({ diff, first }: { diff: RevisionDiff; first: boolean }) {
  const { t } = useTranslation()
  const value = (field: string, v: string | number | boolean | null) => {
    if (v === null || v === '') return t('revisions.none')
    if (typeof v === 'boolean') return v ? t('revisions.yes') : t('revisions.no')
    if (field === 'status' && (v === 'draft' || v === 'published')) return t(`landingEditor.status.${v}`)
    if (field === 'path') return t('revisions.points', { count: Number(v) })
    return String(v)
  }
  const empty = diff.texts.length === 0 && diff.fields.length === 0 && !diff.stops
  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="revision-diff">
      {first ? <p className="text-gray-600 dark:text-gray-300">{t('revisions.firstVersion')}</p> : null}
      {empty ? <p>{t('revisions.noDiff')}</p> : null}
      {diff.texts.map((change) => (
        <section key={`${change.locale}.${change.field}`} aria-label={`${t(messageKey(`landingEditor.fields.${change.field}`))} (${isLocale(change.locale) ? localeNames[change.locale] : change.locale})`}>
          <h3 className="font-medium">
            {t(messageKey(`landingEditor.fields.${change.field}`))}{' '}
            <span className="font-normal text-gray-600 dark:text-gray-300">({isLocale(change.locale) ? localeNames[change.locale] : change.locale})</span>
          </h3>
          <p className="mt-1 break-words whitespace-pre-wrap" data-testid="revision-text" lang={change.locale}>
            {change.parts.map((part, i) =>
              part.op === 'ins' ? (
                <ins key={i} className="bg-green-100 text-green-900 underline decoration-green-700 dark:bg-green-950 dark:text-green-100">
                  <span className="sr-only">{t('revisions.inserted')} </span>
                  {part.text}
                </ins>
              ) : part.op === 'del' ? (
                <del key={i} className="mr-0.5 bg-red-100 text-red-900 line-through decoration-red-700 dark:bg-red-950 dark:text-red-100">
                  <span className="sr-only">{t('revisions.deleted')} </span>
                  {part.text}
                </del>
              ) : (
                <span key={i}>{part.text}</span>
              ),
            )}
          </p>
        </section>
      ))}
      {diff.stops ? (
        <section aria-labelledby="revision-stops">
          <h3 id="revision-stops" className="font-medium">
            {t('revisions.stopsTitle')}
          </h3>
          <ol className="mt-1 flex flex-col gap-1" data-testid="revision-stops">
            {diff.stops.map((stop) => (
              <li key={`${stop.state}.${stop.id}`} className={stop.state === 'removed' ? 'text-red-800 line-through dark:text-red-200' : stop.state === 'added' ? 'text-green-800 dark:text-green-200' : undefined}>
                {stop.to ?? '–'}. {stop.name}
                {stop.state !== 'same' ? <span className="ml-1 text-gray-600 no-underline dark:text-gray-300">({t(`revisions.stop.${stop.state}`, { from: stop.from })})</span> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {diff.fields.length > 0 ? (
        <section aria-labelledby="revision-fields">
          <h3 id="revision-fields" className="font-medium">
            {t('revisions.fieldsTitle')}
          </h3>
          <ul className="mt-1 flex flex-col gap-1" data-testid="revision-fields">
            {diff.fields.map((f) => (
              <li key={f.field} className="break-words">
                <span className="font-medium">{t('revisions.fieldLabel', { field: t(messageKey(fieldKey(f.field))) })}</span> <del className="text-red-800 dark:text-red-200">{value(f.field, f.before)}</del> →{' '}
                <ins className="text-green-800 no-underline dark:text-green-200">{value(f.field, f.after)}</ins>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
