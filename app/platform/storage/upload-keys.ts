/**
 * The keys the app writes uploads under (`randomImageKey`: avatars, route images, report photos;
 * stops' recordings, ADR 122)
 * and the only ones `/uploads/{key}` serves, from the disk or the bucket: a bucket shared with
 * anything else, or a stray file in DATA_DIR/uploads (a half-written `.tmp`), is never served.
 */
const IMAGE_KEY = /^(?:avatars\/\d{1,12}|reports\/\d{1,12}|routes\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[a-z]+(?:-[a-z]+)*-[0-9a-f]{24}\.webp$/i
const RECORDING_KEY = /^recordings\/\d{1,12}\/[A-Za-z0-9_-]{16}\.(?:mp3|m4a|aac|ogg)$/

/** Content types by extension: the app decides them (images are re-encoded to WebP; recordings are named by the family read from their bytes), never the store. */
const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', mp3: 'audio/mpeg', aac: 'audio/aac', m4a: 'audio/mp4', ogg: 'audio/ogg' }

/** The content type `/uploads/{key}` is served with, or null when the app never wrote such a key. */
export function uploadContentType(key: string): string | null {
  if (!IMAGE_KEY.test(key) && !RECORDING_KEY.test(key)) return null
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? null
}
