import type { User } from '#app/db/schema.ts'
import { defaultLocale, isLocale, type Locale } from '#app/i18n/config.ts'
import type { PublicUser } from './auth.schema.ts'

/** The user as the API and the screens show it (spec section 3): never the password hash. */
export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    // avatar_path holds a storage key; files are served at /uploads/{key}.
    photo: { profile_avatar: user.avatar_path ? `/uploads/${user.avatar_path}` : null },
    locale: isLocale(user.locale) ? user.locale : defaultLocale,
  }
}

/** The language a user reads in (their saved locale, English when it is unknown). */
export const localeOfUser = (user: Pick<User, 'locale'>): Locale => (isLocale(user.locale) ? user.locale : defaultLocale)
