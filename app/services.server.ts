import path from 'node:path'
import { appSecret } from '#app/config/app-secret.server.ts'
import type { Config } from '#app/config/config.server.ts'
import type { DB } from '#app/db/db.server.ts'
import { AccessibilityService } from '#app/modules/accessibility/accessibility.service.server.ts'
import { AddressService } from '#app/modules/addresses/addresses.service.server.ts'
import { AiService } from '#app/modules/ai/ai.service.server.ts'
import { AuthService, type PasswordHashing } from '#app/modules/auth/auth.service.server.ts'
import { CategoryService } from '#app/modules/categories/categories.service.server.ts'
import { DirectionsService } from '#app/modules/directions/directions.service.server.ts'
import { GeocodingService } from '#app/modules/geocoding/geocoding.service.server.ts'
import { DashboardService } from '#app/modules/dashboard/dashboard.service.server.ts'
import { InvitationService } from '#app/modules/invitations/invitations.service.server.ts'
import { ContentVersions, PageCache } from '#app/platform/page-cache/page-cache.server.ts'
import { PlaceService } from '#app/modules/places/places.service.server.ts'
import { PublicPlaces } from '#app/modules/places/public-places.server.ts'
import { QrCodeService } from '#app/modules/qr-codes/qr-codes.service.server.ts'
import { ReportMail } from '#app/modules/reports/report-mail.server.ts'
import { ReportService } from '#app/modules/reports/reports.service.server.ts'
import { LikeService } from '#app/modules/stats/likes.service.server.ts'
import { StatsService } from '#app/modules/stats/stats.service.server.ts'
import { ScanTargets } from '#app/modules/qr-codes/scan-targets.server.ts'
import { SubdomainService } from '#app/modules/subdomains/subdomains.service.server.ts'
import { MonthlyReportService } from '#app/modules/monthly-report/monthly-report.service.server.ts'
import type { Storage } from '#app/platform/storage/storage.server.ts'
import { createStorage } from '#app/platform/storage/storage-of-config.server.ts'
import { WalkService } from '#app/modules/walks/walks.service.server.ts'
import { TrashService } from '#app/modules/trash/trash.service.server.ts'
import { ActivityService } from '#app/modules/activity/activity.service.server.ts'
import { RevisionService } from '#app/modules/revisions/revisions.service.server.ts'
import { addressingOf } from '#app/modules/addresses/route-address.ts'
import { ExportService } from '#app/modules/transfer/export.service.server.ts'
import { ImportService } from '#app/modules/transfer/import.service.server.ts'
import { ImportWorkers } from '#app/modules/transfer/import-workers.server.ts'
import { OpenDataService } from '#app/modules/transfer/open-data.service.server.ts'
import { SitemapService } from '#app/modules/discovery/sitemap.service.server.ts'
import { ShareImages } from '#app/modules/discovery/share-image.server.ts'
import { RecordingService } from '#app/modules/recordings/recordings.service.server.ts'
import { QrImages } from '#app/modules/qr-codes/qr-image.server.ts'
import { ImageProcessor } from '#app/platform/images/images.server.ts'
import { MailQueue, type MailQueueOptions } from '#app/platform/mail/mail-queue.server.ts'
import { outboxMailer, smtpMailer, type Mailer } from '#app/platform/mail/mailer.server.ts'
import { DbRateLimitStore } from '#app/platform/rate-limit/db-store.server.ts'
import { RateLimiter } from '#app/platform/rate-limit/rate-limit.server.ts'
import { LimitTally } from '#app/platform/rate-limit/tally.server.ts'
import { connectRedis, RedisRateLimitStore } from '#app/platform/rate-limit/redis-store.server.ts'
import type { Logger } from '#app/platform/observability/logger.server.ts'

declare module '#app/api/env.ts' {
  /** The API toolkit's handlers read these services (app/api/env.ts). */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface ApiServices extends Services {}
}

