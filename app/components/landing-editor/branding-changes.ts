import { locales, type Locale } from '#app/i18n/config.ts'
import type { RouteColor, UpdateWalkBody, WalkTexts as RouteTexts } from '#app/modules/walks/walks.schema.ts'

export interface BrandingState {
  bgColor: string
  transparent: boolean
  color: RouteColor
  logoTitles: Record<Locale, string>
}

/** The part of PUT /routes/update's body the branding editor sends (only what changed). */
export type BrandingUpdate = Pick<UpdateWalkBody, 'uuid' | 'branding' | 'color' | 'translations'>

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/

export function brandingState(route: { branding: { bg_color: string; is_bg_transparent: boolean }; color: string; translations: Record<string, RouteTexts> }): BrandingState {
  return {
    bgColor: route.branding.bg_color.toUpperCase(),
    transparent: route.branding.is_bg_transparent,
    color: route.color as RouteColor,
    logoTitles: Object.fromEntries(locales.map((l) => [l, route.translations[l]?.logo_title ?? ''])) as Record<Locale, string>,
  }
}

/** Only what changed (PUT /routes/update is strict); null when nothing did. */
export function brandingUpdate(uuid: string, saved: BrandingState, edited: BrandingState): BrandingUpdate | null {
  const update: BrandingUpdate = { uuid }
  const branding: NonNullable<BrandingUpdate['branding']> = {}
  if (edited.bgColor.toUpperCase() !== saved.bgColor.toUpperCase()) branding.bg_color = edited.bgColor.toUpperCase()
  if (edited.transparent !== saved.transparent) branding.is_bg_transparent = edited.transparent
  if (Object.keys(branding).length > 0) update.branding = branding
  if (edited.color !== saved.color) update.color = edited.color
  const translations: NonNullable<BrandingUpdate['translations']> = {}
  for (const l of locales) if (edited.logoTitles[l].trim() !== saved.logoTitles[l].trim()) translations[l] = { logo_title: edited.logoTitles[l] }
  if (Object.keys(translations).length > 0) update.translations = translations
  return Object.keys(update).length > 1 ? update : null
}
