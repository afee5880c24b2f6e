import { ExternalLink } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { LandingPage } from '#app/components/public/landing-page.tsx'
import { toLandingView } from '#app/components/public/landing-view.ts'
import type { Locale } from '#app/i18n/config.ts'
import { routeAddress, type Addressing } from '#app/modules/addresses/route-address.ts'
import type { RouteView } from '#app/modules/walks/walk-serializer.server.ts'
import { walkTextFields } from '#app/modules/walks/walks.schema.ts'
import type { EditorTexts } from './landing-changes.ts'

const noopSubscribe = () => () => {}

/**
 * The public landing page's own component, fed the editor's unsaved texts in the language being
 * edited: what visitors will get, without loading the page (which would count a view).
 */
export function PublicPreview({
  route,
  texts,
  locale,
  addressing,
  category,
  className,
}: {
  route: RouteView
  texts: EditorTexts
  locale: Locale
  addressing: Addressing
  /** The slug of the route's category (its addresses name it). */
  category: string
  className?: string
}) {
  const { t } = useTranslation()
  // Rendered after hydration only: the public component is made for pages that never hydrate
  // (its share button is unhidden by the page's own script), so SSR and client would differ.
  const mounted = useSyncExternalStore(noopSubscribe, () => true, () => false)
  const previewed: RouteView = { ...route, translations: texts }
  for (const field of walkTextFields) {
    const value = texts[locale][field].trim()
    // Blank in this language: the public page falls back to another language's text.
    previewed[field] = value || route[field]
  }
  // The public page itself, on its canonical address (the category's host with subdomain routing).
  const href = routeAddress(addressing, 'landing', { category, slug: route.slug }, { locale }).url
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
      <div data-testid="public-preview" inert className="max-h-[44rem] overflow-y-auto rounded-xl border border-gray-200 [&_[data-landing]]:min-h-0 dark:border-gray-800" lang={locale}>
        {mounted ? <LandingPage view={toLandingView(previewed, locale, addressing, category)} like={{ likes: 0, liked: false }} /> : <div className="h-96" />}
      </div>
    </section>
  )
}
