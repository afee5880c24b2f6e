import { useTranslation } from 'react-i18next'
import { useNonce } from '#app/components/shell/nonce.tsx'
import { textColorOn } from '#app/utils/contrast.ts'
import { formatDuration, formatRouteDistance } from '#app/utils/format-walk.ts'
import type { PrintView } from './print-view.ts'
import { sketchRoute } from './route-sketch.ts'
import { Button } from '#app/components/ui/button.tsx'

// The printed route leaflet: one A4 (or A5) page, laid out in millimetres so it prints the same
// from any browser. The map is an SVG of the path and the numbered stops (ADR 024): no tiles to
// wait for, sharp at any printer resolution.

const PRINT_SCRIPT = '/print.js?v=1'

/** Sizes of the sheet in mm, and how many stop lines fit before "and N more". */
const sheets = {
  a4: { width: 210, height: 297, padding: 12, font: 3.4, maxRows: 16 },
  a5: { width: 148, height: 210, padding: 8, font: 2.5, maxRows: 12 },
}

function css(view: PrintView) {
  const s = sheets[view.size]
  return `
@page { size: ${view.size.toUpperCase()} portrait; margin: 0; }
html, body { background: #e5e7eb; }
@media print { html, body { background: #fff !important; } .no-print { display: none !important; } .sheet { margin: 0 !important; box-shadow: none !important; } }
.sheet { width: ${s.width}mm; height: ${s.height}mm; padding: ${s.padding}mm; margin: 6mm auto; background: #fff; color: #111827;
  box-shadow: 0 1mm 4mm rgb(0 0 0 / 0.15); display: flex; flex-direction: column; gap: ${s.font * 1.2}mm; overflow: hidden;
  font-size: ${s.font}mm; line-height: 1.3; box-sizing: border-box; break-after: avoid; break-inside: avoid; }
.sheet h1 { font-size: ${s.font * 2.3}mm; line-height: 1.1; font-weight: 700; margin: 0; }
.sheet .subtitle { font-size: ${s.font * 1.25}mm; color: #374151; margin: 0.5mm 0 0; }
.sheet .category { font-size: ${s.font * 0.9}mm; text-transform: uppercase; letter-spacing: 0.08em; color: #4b5563; margin: 0 0 1mm; }
.sheet .facts { display: flex; gap: ${s.font * 1.5}mm; margin-top: ${s.font * 0.6}mm; font-weight: 600; }
.sheet .map { flex: 1 1 auto; min-height: 40mm; border-radius: 2mm; overflow: hidden; border: 0.3mm solid #d1d5db; background: #f3f4f1; }
.sheet .map svg { width: 100%; height: 100%; display: block; }
.sheet ol { margin: 0; padding: 0; list-style: none; display: grid; column-gap: ${s.font * 1.5}mm; row-gap: ${s.font * 0.35}mm; grid-auto-flow: column; }
.sheet li { display: flex; gap: 1.5mm; align-items: center; min-width: 0; white-space: nowrap; overflow: hidden; }
.sheet li .n { flex: none; width: ${s.font * 1.5}mm; height: ${s.font * 1.5}mm; border-radius: 50%; color: #fff; font-weight: 700; font-size: ${s.font * 0.8}mm;
  display: inline-flex; align-items: center; justify-content: center; print-color-adjust: exact; -webkit-print-color-adjust: exact; }
.sheet li .name { font-weight: 600; flex: none; max-width: 70%; overflow: hidden; text-overflow: ellipsis; }
.sheet li .desc { color: #4b5563; overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.sheet footer { display: flex; gap: ${s.font * 2}mm; align-items: center; border-top: 0.3mm solid #e5e7eb; padding-top: ${s.font}mm; }
.sheet footer figure { display: flex; gap: 2mm; align-items: center; margin: 0; flex: 1 1 0; min-width: 0; }
.sheet footer img { width: ${s.font * 8}mm; height: ${s.font * 8}mm; flex: none; }
.sheet footer figcaption { min-width: 0; }
.sheet footer strong { display: block; }
.sheet footer .url { font-size: ${s.font * 0.8}mm; color: #374151; overflow-wrap: anywhere; }
.sheet .draft { font-weight: 700; color: #92400e; }
`
}

/**
 * The map frame's width over its height on the sheet: the room the header, the stop lines and the
 * QR footer leave (their heights in the sheet's font size, as the styles above set them). The
 * drawing takes this shape, so the path fills the frame instead of a band of it.
 */
export function frameAspect(size: PrintView['size'], rows: number): number {
  const s = sheets[size]
  const f = s.font
  const header = f * 7.6
  const list = rows * f * 1.85
  const footer = f * 9.3
  const gaps = 3 * f * 1.2
  const height = Math.max(40, s.height - 2 * s.padding - header - list - footer - gaps)
  return (s.width - 2 * s.padding) / height
}

/** Stops in columns: one line each, the list cut with "and N more" where the page ends. */
function stopLayout(count: number, maxRows: number) {
  const columns = count <= 8 ? 1 : count <= 2 * maxRows ? 2 : 3
  const capacity = columns * maxRows
  const shown = count <= capacity ? count : capacity - 1
  return { columns, shown, rows: Math.max(1, Math.ceil((shown + (count > shown ? 1 : 0)) / columns)) }
}

