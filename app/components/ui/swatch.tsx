import { clsx } from 'clsx'
import { textColorOn } from '#app/utils/contrast.ts'

/**
 * The edge of every route-colour dot: a route may be black, which a dark page would swallow
 *; gray-400 stands out from the dark greys, a faint line from white.
 * app/components/ui/button.test.ts checks it against every route colour.
 */
export const SWATCH_EDGE = 'ring-1 ring-inset ring-black/10 dark:ring-gray-400'

/** A route-colour dot (decorative: the route's name or the colour's says it); what it holds is drawn in a readable colour. */
export function Swatch({ color, className, children, ...data }: { color: string; className?: string; children?: React.ReactNode } & Record<`data-${string}`, string>) {
  return (
    <span className={clsx('shrink-0 rounded-full', SWATCH_EDGE, className)} style={{ backgroundColor: color, color: textColorOn(color) }} aria-hidden {...data}>
      {children}
    </span>
  )
}
