import { clsx } from 'clsx'
import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Swatch } from '#app/components/ui/swatch.tsx'
import { routeColorNames, routeColors, type RouteColor } from '#app/modules/walks/walks.schema.ts'

/**
 * The ten route colours as a radio group: swatch plus name, so colour is not the only cue. Beside
 * the kit, not in it: its words are the manager's messages (components/ui takes only base ones).
 */
export function RouteColorSwatches({ value, onChange }: { value: RouteColor; onChange: (color: RouteColor) => void }) {
  const { t } = useTranslation()
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{t('branding.routeColor')}</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-5" data-testid="route-colors">
        {routeColorNames.map((name) => {
          const checked = name === value
          return (
            <label
              key={name}
              className={clsx(
                'flex cursor-pointer items-center gap-2 rounded-lg border px-2 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary-600',
                checked ? 'border-primary-600 bg-primary-50 dark:bg-primary-950' : 'border-gray-200 dark:border-gray-800',
              )}
            >
              <input type="radio" name="route-color" value={name} checked={checked} onChange={() => onChange(name)} className="sr-only" data-testid={`route-color-${name}`} />
              <Swatch color={routeColors[name]} className="flex size-6 items-center justify-center">
                {checked ? <Check className="size-4" /> : null}
              </Swatch>
              <span className="truncate">{t(`branding.colors.${name}`)}</span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
