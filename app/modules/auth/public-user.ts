import type { User } from '#app/db/schema.ts'
import { defaultLocale, isLocale, type Locale } from '#app/i18n/config.ts'
import type { PublicUser } from './auth.schema.ts'

/** A user's photo as the spec shapes it; avatar_path holds a storage key, served at /uploads/{key}. */
export const photoOf = (avatarPath: string | null) => ({ profile_avatar: avatarPath ? `/uploads/${avatarPath}` : null })

/** The user as the API and the screens show it (spec section 3): never the password hash. */
export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    photo: photoOf(user.avatar_path),
    locale: isLocale(user.locale) ? user.locale : defaultLocale,
  }
}

/** The language a user reads in (their saved locale, English when it is unknown). */
export const localeOfUser = (user: Pick<User, 'locale'>): Locale => (isLocale(user.locale) ? user.locale : defaultLocale)
