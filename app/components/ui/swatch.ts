/**
 * The edge of every route-colour dot: a route may be black, which a dark page would swallow
 * (issue 18 item 23); gray-400 stands out from the dark greys, a faint line from white.
 * app/components/ui/button.test.ts checks it against every route colour.
 */
export const SWATCH_EDGE = 'ring-1 ring-inset ring-black/10 dark:ring-gray-400'
