import { useTranslation } from 'react-i18next'
import { routeColors, type RouteColor } from '#app/modules/walks/walks.schema.ts'
import { textColorOn } from '#app/utils/contrast.ts'

/** A sketch of the public page's branded parts, following the editor's unsaved values. */
export function BrandingPreview({
  bgColor,
  transparent,
  color,
  name,
  logoProUrl,
  logos,
  logoTitle,
}: {
  bgColor: string
  transparent: boolean
  color: RouteColor
  name: string
  logoProUrl: string | null
  logos: { id: number; url: string }[]
  logoTitle: string
}) {
  const { t } = useTranslation()
  const accent = routeColors[color]
  // Black or white on the route's colour, whichever reads (WCAG AA), as the public pages do.
  const onAccent = { backgroundColor: accent, color: textColorOn(accent) }
  return (
    <section aria-labelledby="branding-preview-title">
      <h2 id="branding-preview-title" className="mb-2 text-lg font-semibold">
        {t('branding.preview')}
      </h2>
      <div
        data-testid="branding-preview"
        data-bg={transparent ? 'transparent' : bgColor}
        data-route-color={accent}
        className="overflow-hidden rounded-xl border border-gray-200 text-gray-900 dark:border-gray-800"
        style={
          transparent
            ? { backgroundImage: 'repeating-conic-gradient(#e5e7eb 0% 25%, #ffffff 0% 50%)', backgroundSize: '20px 20px' }
            : { backgroundColor: bgColor }
        }
      >
        <div className="flex min-h-16 items-center justify-between gap-3 px-4 py-3">
          {logoProUrl ? <img src={logoProUrl} alt={t('branding.logoPro')} className="h-10 max-w-[10rem] object-contain" /> : (
            // On the manager's own colour: black or white, whichever reads (WCAG AA), as the public pages do.
            <span className="text-sm italic" style={transparent ? undefined : { color: textColorOn(bgColor) }} data-testid="preview-logo-placeholder">
              {t('branding.logoPro')}
            </span>
          )}
        </div>
        <div className="mx-4 mb-4 rounded-lg bg-white/90 p-4 shadow-sm">
          <p className="text-lg font-semibold">{name}</p>
          <div className="mt-3 h-1.5 w-full rounded-full" style={{ backgroundColor: accent }} data-testid="preview-route-line" />
          <div className="mt-3 flex gap-2">
            {[1, 2, 3].map((n) => (
              <span key={n} className="flex size-7 items-center justify-center rounded-full text-xs font-bold" style={onAccent}>
                {n}
              </span>
            ))}
          </div>
          <span className="mt-4 inline-block rounded-lg px-3 py-1.5 text-sm font-medium" style={onAccent}>
            {t('branding.openMap')}
          </span>
        </div>
        {logos.length > 0 || logoTitle ? (
          <div className="mx-4 mb-4 rounded-lg bg-white/90 p-3">
            {logoTitle ? <p className="mb-2 text-sm font-medium">{logoTitle}</p> : null}
            <div className="flex flex-wrap gap-3">
              {logos.map((logo) => (
                <img key={logo.id} src={logo.url} alt="" className="h-10 w-16 object-contain" />
              ))}
            </div>
          </div>
        ) : null}
      </div>
    </section>
  )
}
