import { BarChart3, History, Flag, Flame, LayoutDashboard, List, Map, Palette, PanelsTopLeft, Sparkles, Trash2, type LucideIcon } from 'lucide-react'
import type { MessageKey } from '#app/i18n/keys.ts'

/** The manager screens, in the order of the navigation; `label`: the message key of its name. */
export const managerScreens: { path: string; key: string; icon: LucideIcon; label: MessageKey }[] = [
  { path: '/dashboard', key: 'dashboard', icon: LayoutDashboard, label: 'nav.dashboard' },
  { path: '/map', key: 'map', icon: Map, label: 'nav.map' },
  { path: '/landing', key: 'landing', icon: PanelsTopLeft, label: 'nav.landing' },
  { path: '/landing/list', key: 'landingList', icon: List, label: 'nav.landingList' },
  { path: '/branding', key: 'branding', icon: Palette, label: 'nav.branding' },
  { path: '/statistics', key: 'statistics', icon: BarChart3, label: 'nav.statistics' },
  { path: '/heatmap', key: 'heatmap', icon: Flame, label: 'nav.heatmap' },
  { path: '/reports', key: 'reports', icon: Flag, label: 'reports.nav' },
  { path: '/ai', key: 'ai', icon: Sparkles, label: 'nav.ai' },
  { path: '/trash', key: 'trash', icon: Trash2, label: 'trash.nav' },
  { path: '/activity', key: 'activity', icon: History, label: 'nav.activity' },
]
