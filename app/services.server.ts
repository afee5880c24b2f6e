import path from 'node:path'
import type { Config } from './config/config.server.ts'
import type { DB } from './db/db.server.ts'
import { AddressService } from './modules/addresses/addresses.service.server.ts'
import { AiService } from './modules/ai/ai.service.server.ts'
import { AuthService } from './modules/auth/auth.service.server.ts'
import { CategoryService } from './modules/categories/categories.service.server.ts'
import { DirectionsService } from './modules/directions/directions.service.server.ts'
import { DashboardService } from './modules/dashboard/dashboard.service.server.ts'
import { InvitationService } from './modules/invitations/invitations.service.server.ts'
import { PlaceService } from './modules/places/places.service.server.ts'
import { QrCodeService } from './modules/qr-codes/qr-codes.service.server.ts'
import { StatsService } from './modules/stats/stats.service.server.ts'
import { LocalDiskStorage, type Storage } from './modules/uploads/storage.server.ts'
import { WalkService } from './modules/walks/walks.service.server.ts'
import { outboxMailer, smtpMailer, type Mailer } from './modules/mail/mailer.server.ts'
import { DbRateLimitStore } from './modules/rate-limit/db-store.server.ts'
import { RateLimiter } from './modules/rate-limit/rate-limit.server.ts'
import { connectRedis, RedisRateLimitStore } from './modules/rate-limit/redis-store.server.ts'
import type { Logger } from './utils/logger.server.ts'

/** Everything a request handler or loader may call, built once per process. */
export interface Services {
  config: Config
  db: DB
  logger: Logger
  mailer: Mailer
  auth: AuthService
  addresses: AddressService
  invitations: InvitationService
  categories: CategoryService
  directions: DirectionsService
  dashboard: DashboardService
  storage: Storage
  stats: StatsService
  places: PlaceService
  qrCodes: QrCodeService
  walks: WalkService
  ai: AiService
  rateLimiter: RateLimiter
}

export function createServices({
  config,
  db,
  logger,
  mailer,
}: {
  config: Config
  db: DB
  logger: Logger
  mailer?: Mailer
}): Services {
  const mail =
    mailer ??
    (config.SMTP_URL
      ? smtpMailer(config.SMTP_URL, config.MAIL_FROM)
      : outboxMailer(path.join(config.DATA_DIR, 'outbox'), config.MAIL_FROM, logger))
  // Shared by every server process: Redis when configured, else the database (ADR 009).
  const rateLimiter = new RateLimiter(
    config.REDIS_URL ? new RedisRateLimitStore(connectRedis(config.REDIS_URL), `${config.REDIS_KEY_PREFIX}rl:`) : new DbRateLimitStore(db),
    logger,
  )
  const invitations = new InvitationService({ db, config, mailer: mail })
  const addresses = new AddressService(db)
  const categories = new CategoryService(db, invitations, addresses)
  const storage = new LocalDiskStorage(path.join(config.DATA_DIR, 'uploads'), '/uploads')
  const stats = new StatsService({ db, config, categories, rateLimiter })
  const places = new PlaceService({ db, config, categories, invitations, stats })
  const qrCodes = new QrCodeService({ db, config, categories, places })
  const walks = new WalkService({ db, config, categories, addresses, storage })
  const ai = new AiService({ db, config, logger, categories, walks })
  return {
    config,
    db,
    logger,
    mailer: mail,
    auth: new AuthService({ db, config, mailer: mail, rateLimiter }),
    rateLimiter,
    addresses,
    invitations,
    categories,
    directions: new DirectionsService({ config, logger, rateLimiter }),
    dashboard: new DashboardService({ db, categories }),
    storage,
    stats,
    places,
    qrCodes,
    walks,
    ai,
  }
}