/** Everything a request handler or loader may call, built once per process. */
export interface Services {
  config: Config
  db: DB
  logger: Logger
  mailer: Mailer
  /** Mail sent after the answer (password resets). */
  mailQueue: MailQueue
  /** The QR renderer of every code's image, with its cache. */
  qrImages: QrImages
  /** Decodes and re-encodes uploaded images, a few at a time. */
  images: ImageProcessor
  auth: AuthService
  addresses: AddressService
  invitations: InvitationService
  categories: CategoryService
  directions: DirectionsService
  geocoding: GeocodingService
  dashboard: DashboardService
  storage: Storage
  stats: StatsService
  places: PlaceService
  qrCodes: QrCodeService
  walks: WalkService
  ai: AiService
  imports: ImportService
  exports: ExportService
  openData: OpenDataService
  /** robots.txt and the sitemaps of the public pages (ADR 120). */
  sitemaps: SitemapService
  /** Routes' share pictures (og:image, ADR 121), drawn and kept. */
  shareImages: ShareImages
  /** Recorded audio per stop and language (ADR 122). */
  recordings: RecordingService
  rateLimiter: RateLimiter
  /** Per-client limits of the visitors' hot path, counted in memory and written every second (ADR 071). */
  visitorLimits: LimitTally
  /** Visitor reports of problems on the trail. */
  reports: ReportService
  /** Deleted routes, places, QR codes and categories until TRASH_DAYS have passed (ADR 110). */
  trash: TrashService
  /** Who did what in a category, kept ACTIVITY_DAYS (ADR 115). */
  activity: ActivityService
  /** Revisions of routes and places: every save, a History, a restore (ADR 111). */
  revisions: RevisionService
  /** The owners' batched mail about new visitor reports (run on a timer by the server). */
  reportMail: ReportMail
  /** The monthly report by e-mail: sends, the opt-out, the one-click link. */
  monthlyReports: MonthlyReportService
  accessibility: AccessibilityService
  /** The public like button (one like per visitor, route and day). */
  likes: LikeService
  /** What visitors may read about places (the public map and the QR page). */
  publicPlaces: PublicPlaces
  /** Where a plaque's scan leads, kept in memory (ADR 071). */
  scanTargets: ScanTargets
  /** Page requests on a category's subdomain (the HTTP layer, before React Router). */
  subdomains: SubdomainService
  /** The render cache of visitors' pages (one per process; shared by the HTTP app and its fast path). */
  pageCache: PageCache
  /** The content versions the public pages' loaders read before their data. */
  contentVersions: ContentVersions
}

