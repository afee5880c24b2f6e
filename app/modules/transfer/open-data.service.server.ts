import { contentVersionBoard, type DB } from '#app/db/db.server.ts'
import type { User } from '#app/db/schema.ts'
import { isLocale, locales } from '#app/i18n/config.ts'
import type { AddressService } from '#app/modules/addresses/addresses.service.server.ts'
import { routeFileUrl, type Addressing } from '#app/modules/addresses/route-address.ts'
import type { CategoryAccess } from '#app/modules/categories/access.server.ts'
import { AnswerCache, type KeptAnswer } from '#app/platform/page-cache/answer-cache.server.ts'
import type { WalkService } from '#app/modules/walks/walks.service.server.ts'
import { ExportService, loadExportModel, type ExportFile } from './export.service.server.ts'
import { geoJsonOf, type ExportRoute } from './formats/write.ts'
import type { OpenCategory } from './open-data.schema.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Published content as open data for the category's own web site: its published
 * routes with their public fields, and a GeoJSON of them and the places they pass by. Never a
 * draft, a member, an invitation or an e-mail: built from the export model's public parts only.
 * Kept serialized per category content version (raised by triggers on every write), so the ETag
 * changes exactly when the content does.
 */
export class OpenDataService {
  private readonly answers: AnswerCache

  constructor(
    private readonly deps: { db: DB; addressing: Addressing; addresses: AddressService; access: CategoryAccess; walks: WalkService; fileUrl: (key: string) => string },
  ) {
    // Anonymous visitors' answers: versions kept in memory (ADR 071).
    this.answers = new AnswerCache(deps.db, undefined, undefined, 'memory')
  }

  // Category ids by slug, with the slug namespace's version they were read at (ADR 071).
  private readonly slugs = new Map<string, { id: number; version: number }>()

  /** The category named by a slug it has or had, or null; from memory while no slug changed. */
  private async categoryId(slug: string): Promise<number | null> {
    const wanted = slug.toLowerCase()
    const now = contentVersionBoard(this.deps.db).version(0)
    const version = typeof now === 'number' ? now : await now
    const kept = this.slugs.get(wanted)
    if (kept && kept.version === version) return kept.id
    const found = await this.deps.addresses.findCategory(wanted)
    if (!found) return null
    if (this.slugs.size >= 10_000) this.slugs.clear()
    this.slugs.set(wanted, { id: found.id, version })
    return found.id
  }

  async category(slug: string, locale: string | null): Promise<KeptAnswer | null> {
    const id = await this.categoryId(slug)
    if (id === null) return null
    return this.answers.answer(id, `open:${locale ?? ''}`, async () => {
      const model = (await loadExportModel(this.deps.db, this.deps.addressing, id, { publishedOnly: true }))!
      const wanted = locale ?? (isLocale(model.fallbackLocale) ? model.fallbackLocale : 'en')
      const data: OpenCategory = {
        slug: model.slug,
        name: model.name,
        locale: wanted,
        geojson_url: `${new URL(this.deps.addressing.baseUrl).origin}/api/public/categories/${encodeURIComponent(model.slug)}/geojson`,
        routes: model.routes.map((route) => this.publicRoute(route, wanted, model.fallbackLocale)),
      }
      return { data, validUntil: Infinity }
    })
  }

  async geojson(slug: string): Promise<KeptAnswer | null> {
    const id = await this.categoryId(slug)
    if (id === null) return null
    return this.answers.answer(
      id,
      'open:geojson',
      async () => {
        const model = (await loadExportModel(this.deps.db, this.deps.addressing, id, { publishedOnly: true }))!
        return { data: geoJsonOf(model), validUntil: Infinity }
      },
      { bare: true },
    )
  }

  private publicRoute(route: ExportRoute, wanted: string, fallback: string): OpenCategory['routes'][number] {
    const order = [wanted, fallback, ...locales, ...Object.keys(route.texts)]
    const text = (field: 'name' | 'subtitle' | 'description') => order.map((l) => route.texts[l]?.[field]).find((v) => v) ?? null
    const translations = Object.fromEntries(
      Object.entries(route.texts).map(([locale, t]) => [locale, { name: t.name ?? null, subtitle: t.subtitle ?? null, description: t.description ?? null }]),
    )
    return {
      uuid: route.uuid,
      slug: route.slug,
      name: text('name') ?? route.slug,
      subtitle: text('subtitle'),
      description: text('description'),
      color: route.color,
      distance: route.distance,
      duration: route.duration,
      places_count: route.stops.length,
      url: route.url,
      map_url: route.mapUrl,
      gpx_url: routeFileUrl(this.deps.addressing, route.uuid, 'gpx'),
      geojson_url: routeFileUrl(this.deps.addressing, route.uuid, 'geojson'),
      kml_url: routeFileUrl(this.deps.addressing, route.uuid, 'kml'),
      photo: route.photoPath ? this.deps.fileUrl(route.photoPath) : null,
      translations,
    }
  }

  /**
   * One route as GeoJSON or KML for whoever may see it (published: anyone; draft: its members),
   * by uuid or by slug under the public pages' address rules; null when not visible.
   */
  async routeFile(ref: string, options: { viewer: User | null; categorySlug?: string; format: 'geojson' | 'kml' }): Promise<ExportFile | null> {
    const read = { locale: null, viewer: options.viewer }
    const route = UUID.test(ref)
      ? await this.deps.walks.publicRouteByUuid(ref.toLowerCase(), read)
      : await this.deps.walks.publicRoute({ category: options.categorySlug?.toLowerCase() ?? null, slug: ref.toLowerCase() }, read)
    if (!route) return null
    const member = options.viewer ? (await this.deps.access.roleOf(options.viewer.id, route.place_category_id)) !== null : false
    const model = await loadExportModel(this.deps.db, this.deps.addressing, route.place_category_id, { publishedOnly: !member })
    if (!model) return null
    return new ExportService({ db: this.deps.db, access: this.deps.access, addressing: this.deps.addressing }).routeFile(model, route.uuid, options.format)
  }
}