export function RouteLeaflet({ view }: { view: PrintView }) {
  const { t } = useTranslation()
  const nonce = useNonce()
  const layout = stopLayout(view.stops.length, sheets[view.size].maxRows)
  const sketch = sketchRoute(view.lines, view.stops, 1000, Math.round(1000 / frameAspect(view.size, view.stops.length > 0 ? layout.rows : 0)))
  // Black or white by contrast on the route's colour, as on every map (WCAG AA).
  const numberColor = textColorOn(view.color)
  const hidden = view.stops.length - layout.shown
  return (
    <>
      <style>{css(view)}</style>
      <nav className="no-print mx-auto mt-4 flex max-w-[210mm] flex-wrap items-center gap-3 px-2 text-sm" aria-label={t('printKit.toolbar')}>
        <a href={view.paths.landing} className="text-primary-800 underline">
          {t('printKit.back')}
        </a>
        <span className="ml-auto flex gap-1" role="group" aria-label={t('printKit.size')}>
          {(['a4', 'a5'] as const).map((size) => (
            <a
              key={size}
              href={view.paths[size]}
              aria-current={view.size === size ? 'page' : undefined}
              className={`rounded-lg px-3 py-1.5 font-medium ${view.size === size ? 'bg-gray-900 text-white' : 'bg-white text-gray-800 ring-1 ring-gray-300'}`}
            >
              {size.toUpperCase()}
            </a>
          ))}
        </span>
        <Button type="button" size="sm" data-print>
          {t('printKit.print')}
        </Button>
        <p className="basis-full text-gray-600">{t('printKit.hint')}</p>
      </nav>
      <main className="sheet" data-testid="print-sheet" data-size={view.size} lang={view.locale}>
        <header>
          <p className="category">{view.categoryName}</p>
          <h1>{view.name}</h1>
          {view.subtitle ? <p className="subtitle">{view.subtitle}</p> : null}
          <p className="facts">
            <span>{formatRouteDistance(view.distance, view.locale)}</span>
            <span>{formatDuration(view.duration)}</span>
            <span>{t('printKit.stops', { count: view.stops.length })}</span>
            {view.isDraft ? <span className="draft">{t('printKit.draft')}</span> : null}
          </p>
        </header>
        <div className="map">
          <svg viewBox={`0 0 ${sketch.width} ${sketch.height}`} preserveAspectRatio="xMidYMid meet" role="img" aria-label={t('printKit.mapLabel', { name: view.name })} data-testid="print-map">
            <rect width={sketch.width} height={sketch.height} fill="#f3f4f1" />
            {sketch.lines.map((points, i) => (
              <g key={i}>
                <polyline points={points} fill="none" stroke="#fff" strokeWidth={14} strokeLinejoin="round" strokeLinecap="round" />
                <polyline points={points} fill="none" stroke={view.color} strokeWidth={7} strokeLinejoin="round" strokeLinecap="round" />
              </g>
            ))}
            {sketch.stops.map((stop) => (
              <g key={stop.number} data-testid="print-stop-marker">
                <circle cx={stop.x} cy={stop.y} r={17} fill={view.color} stroke="#fff" strokeWidth={4} />
                <text x={stop.x} y={stop.y} dy="0.35em" textAnchor="middle" fontSize={stop.number > 99 ? 13 : 17} fontWeight={700} fill={numberColor} fontFamily="system-ui, sans-serif">
                  {stop.number}
                </text>
              </g>
            ))}
            <g transform={`translate(${sketch.width - 40} ${sketch.height - 38})`} aria-hidden data-testid="print-north">
              <path d="M0 -26 L9 6 L0 0 L-9 6 Z" fill="#374151" />
              <text y={26} textAnchor="middle" fontSize={18} fontWeight={700} fill="#374151" fontFamily="system-ui, sans-serif">
                {t('printKit.north')}
              </text>
            </g>
            {sketch.scale.length > 0 ? (
              <g transform={`translate(24 ${sketch.height - 24})`} data-testid="print-scale">
                <rect width={sketch.scale.length} height={7} y={-7} fill="#374151" />
                <text y={-14} fontSize={18} fill="#374151" fontFamily="system-ui, sans-serif">
                  {sketch.scale.label}
                </text>
              </g>
            ) : null}
          </svg>
        </div>
        {view.stops.length > 0 ? (
          <ol style={{ gridTemplateColumns: `repeat(${layout.columns}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${layout.rows}, auto)` }} data-testid="print-stops">
            {view.stops.slice(0, layout.shown).map((stop) => (
              <li key={stop.number}>
                <span className="n" style={{ backgroundColor: view.color, color: numberColor }}>
                  {stop.number}
                </span>
                <span className="name">{stop.name}</span>
                {stop.description ? <span className="desc">{stop.description}</span> : null}
              </li>
            ))}
            {hidden > 0 ? <li>{t('printKit.moreStops', { count: hidden })}</li> : null}
          </ol>
        ) : null}
        <footer>
          <QrFigure image={view.landingQr} title={t('printKit.landingQr')} url={view.landingUrl} />
          <QrFigure image={view.mapQr} title={t('printKit.mapQr')} url={view.mapUrl} />
        </footer>
      </main>
      <script nonce={nonce} defer src={PRINT_SCRIPT} />
    </>
  )
}

function QrFigure({ image, title, url }: { image: string | null; title: string; url: string }) {
  return (
    <figure>
      {image ? <img src={image} alt="" /> : null}
      <figcaption>
        <strong>{title}</strong>
        <span className="url">{url}</span>
      </figcaption>
    </figure>
  )
}
