import { isLocale, type Locale } from '#app/i18n/config.ts'
import { addressingOf, routeAddress } from '#app/modules/addresses/route-address.ts'
import type { ScanTarget } from '#app/modules/qr-codes/scan-targets.server.ts'
import type { Services } from '#app/services.server.ts'
import { uncounted } from '#app/modules/stats/page-view.ts'

/**
 * A plaque's scan in one round trip (ADR 071): `/q/{code}` of an activated plaque whose place is
 * on a published route is answered with that route's kept map page itself, focused on the place,
 * instead of a 302 to it (a phone on slow mobile data paid ~0.4 s for the extra round trip). The
 * page names its canonical address (`<link rel=canonical>`) and its script puts the map page's
 * address with `?place=` in the history. Members (not counted, may activate), category hosts and
 * subdomain addressing (another origin) keep the redirect of the /q page.
 */

/** The code and language of a `/q/{code}` or `/{lang}/q/{code}` path, or null. */
export function plaqueScanOf(pathname: string): { code: string; locale: Locale } | null {
  const match = /^(?:\/([a-z]{2}))?\/q\/([^/]+)$/.exec(pathname)
  if (!match) return null
  const lang = match[1] ?? 'en'
  if (!isLocale(lang) || (match[1] && lang === 'en')) return null
  let code: string
  try {
    code = decodeURIComponent(match[2])
  } catch {
    return null
  }
  return { code, locale: lang }
}

/** The map page a visitor's scan is answered with (its path), or null when the /q page must answer. */
export async function scanTargetOf(services: Pick<Services, 'config' | 'scanTargets'>, pathname: string): Promise<{ target: ScanTarget; path: string } | null> {
  const scan = plaqueScanOf(pathname)
  if (!scan) return null
  const addressing = addressingOf(services.config)
  if (addressing.subdomains) return null
  const target = await services.scanTargets.of(scan.code)
  if (!target) return null
  const path = routeAddress(addressing, 'map', { category: target.route.category_slug, slug: target.route.slug }, { locale: scan.locale, search: `?place=${target.qr.place_id}` }).path
  return { target, path }
}

/** Counts the scan (a place visit and the route view it opens, ADR 025), beside the answer. */
export function countScan(services: Pick<Services, 'stats' | 'logger'>, target: ScanTarget, ip: string, userAgent: string) {
  const scan = { categoryId: target.qr.category_id, walkId: target.route.id, placeId: target.qr.place_id, qrCodeId: target.qr.id }
  void services.stats.recordScan(scan, { ip, userAgent }).catch(uncounted(services.logger, 'plaque scan not recorded'))
}
