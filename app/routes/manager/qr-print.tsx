import { ArrowLeft, Printer } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { pickCodes } from '#app/components/map-editor/qr-panel/qr-codes-view.ts'
import { PageTitle } from '#app/components/page-title.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { localeFromParam } from '#app/i18n/config.ts'
import { useLocale, useLocalePath } from '#app/i18n/use-locale.ts'
import { requireUser } from '#app/modules/auth/guards.ts'
import { notFound } from '#app/utils/errors.ts'
import type { Route } from './+types/qr-print'

/**
 * Plaque labels: the QR code's printed side in millimetres, so a label cut from the sheet fits
 * its plaque whatever the printer (small: stickers on signposts; large: panels).
 */
const labelSizes = {
  s: { side: 34, columns: 4, printClass: '' },
  m: { side: 48, columns: 3, printClass: '' },
  // Two rows fill an A4 page (273 mm inside the margins, the title on the first): no third left empty.
  l: { side: 80, columns: 2, printClass: 'print:min-h-[122mm]' },
} as const
type LabelSize = keyof typeof labelSizes
const isLabelSize = (value: string | null): value is LabelSize => value !== null && value in labelSizes

/**
 * A printable sheet of a category's QR codes (`/qr-codes/print?category=ID&codes=a,b`): each code
 * with its text and place. Members only: another tenant's category answers 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args)
  const { services } = args.context
  const url = new URL(args.request.url)
  const categoryId = Number(url.searchParams.get('category'))
  if (!Number.isInteger(categoryId) || categoryId < 1) throw notFound()
  const codes = await services.qrCodes.listForCategory(user, categoryId)
  const categories = await services.categories.tree(user)
  const find = (nodes: typeof categories): string | null => {
    for (const n of nodes) {
      if (n.id === categoryId) return n.name
      const inner = find(n.children)
      if (inner) return inner
    }
    return null
  }
  const shown = pickCodes(codes, url.searchParams.get('codes')).map((c) => ({
    code: c.code,
    name: c.name,
    place: c.place?.name ?? null,
  }))
  const size = url.searchParams.get('size')
  // Typed by a visitor whose phone cannot scan: the plaque's address without its scheme (/q is on the base host).
  const shortBase = `${new URL(services.config.BASE_URL).host}/q/`
  return { categoryId, categoryName: find(categories) ?? '', codes: shown, locale: localeFromParam(args.params.lang), size: isLabelSize(size) ? size : 'm', shortBase }
}

export default function QrPrint({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation()
  const locale = useLocale()
  const localePath = useLocalePath()
  const { categoryId, categoryName, codes, size, shortBase } = loaderData
  const title = t('qrPanel.print.title', { name: categoryName })
  const label = labelSizes[size]
  const [search] = useSearchParams()
  const sizeHref = (next: LabelSize) => {
    const params = new URLSearchParams(search)
    params.set('size', next)
    return `?${params.toString()}`
  }
  return (
    <main className="mx-auto max-w-5xl p-4 sm:p-8 print:max-w-none print:p-0" lang={locale}>
      <PageTitle title={title} />
      <style>{'@page { size: A4; margin: 12mm; } @media print { html, body { background: #fff !important; color: #000 !important; } }'}</style>
      <div className="mb-6 flex flex-wrap items-center gap-3 print:hidden">
        <Link to={localePath(`/map?category=${categoryId}`)} className="inline-flex items-center gap-1 text-sm text-primary-700 underline dark:text-primary-300">
          <ArrowLeft className="size-4" aria-hidden />
          {t('qrPanel.print.back')}
        </Link>
        <span className="ml-auto flex items-center gap-1 text-sm" role="group" aria-label={t('qrPanel.print.size')}>
          <span className="mr-1 text-gray-600 dark:text-gray-300">{t('qrPanel.print.size')}</span>
          {(Object.keys(labelSizes) as LabelSize[]).map((key) => (
            <Link
              key={key}
              to={sizeHref(key)}
              replace
              aria-current={key === size ? 'true' : undefined}
              data-testid={`label-size-${key}`}
              className={`rounded-lg px-2.5 py-1.5 font-medium ${key === size ? 'bg-gray-900 text-white dark:bg-white dark:text-gray-900' : 'ring-1 ring-gray-300 dark:ring-gray-700'}`}
            >
              {t(`qrPanel.print.sizes.${key}`, { mm: labelSizes[key].side })}
            </Link>
          ))}
        </span>
        <Button type="button" onClick={() => window.print()} data-testid="print-button">
          <Printer className="size-4" aria-hidden />
          {t('qrPanel.print.print')}
        </Button>
      </div>
      <h1 className="mb-1 text-2xl font-semibold print:text-lg">{title}</h1>
      <p className="mb-6 text-sm text-gray-600 dark:text-gray-300 print:mb-3 print:text-black">{t('qrPanel.print.count', { count: codes.length })}</p>
      {codes.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-500 dark:text-gray-400">{t('qrPanel.print.none')}</p>
      ) : (
        <ul
          className="grid justify-center gap-4 print:gap-3"
          style={{ gridTemplateColumns: `repeat(auto-fill, ${label.side + 10}mm)` }}
          data-testid="print-sheet"
          data-size={size}
        >
          {codes.map((c) => (
            <li
              key={c.code}
              data-testid="print-code"
              data-code={c.code}
              className={`flex break-inside-avoid flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-gray-400 bg-white p-[4mm] text-center text-black ${label.printClass}`}
              style={{ fontSize: `${Math.max(2.6, label.side / 16)}mm` }}
            >
              <img
                src={`/api/qr-codes/${encodeURIComponent(c.code)}/image.svg`}
                alt={t('qrPanel.qrAlt', { code: c.code })}
                style={{ width: `${label.side}mm`, height: `${label.side}mm` }}
                data-testid="label-qr"
              />
              <span className="font-mono font-semibold break-all">{c.code}</span>
              <span data-testid="label-address" className="text-[0.75em]">
                {t('visitor.typeAddress')} <span className="font-mono font-semibold whitespace-nowrap">{`${shortBase}${c.code}`}</span>
              </span>
              {/* One line for the name and the place: two rows of large labels fit a page. */}
              <span>
                {c.name ? `${c.name} · ` : null}
                <span className="text-gray-600">{c.place ?? t('qrPanel.inactive')}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </main>
  )
}
