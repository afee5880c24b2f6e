import { Download, ExternalLink } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { NoticeBadge } from '#app/components/notice-badge.tsx'
import { RouteStatusBadge } from '#app/components/route-status-badge.tsx'
import { Cell, ColumnHeader, RowHeader, Table, TableBody, TableHead } from '#app/components/ui/table.tsx'
import { locales } from '#app/i18n/config.ts'
import { useLocalePath } from '#app/i18n/use-locale.ts'
import type { RouteNotice } from '#app/modules/walks/walk-responses.schema.ts'

type PageQr = { id: number; svg: string } | null

/** A route's row on the landing pages screen: its pages, their QR codes, the languages it is named in. */
export interface LandingListRow {
  uuid: string
  slug: string
  name: string
  status: string
  notice: RouteNotice | null
  named: string[]
  landingUrl: string
  mapUrl: string
  landingQr: PageQr
  mapQr: PageQr
}

/** The category's routes with their landing and map pages. */
export function RoutesTable({ routes, categoryId }: { routes: LandingListRow[]; categoryId: number }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <Table className="min-w-[44rem]" data-testid="landing-list">
      <caption className="sr-only">{t('nav.landingList')}</caption>
      <TableHead>
        <ColumnHeader>{t('landingList.route')}</ColumnHeader>
        <ColumnHeader>{t('landingEditor.statusLabel')}</ColumnHeader>
        <ColumnHeader>{t('landingList.languages')}</ColumnHeader>
        <ColumnHeader>{t('landingList.landingPage')}</ColumnHeader>
        <ColumnHeader>{t('landingList.mapPage')}</ColumnHeader>
      </TableHead>
      <TableBody>
        {routes.map((r) => (
          <tr key={r.uuid} data-testid="landing-list-row" data-slug={r.slug} className="align-top">
            <RowHeader>
              <a href={localePath(`/landing?category=${categoryId}&route=${r.uuid}`)} className="text-primary-700 underline dark:text-primary-300">
                {r.name}
              </a>
            </RowHeader>
            <Cell>
              <span className="inline-flex flex-wrap gap-1">
                <RouteStatusBadge status={r.status} />
                <NoticeBadge notice={r.notice} />
              </span>
            </Cell>
            <Cell>
              <Coverage named={r.named} />
            </Cell>
            <Cell>
              <PageLinks url={r.landingUrl} qr={r.landingQr} label={t('landingList.landingPage')} name={r.name} />
            </Cell>
            <Cell>
              <PageLinks url={r.mapUrl} qr={r.mapQr} label={t('landingList.mapPage')} name={r.name} />
            </Cell>
          </tr>
        ))}
      </TableBody>
    </Table>
  )
}

/** fr/en/de/it, crossed out when the route has no name in that language (text says it too). */
function Coverage({ named }: { named: string[] }) {
  const { t } = useTranslation()
  return (
    <ul className="flex gap-1" aria-label={t('landingList.languages')}>
      {locales.map((l) => {
        const has = named.includes(l)
        return (
          <li
            key={l}
            data-testid={`coverage-${l}`}
            data-covered={has}
            className={has ? 'rounded bg-primary-700 px-1.5 py-0.5 text-xs font-semibold text-white uppercase' : 'rounded border border-gray-300 px-1.5 py-0.5 text-xs text-gray-500 dark:text-gray-400 uppercase line-through dark:border-gray-700'}
          >
            {l}
            <span className="sr-only"> {has ? t('landingList.translated') : t('landingList.missing')}</span>
          </li>
        )
      })}
    </ul>
  )
}

function PageLinks({ url, qr, label, name }: { url: string; qr: PageQr; label: string; name: string }) {
  const { t } = useTranslation()
  return (
    <div className="flex items-start gap-3">
      {qr ? <img src={qr.svg} alt={t('landingList.qrOf', { page: label, name })} className="size-16 rounded border border-gray-200 bg-white p-1 dark:border-gray-700" loading="lazy" /> : null}
      {/* Each link at least 24 px high (WCAG 2.5.8), the page link and the downloads on rows of their own. */}
      <div className="flex flex-col">
        <a href={url} target="_blank" rel="noreferrer" className="inline-flex min-h-6 items-center gap-1 text-primary-700 underline dark:text-primary-300" data-testid="page-link">
          {t('landingList.open')}
          <ExternalLink className="size-3.5" aria-hidden />
        </a>
        {qr ? (
          <span className="flex gap-2">
            <a href={`/api/route-qr-codes/${qr.id}/image.svg`} download className="inline-flex min-h-6 items-center gap-1 text-xs underline" data-testid="qr-svg">
              <Download className="size-3" aria-hidden />
              SVG
            </a>
            <a href={`/api/route-qr-codes/${qr.id}/image.png`} download className="inline-flex min-h-6 items-center gap-1 text-xs underline" data-testid="qr-png">
              <Download className="size-3" aria-hidden />
              PNG
            </a>
          </span>
        ) : (
          <span className="text-xs text-gray-500 dark:text-gray-400">{t('landingList.noQr')}</span>
        )}
      </div>
    </div>
  )
}