export function createServices({
  config,
  db,
  logger,
  mailer,
  mailQueue: mailQueueOptions,
  passwordHashing,
}: {
  config: Config
  db: DB
  logger: Logger
  mailer?: Mailer
  mailQueue?: MailQueueOptions
  /** argon2id's cost, standard unless given (the test suite's fixture users take the lowest). */
  passwordHashing?: PasswordHashing
}): Services {
  const mail =
    mailer ??
    (config.SMTP_URL
      ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
      : outboxMailer(path.join(config.DATA_DIR, 'outbox'), config.MAIL_FROM, logger))
  // Shared by every server process: Redis when configured, else the database (ADR 009).
  const rateLimiter = new RateLimiter(
    config.REDIS_URL ? new RedisRateLimitStore(connectRedis(config.REDIS_URL), `${config.REDIS_KEY_PREFIX}rl:`) : new DbRateLimitStore(db),
    () => appSecret(config),
    logger,
  )
  const mailQueue = new MailQueue(mail, logger, mailQueueOptions)
  const invitations = new InvitationService({ db, config, mailer: mail, rateLimiter })
  const addresses = new AddressService(db)
  const storage = createStorage(config)
  const categories = new CategoryService(db, invitations, addresses, storage)
  // The visitors' hot path limits (views, events, scans, open data), counted in memory (ADR 071).
  const visitorLimits = new LimitTally(rateLimiter, config.EVENTS_FLUSH_MS)
  const stats = new StatsService({ db, config, categories, rateLimiter, logger, limits: visitorLimits })
  // Built before the routes and places services (they record through it); it restores through them.
  const revisions = new RevisionService({ db, config, access: categories.access, rateLimiter, storage, editors: () => ({ walks, places }) })
  const places = new PlaceService({ db, config, categories, invitations, stats, fileUrl: (key) => storage.url(key), revisions })
  // Uploads decoded a few at a time (their bodies read only then): memory follows IMAGE_CONCURRENCY, not the load.
  const images = new ImageProcessor({ concurrency: config.IMAGE_CONCURRENCY, maxWaiting: 256 })
  const qrImages = new QrImages(
    { cacheBytes: config.QR_IMAGE_CACHE_MB * 2 ** 20, concurrency: config.QR_RENDER_CONCURRENCY, maxWaiting: 64 },
    { rateLimiter, perClient: config.RATE_LIMIT_QR_IMAGES },
  )
  const publicPlaces = new PublicPlaces(db)
  const qrCodes = new QrCodeService({ db, config, categories, places, images: qrImages })
  const walks = new WalkService({ db, config, categories, addresses, storage, qrImages, images, revisions })
  const ai = new AiService({ db, config, logger, categories, walks, rateLimiter })
  const addressing = addressingOf(config)
  const access = categories.access
  const reports = new ReportService({ db, config, access, rateLimiter, images, storage })
  return {
    config,
    db,
    logger,
    mailer: mail,
    mailQueue,
    qrImages,
    images,
    auth: new AuthService({ db, config, mailQueue, rateLimiter, passwordHashing }),
    rateLimiter,
    visitorLimits,
    addresses,
    invitations,
    categories,
    directions: new DirectionsService({ config, logger, rateLimiter }),
    geocoding: new GeocodingService({ config, access, logger, rateLimiter }),
    dashboard: new DashboardService({ db, categories, reports }),
    storage,
    stats,
    places,
    qrCodes,
    walks,
    ai,
    imports: new ImportService({ db, access, addresses, workers: new ImportWorkers({ concurrency: config.IMPORT_CONCURRENCY, heapMb: config.IMPORT_WORKER_HEAP_MB }) }),
    exports: new ExportService({ db, access, addressing }),
    reports,
    trash: new TrashService({ db, config, addresses, storage }),
    activity: new ActivityService({ db, config, access }),
    revisions,
    reportMail: new ReportMail({ db, config, mailQueue, storage }),
    monthlyReports: new MonthlyReportService({ db, config, stats, mailer: mail, logger, secret: () => appSecret(config) }),
    openData: new OpenDataService({ db, addressing, addresses, access, walks, fileUrl: (key) => storage.url(key) }),
    sitemaps: new SitemapService({ db, addressing, addresses }),
    recordings: new RecordingService({ db, access, storage }),
    shareImages: new ShareImages({
      walks,
      rateLimiter,
      perClient: config.RATE_LIMIT_SHARE_IMAGES,
      cacheBytes: config.SHARE_IMAGE_CACHE_MB * 2 ** 20,
      concurrency: config.QR_RENDER_CONCURRENCY,
    }),
    accessibility: new AccessibilityService({ db, categories }),
    likes: new LikeService({ db, stats }),
    publicPlaces,
    scanTargets: new ScanTargets({ db, qrCodes, publicPlaces }),
    subdomains: new SubdomainService(db, config),
    pageCache: new PageCache(db),
    contentVersions: new ContentVersions(db),
  }
}

/**
 * What the housekeeping purge deletes of the product's data besides its own (app/platform/housekeeping):
 * the trash after TRASH_DAYS (ADR 110), the activity log after ACTIVITY_DAYS (ADR 115), revisions after
 * REVISIONS_DAYS beyond each item's newest 50 (ADR 111). Counted by name.
 */
export async function purgeProductData(services: Pick<Services, 'trash' | 'activity' | 'revisions'>, now = new Date()): Promise<Record<string, number>> {
  return { trash: await services.trash.purgeExpired(now), activity: await services.activity.purgeExpired(now), revisions: await services.revisions.purgeExpired(now) }
}
