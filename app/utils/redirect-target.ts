const probe = 'http://same-origin.invalid'

/**
 * The one rule for a redirect target a caller gives (`redirectTo`, a path after a language
 * prefix): a path on this site, or null. Browsers drop TAB/CR/LF inside a URL and read "\" as
 * "/", so "/\t/evil.example" or "/\evil.example" would leave the site: control characters and
 * backslashes are refused outright. The path is answered as a URL parser normalises it (what the
 * browser will request), so "/.//evil.example" cannot become "//evil.example" on the way, and a
 * header never carries a character it cannot hold.
 */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return null
  if (!value.startsWith('/') || [...value].some(isControlOrBackslash)) return null
  let url: URL
  try {
    url = new URL(value, probe)
  } catch {
    return null
  }
  if (url.origin !== probe) return null
  const path = url.pathname + url.search + url.hash
  return path.startsWith('//') ? null : path
}

const isControlOrBackslash = (ch: string) => ch <= '\u001f' || ch === '\u007f' || ch === '\\'

/** A redirect target from a caller, or the fallback when it is not a path on this site. */
export function safeRedirectPath(value: unknown, fallback = '/dashboard'): string {
  return sameOriginPath(value) ?? fallback
}
