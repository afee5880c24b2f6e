import { Accessibility, Armchair, Baby, ChevronsUp, DoorOpen, Footprints, GlassWater, Layers, Toilet, TreeDeciduous, TrendingUp, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { AccessibilityFacts, RouteAccessibilityView } from '#app/modules/accessibility/accessibility-responses.schema.ts'
import { hasAccessibility } from '#app/modules/accessibility/accessibility.schema.ts'
import { ElevationProfile } from './elevation-profile.tsx'

// A route's accessibility facts for visitors (ADR 027) on /r, /m and the category
// home's cards. Only known facts are listed, each with an icon and its value in words (never
// by colour alone); "not known" is said, not hidden as "no". Server-rendered, no script.

type FactKey = keyof AccessibilityFacts

const icons: Record<Exclude<FactKey, 'stairs_count'>, LucideIcon> = {
  step_free: Footprints,
  max_slope_pct: TrendingUp,
  surface: Layers,
  stairs: ChevronsUp,
  benches: Armchair,
  toilets: Toilet,
  drinking_water: GlassWater,
  shade: TreeDeciduous,
  pushchair: Baby,
  wheelchair: Accessibility,
}
const order = Object.keys(icons) as Exclude<FactKey, 'stairs_count'>[]

/** A known fact's value in words, in the page's language; null when unknown. */
function useFactText(facts: AccessibilityFacts, locale: string) {
  const { t } = useTranslation()
  const yesNo = (v: boolean) => t(v ? 'accessibility.values.yes' : 'accessibility.values.no')
  return (key: Exclude<FactKey, 'stairs_count'>): string | null => {
    switch (key) {
      case 'max_slope_pct':
        return facts.max_slope_pct === null ? null : t('accessibility.slope', { value: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(facts.max_slope_pct) })
      case 'surface':
        return facts.surface && t(`accessibility.surfaces.${facts.surface}`)
      case 'shade':
        return facts.shade && t(`accessibility.shades.${facts.shade}`)
      case 'stairs':
        if (facts.stairs === null) return null
        return facts.stairs && facts.stairs_count ? t('accessibility.stairsCount', { count: facts.stairs_count }) : yesNo(facts.stairs)
      case 'pushchair':
      case 'wheelchair':
        return facts[key] === null ? null : t(facts[key] ? 'accessibility.values.suitable' : 'accessibility.values.unsuitable')
      default:
        return facts[key] === null ? null : yesNo(facts[key])
    }
  }
}

/** The block on /r and /m: the known facts, a word on the unknown ones, the height profile. */
export function AccessibilityBlock({ accessibility, locale }: { accessibility: RouteAccessibilityView; locale: string }) {
  const { t } = useTranslation()
  const text = useFactText(accessibility, locale)
  if (!hasAccessibility(accessibility)) return null
  const known = order.flatMap((key) => {
    const value = text(key)
    return value === null ? [] : [{ key, value, Icon: icons[key] }]
  })
  return (
    // A container: two columns where the block itself is wide enough (the editor's preview is narrow on a wide screen).
    <section data-testid="accessibility" aria-labelledby="accessibility-title" className="@container space-y-3 rounded-xl bg-gray-50 p-4 ring-1 ring-gray-200">
      <h2 id="accessibility-title" className="flex items-center gap-2 text-base font-semibold text-gray-900">
        <Accessibility className="size-5 text-gray-800" aria-hidden="true" />
        {t('accessibility.title')}
      </h2>
      {known.length > 0 ? (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm @md:grid-cols-2">
          {known.map(({ key, value, Icon }) => (
            <div key={key} data-fact={key} className="flex flex-wrap items-start gap-x-2">
              <Icon className="mt-0.5 size-4 shrink-0 text-gray-700" aria-hidden="true" />
              {/* The colon as each language writes it (French: a no-break space before it). */}
              <dt className="text-gray-700">{t('accessibility.term', { label: t(`accessibility.labels.${key}`) })}</dt>
              <dd className="font-semibold whitespace-nowrap text-gray-900">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {known.length < order.length ? <p className="text-sm text-gray-700">{t('accessibility.unknownRest')}</p> : null}
      {accessibility.elevation ? <ElevationProfile elevation={accessibility.elevation} locale={locale} /> : null}
    </section>
  )
}

/** The category home card's line: step-free, wheelchairs and pushchairs when known. */
export function AccessibilityBadges({ facts }: { facts: AccessibilityFacts }) {
  const { t } = useTranslation()
  const badges = [
    facts.step_free === null ? null : { key: 'step_free', Icon: Footprints, text: t(facts.step_free ? 'accessibility.badges.stepFree' : 'accessibility.badges.notStepFree') },
    facts.wheelchair ? { key: 'wheelchair', Icon: Accessibility, text: t('accessibility.badges.wheelchair') } : null,
    facts.pushchair ? { key: 'pushchair', Icon: Baby, text: t('accessibility.badges.pushchair') } : null,
  ].filter((b) => b !== null)
  if (badges.length === 0) return null
  return (
    <ul data-testid="accessibility-badges" aria-label={t('accessibility.title')} className="flex flex-wrap gap-1.5 text-xs font-medium">
      {badges.map(({ key, Icon, text }) => (
        <li key={key} data-badge={key} className="inline-flex items-center gap-1 rounded-full bg-gray-100 px-2 py-1 text-gray-900 ring-1 ring-gray-300">
          <Icon className="size-3.5" aria-hidden="true" />
          {text}
        </li>
      ))}
    </ul>
  )
}

/** The category home's "step-free only" choice, part of its GET filter form. */
export function StepFreeFilter({ checked }: { checked: boolean }) {
  const { t } = useTranslation()
  return (
    // Before the button for the keyboard and on a phone; under the row of fields from sm on.
    <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-gray-800 sm:order-last sm:col-span-full">
      <input type="checkbox" name="step_free" value="1" defaultChecked={checked} data-testid="filter-step-free" className="size-5 rounded border-gray-400 accent-primary-700" />
      <Footprints className="size-4 text-gray-700" aria-hidden="true" />
      {t('accessibility.filter.stepFree')}
    </label>
  )
}

/** A stop's accessible-entrance note on the map page. */
/** A stop's accessible-entrance note; `data-speak` parts are what "Listen" reads, each in its `lang`. */
export function EntranceNote({ note, pageLocale }: { note: { text: string; locale: string } | null; pageLocale: string }) {
  const { t } = useTranslation()
  if (!note) return null
  return (
    <p data-testid="entrance-note" className="mb-2 flex items-start gap-2 rounded-lg bg-sky-50 p-2 text-sm text-gray-900 ring-1 ring-sky-200">
      <DoorOpen className="mt-0.5 size-4 shrink-0 text-gray-800" aria-hidden="true" />
      <span className="min-w-0 break-words whitespace-pre-line">
        <span className="font-semibold" data-speak>{t('accessibility.entrance')}:</span>{' '}
        <span data-speak lang={note.locale === pageLocale ? undefined : note.locale}>
          {note.text}
        </span>
      </span>
    </p>
  )
}
