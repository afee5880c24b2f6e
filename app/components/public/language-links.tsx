import { clsx } from 'clsx'
import { useTranslation } from 'react-i18next'

/**
 * A visitor page in each language: a link per language, the page's own marked
 * (`aria-current="page"`). `overlay`: over the landing page's photo, on a pale ground.
 */
export function LanguageLinks({ links, current, look = 'plain' }: { links: { locale: string; path: string; name?: string }[]; current: string; look?: 'plain' | 'overlay' }) {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('publicLanding.languages')}>
      <ul className="flex flex-wrap justify-end gap-1 text-sm">
        {links.map(({ locale, path, name }) => {
          const here = locale === current
          return (
            <li key={locale}>
              <a
                href={path}
                hrefLang={locale}
                lang={locale}
                aria-current={here ? 'page' : undefined}
                className={clsx(
                  'rounded-md font-medium uppercase',
                  look === 'plain'
                    ? ['inline-flex min-h-11 min-w-11 items-center justify-center focus-visible:outline-2 focus-visible:outline-primary-700', here ? 'bg-gray-900 text-white' : 'text-gray-800 hover:bg-gray-100']
                    : ['px-2 py-1', here ? 'bg-gray-900 text-white' : 'bg-white/80 text-gray-700 hover:bg-white'],
                )}
              >
                {locale}
                {/* The language's own name for screen readers (ADR 043: any content language, not only the four). */}
                {name ? <span className="sr-only"> {name}</span> : null}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
