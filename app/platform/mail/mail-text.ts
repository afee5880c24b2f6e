/** Longest name (a category's, a place's, a person's) a mail shows; past it, cut with "…". */
export const MAIL_NAME_MAX = 60

/**
 * A name chosen by a user, made safe to show in a mail's subject or text: control and format
 * characters (line breaks, bidirectional overrides, zero-width characters) become spaces, runs
 * of spaces one, and it is cut at MAIL_NAME_MAX characters. The sender of an invitation chooses
 * the category's name: it must not write a long text or new lines of its own into the mail.
 */
export function mailName(value: string): string {
  const clean = value
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const chars = [...clean]
  return chars.length > MAIL_NAME_MAX ? `${chars.slice(0, MAIL_NAME_MAX - 1).join('').trimEnd()}…` : clean
}

/** Text made safe inside an HTML mail's element or attribute. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
