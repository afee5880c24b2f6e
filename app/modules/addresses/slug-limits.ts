// How long an address segment may be: read by the forms in the browser too (no transliteration
// library comes with it).

/** A route's address segment is at most this long. */
export const ROUTE_SLUG_MAX = 80
/** A category slug is a DNS label (it can name a subdomain): at most 63 characters. */
export const CATEGORY_SLUG_MAX = 63
