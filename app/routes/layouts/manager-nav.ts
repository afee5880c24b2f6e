import { BarChart3, Flame, LayoutDashboard, List, Map, Palette, PanelsTopLeft, Sparkles, type LucideIcon } from 'lucide-react'

/** The manager screens, in the order of the navigation. */
export const managerScreens: { path: string; key: string; icon: LucideIcon }[] = [
  { path: '/dashboard', key: 'dashboard', icon: LayoutDashboard },
  { path: '/map', key: 'map', icon: Map },
  { path: '/landing', key: 'landing', icon: PanelsTopLeft },
  { path: '/landing/list', key: 'landingList', icon: List },
  { path: '/branding', key: 'branding', icon: Palette },
  { path: '/statistics', key: 'statistics', icon: BarChart3 },
  { path: '/heatmap', key: 'heatmap', icon: Flame },
  { path: '/ai', key: 'ai', icon: Sparkles },
]
