import { WifiOff } from 'lucide-react'
import { useTranslation } from 'react-i18next'

// The offline page (ADR 090), rendered by the server only: its messages are a server-only group.

const list = 'space-y-2'
const none = 'text-sm text-gray-700'

/** The offline page's markup: its lists are the worker's to fill (`data-offline-walks`, `data-offline-pages`). */
export function OfflinePage({ locale }: { locale: string }) {
  const { t } = useTranslation()
  return (
    <main lang={locale} data-testid="offline-page" className="mx-auto flex min-h-dvh max-w-md flex-col gap-5 bg-white px-5 py-8 text-gray-900 wrap-anywhere">
      <title>{`${t('visitorOffline.title')} · Trailguide`}</title>
      <div className="space-y-2">
        <WifiOff className="size-10 text-gray-700" aria-hidden="true" />
        <h1 className="text-2xl font-semibold">{t('visitorOffline.title')}</h1>
        <p className="text-gray-800">{t('visitorOffline.intro')}</p>
        {/* An empty href is the address asked for: the worker answers this page in its place. */}
        <a href="" className="inline-flex min-h-11 items-center rounded-xl bg-primary-700 px-4 font-medium text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700">
          {t('visitorOffline.retry')}
        </a>
      </div>
      <section aria-labelledby="offline-walks-title" className="space-y-2">
        <h2 id="offline-walks-title" className="text-lg font-semibold">
          {t('visitorOffline.walks')}
        </h2>
        <ul data-offline-walks className={list}>
          <li className={none}>{t('visitorOffline.noWalks')}</li>
        </ul>
      </section>
      <section aria-labelledby="offline-pages-title" className="space-y-2">
        <h2 id="offline-pages-title" className="text-lg font-semibold">
          {t('visitorOffline.pages')}
        </h2>
        <ul data-offline-pages data-kind-map={t('visitorOffline.kind.map')} data-kind-landing={t('visitorOffline.kind.landing')} data-kind-home={t('visitorOffline.kind.home')} className={list}>
          <li className={none}>{t('visitorOffline.noPages')}</li>
        </ul>
      </section>
    </main>
  )
}
