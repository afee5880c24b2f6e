import { Download, ExternalLink, Info, Printer } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Modal } from '#app/components/ui/modal.tsx'
import { printAddress, routeFileUrl, type Addressing } from '#app/modules/addresses/route-address.ts'
import type { RouteView } from '#app/modules/walks/walk-responses.schema.ts'
import { CopyField } from './copy-field.tsx'
import { mapEmbedCode, pageLinkCode, publicPageUrl, routeQrImageUrls, type SharedPage } from './share-links.ts'

const download = 'inline-flex min-h-10 items-center gap-2 rounded-lg border border-gray-300 px-3 py-2 text-sm font-medium hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800'

/** Share map / share page: the public link, its QR code (SVG and PNG) and the code to embed it. */
export function ShareModal({
  open,
  onOpenChange,
  page,
  route,
  category,
  addressing,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  page: SharedPage
  route: RouteView
  /** The slug of the route's category: its public addresses name it (ADR 011). */
  category: string
  addressing: Addressing
}) {
  const { t } = useTranslation()
  const name = route.name ?? route.slug
  const url = publicPageUrl(page, addressing, { category, slug: route.slug })
  const qr = (page === 'map' ? route.route_map_page_qr_codes : route.route_landing_page_qr_codes)[0]
  const images = qr ? routeQrImageUrls(qr.id) : null
  const embed = page === 'map' ? mapEmbedCode(url, name) : pageLinkCode(url, name)
  const key = page === 'map' ? 'shareMap' : 'sharePage'

  return (
    <Modal open={open} onOpenChange={onOpenChange} size="lg" testId={`share-${page}-modal`} title={t(`routeModals.${key}.title`)} description={t(`routeModals.${key}.description`, { name })}>
      <div className="flex flex-col gap-5">
        {route.status !== 'published' ? (
          <p role="note" data-testid="draft-note" className="flex gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('routeModals.share.draft')}
          </p>
        ) : null}
        <div className="flex flex-col gap-2">
          <CopyField label={t('routeModals.share.link')} value={url} testId="share-url" />
          <a href={url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 self-start text-sm text-primary-700 underline dark:text-primary-300" data-testid="share-open">
            {t('routeModals.share.open')}
            <ExternalLink className="size-3.5" aria-hidden />
          </a>
        </div>
        <section className="flex flex-col gap-3 sm:flex-row sm:items-start" aria-labelledby={`share-qr-${page}`}>
          <h3 id={`share-qr-${page}`} className="sr-only">
            {t('routeModals.share.qr')}
          </h3>
          {images ? (
            <>
              <img
                src={images.svg}
                alt={t('routeModals.share.qrAlt', { name })}
                className="size-40 self-center rounded-lg border border-gray-200 bg-white p-2 sm:self-start dark:border-gray-700"
                data-testid="share-qr"
              />
              <div className="flex flex-col gap-2">
                <p className="text-sm text-gray-600 dark:text-gray-300">{t('routeModals.share.qrHelp')}</p>
                <div className="flex flex-wrap gap-2">
                  <a href={images.svg} download={`${route.slug}-${page}.svg`} className={download} data-testid="share-qr-svg">
                    <Download className="size-4" aria-hidden />
                    {t('routeModals.share.downloadSvg')}
                  </a>
                  <a href={images.png} download={`${route.slug}-${page}.png`} className={download} data-testid="share-qr-png">
                    <Download className="size-4" aria-hidden />
                    {t('routeModals.share.downloadPng')}
                  </a>
                </div>
              </div>
            </>
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-300">{t('routeModals.share.noQr')}</p>
          )}
        </section>
        <CopyField label={t(page === 'map' ? 'routeModals.share.embed' : 'routeModals.share.htmlLink')} value={embed} multiline testId="share-embed" />
        {page === 'map' ? <p className="-mt-3 text-xs text-gray-500 dark:text-gray-400">{t('routeModals.share.embedHelp')}</p> : null}
        {page === 'landing' ? (
          <section className="flex flex-col gap-2" aria-labelledby="share-print">
            <h3 id="share-print" className="text-sm font-medium">
              {t('routeModals.share.print')}
            </h3>
            <p className="text-sm text-gray-600 dark:text-gray-300">{t('routeModals.share.printHelp')}</p>
            <div className="flex flex-wrap gap-2">
              {(['a4', 'a5'] as const).map((size) => (
                <a key={size} href={printAddress(addressing, { category, slug: route.slug }, { size }).url} target="_blank" rel="noreferrer" className={download} data-testid={`share-print-${size}`}>
                  <Printer className="size-4" aria-hidden />
                  {t('routeModals.share.printSize', { size: size.toUpperCase() })}
                </a>
              ))}
            </div>
          </section>
        ) : (
          <section className="flex flex-col gap-2" aria-labelledby="share-files">
            <h3 id="share-files" className="text-sm font-medium">
              {t('routeModals.share.files')}
            </h3>
            <div className="flex flex-wrap gap-2">
              {(['gpx', 'geojson', 'kml'] as const).map((format) => (
                <a key={format} href={routeFileUrl(addressing, route.uuid, format)} download={`${route.slug}.${format}`} className={download} data-testid={`share-file-${format}`}>
                  <Download className="size-4" aria-hidden />
                  {format === 'geojson' ? 'GeoJSON' : format.toUpperCase()}
                </a>
              ))}
            </div>
          </section>
        )}
      </div>
    </Modal>
  )
}
