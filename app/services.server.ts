import path from 'node:path'
import type { Config } from './config/config.server.ts'
import type { DB } from './db/db.server.ts'
import { AuthService } from './modules/auth/auth.service.server.ts'
import { outboxMailer, smtpMailer, type Mailer } from './modules/mail/mailer.server.ts'
import { RateLimiter } from './modules/rate-limit/rate-limit.server.ts'
import type { Logger } from './utils/logger.server.ts'

/** Everything a request handler or loader may call, built once per process. */
export interface Services {
  config: Config
  db: DB
  logger: Logger
  mailer: Mailer
  auth: AuthService
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
  const rateLimiter = new RateLimiter(db)
  return {
    config,
    db,
    logger,
    mailer: mail,
    auth: new AuthService({ db, config, mailer: mail, rateLimiter }),
    rateLimiter,
  }
}
