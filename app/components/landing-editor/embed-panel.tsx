import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyField } from '#app/components/map-editor/modals/copy-field.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { localeNames, locales, localizePath, type Locale } from '#app/i18n/config.ts'

export interface EmbedTarget {
  /** The category's public origin (its subdomain with subdomain routing) and slug. */
  origin: string
  slug: string
  name: string
  /** Open data addresses (CORS-open JSON and GeoJSON). */
  json: string
  geojson: string
}

/** The iframe that lists the category's published routes on another site. */
const embedSnippet = (target: EmbedTarget, locale: Locale, title: string) =>
  `<iframe src="${target.origin}${localizePath(`/embed/${target.slug}`, locale)}" title="${title.replace(/"/g, '&quot;')}" loading="lazy" style="width:100%;height:480px;border:0"></iframe>`

/** /landing/list: the snippet a site pastes to list the category's routes, its preview, and the open data links. */
export function EmbedPanel({ target }: { target: EmbedTarget }) {
  const { t, i18n } = useTranslation()
  const [locale, setLocale] = useState<Locale>((locales as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : 'en')
  const title = t('landingList.embed.frameTitle', { name: target.name })
  return (
    <section className="flex flex-col gap-4 rounded-xl border border-gray-200 p-4 dark:border-gray-800" aria-labelledby="embed-title" data-testid="embed-panel">
      <div>
        <h2 id="embed-title" className="text-lg font-semibold">
          {t('landingList.embed.title')}
        </h2>
        <p className="text-sm text-gray-600 dark:text-gray-300">{t('landingList.embed.help', { name: target.name })}</p>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-3">
          <Field label={t('landingList.embed.language')}>
            {(id) => (
              <select
                id={id}
                value={locale}
                onChange={(e) => setLocale(e.target.value as Locale)}
                className="min-h-10 w-full rounded-lg border border-gray-300 bg-white px-2 text-sm sm:w-60 dark:border-gray-700 dark:bg-gray-950"
                data-testid="embed-locale"
              >
                {locales.map((l) => (
                  <option key={l} value={l}>
                    {localeNames[l]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <CopyField label={t('landingList.embed.snippet')} value={embedSnippet(target, locale, title)} multiline testId="embed-snippet" />
          <p className="text-sm font-medium">{t('landingList.embed.data')}</p>
          <CopyField label={t('landingList.embed.json')} value={target.json} testId="open-data-json" />
          <CopyField label={t('landingList.embed.geojson')} value={target.geojson} testId="open-data-geojson" />
        </div>
        <figure className="flex flex-col gap-1">
          <figcaption className="text-sm font-medium">{t('landingList.embed.preview')}</figcaption>
          {/* The same page from this origin (a category subdomain would be another origin here). */}
          <iframe src={localizePath(`/embed/${target.slug}`, locale)} title={title} loading="lazy" className="h-80 w-full rounded-lg border border-gray-200 dark:border-gray-800" data-testid="embed-preview" />
        </figure>
      </div>
    </section>
  )
}
