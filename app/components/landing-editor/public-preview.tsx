import { ExternalLink } from 'lucide-react'
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import { I18nextProvider, useTranslation } from 'react-i18next'
import { LandingPage } from '#app/components/public/landing-page.tsx'
import { toLandingView } from '#app/components/public/landing-view.ts'
import type { Locale } from '#app/i18n/config.ts'
import { nearestUiLocale } from '#app/i18n/content-locales.ts'
import { loadLocale } from '#app/i18n/i18n.client.ts'
import { routeAddress, type Addressing } from '#app/modules/addresses/route-address.ts'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { walkTextFields } from '#app/modules/walks/walks.schema.ts'
import type { EditorTexts } from './landing-changes.ts'
import type { RouteNotice } from '#app/modules/walks/walk-responses.schema.ts'

const noopSubscribe = () => () => {}
/** Not a visitor's page: no count (a "0" next to the heart read as the route's figure). */
const PREVIEW_LIKE = { likes: null, liked: false }

/**
 * The public landing page's own component, fed the editor's unsaved texts in the language being
 * edited: what visitors will get, without loading the page (which would count a view).
 */
export function PublicPreview({
  route,
  texts,
  notice,
  locale,
  addressing,
  category,
  className,
}: {
  route: RouteView
  texts: EditorTexts
  /** The editor's unsaved notice; undefined: the route's own. */
  notice?: RouteNotice | null
  /** The content language being edited (ADR 043); the preview's interface is the nearest of the four. */
  locale: string
  addressing: Addressing
  /** The slug of the route's category (its addresses name it). */
  category: string
  className?: string
}) {
  const { t, i18n } = useTranslation()
  const ui = nearestUiLocale(locale)
  // The preview speaks the language being edited, as visitors will see it, whatever the
  // interface's language: its own i18next instance (same messages), once that language is in.
  const [loaded, setLoaded] = useState<Locale | null>(null)
  useEffect(() => {
    let current = true
    void loadLocale(ui, i18n).then((ok) => {
      if (current && ok) setLoaded(ui)
    })
    return () => {
      current = false
    }
  }, [ui, i18n])
  const previewI18n = useMemo(() => (loaded ? i18n.cloneInstance({ lng: loaded }) : null), [i18n, loaded])
  // Rendered after hydration only: the public component is made for pages that never hydrate
  // (its share button is unhidden by the page's own script), so SSR and client would differ.
  const mounted = useSyncExternalStore(noopSubscribe, () => true, () => false)
  const previewed: RouteView = { ...route, translations: texts, ...(notice !== undefined ? { notice } : {}) }
  for (const field of walkTextFields) {
    const value = (texts[locale]?.[field] ?? '').trim()
    // Blank in this language: the public page falls back to another language's text.
    previewed[field] = value || route[field]
  }
  // The public page itself, on its canonical address (the category's host with subdomain routing).
  const href = routeAddress(addressing, 'landing', { category, slug: route.slug }, { locale: ui, search: ui === locale ? '' : `?lang=${encodeURIComponent(locale)}` }).url
  return (
    <section aria-labelledby="public-preview-title" className={className}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="public-preview-title" className="text-lg font-semibold">
          {t('landingEditor.livePreview')} <span className="text-sm font-normal text-gray-500 uppercase dark:text-gray-400">{locale}</span>
        </h2>
        <a href={href} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-sm text-primary-700 underline dark:text-primary-300">
          {t('landingEditor.openPage')}
          <ExternalLink className="size-4" aria-hidden />
        </a>
      </div>
      <div data-testid="public-preview" inert className="max-h-[44rem] overflow-y-auto rounded-xl border border-gray-200 [&_[data-landing]]:min-h-0 dark:border-gray-800" lang={ui}>
        {mounted && previewI18n && loaded === ui ? (
          <I18nextProvider i18n={previewI18n}>
            <LandingPage view={toLandingView(previewed, ui, addressing, category, locale)} like={PREVIEW_LIKE} />
          </I18nextProvider>
        ) : (
          <div className="h-96" />
        )}
      </div>
    </section>
  )
}
