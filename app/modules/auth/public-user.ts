import type { User } from '#app/db/schema.ts'
import { defaultLocale, isLocale, type Locale } from '#app/i18n/config.ts'
import type { PublicUser } from './auth.schema.ts'

/** The public URL of a storage key (the services' `storage.url`: /uploads/{key}, or the S3 public URL). */
export type FileUrl = (key: string) => string

/** A user's photo as the spec shapes it; avatar_path holds a storage key. */
export const photoOf = (avatarPath: string | null, fileUrl: FileUrl) => ({ profile_avatar: avatarPath ? fileUrl(avatarPath) : null })

/** The user as the API and the screens show it (docs/spec.md §3): never the password hash. */
export function toPublicUser(user: User, fileUrl: FileUrl): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    photo: photoOf(user.avatar_path, fileUrl),
    locale: isLocale(user.locale) ? user.locale : defaultLocale,
  }
}

/** The language a user reads in (their saved locale, English when it is unknown). */
export const localeOfUser = (user: Pick<User, 'locale'>): Locale => (isLocale(user.locale) ? user.locale : defaultLocale)
