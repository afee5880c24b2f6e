// The browser downloads a language's messages in two parts: `base` (every page: shell, sign-in,
// the visitors' pages) and `manager` (the signed-in screens), so the visitor pages (a QR plaque on
// weak mobile data) do not carry the manager's hundreds of messages. A build plugin
// (vite.config.ts) serves `locales/<lang>/translation.json?messages=<part>` from this split.
// A new group of messages is `base` unless listed here: a page can never miss one.

export type MessagePart = 'base' | 'manager'

/** Top-level groups only the manager screens (under routes/layouts/manager.tsx) use. */
export const MANAGER_GROUPS: ReadonlySet<string> = new Set([
  'screens',
  'dashboard',
  'categories',
  'qr_codes',
  'places',
  'walks',
  'statistics',
  'ai',
  'heatmap',
  'assistant',
  'landingEditor',
  'landingList',
  'branding',
  'mapEditor',
  'routeModals',
  'qrPanel',
  'import',
  'editorSafety',
  'geocoding',
  'activity',
])

/** Groups only the server renders (e-mails, the category home, which runs no framework): never sent to a browser. */
const SERVER_GROUPS: ReadonlySet<string> = new Set(['mail', 'categoryHome', 'visitorOffline'])

export function partOf(group: string): MessagePart | null {
  if (SERVER_GROUPS.has(group)) return null
  return MANAGER_GROUPS.has(group) ? 'manager' : 'base'
}

/** The groups of a language's messages that belong to one part. */
export function pickMessages(messages: Record<string, unknown>, part: MessagePart): Record<string, unknown> {
  return Object.fromEntries(Object.entries(messages).filter(([group]) => partOf(group) === part))
}
