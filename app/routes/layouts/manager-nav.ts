import { BarChart3, Flag, Flame, LayoutDashboard, List, Map, Palette, PanelsTopLeft, Sparkles, type LucideIcon } from 'lucide-react'

/** The manager screens, in the order of the navigation; `label`: a message key other than `nav.<key>`. */
export const managerScreens: { path: string; key: string; icon: LucideIcon; label?: string }[] = [
  { path: '/dashboard', key: 'dashboard', icon: LayoutDashboard },
  { path: '/map', key: 'map', icon: Map },
  { path: '/landing', key: 'landing', icon: PanelsTopLeft },
  { path: '/landing/list', key: 'landingList', icon: List },
  { path: '/branding', key: 'branding', icon: Palette },
  { path: '/statistics', key: 'statistics', icon: BarChart3 },
  { path: '/heatmap', key: 'heatmap', icon: Flame },
  { path: '/reports', key: 'reports', icon: Flag, label: 'reports.nav' },
  { path: '/ai', key: 'ai', icon: Sparkles },
]
