import { Migrator, type Migration, type MigrationProvider } from 'kysely'
import type { DB } from './db.server.ts'
import * as accounts from './migrations/2026-11-21T0900-accounts.ts'
import * as domain from './migrations/2026-11-21T1000-domain.ts'
import * as stats from './migrations/2026-11-21T1100-stats.ts'
import * as pageCache from './migrations/2026-11-21T1200-page-cache.ts'
import * as statMonths from './migrations/2026-11-21T1210-stat-months.ts'
import * as listCache from './migrations/2026-11-21T1300-list-cache.ts'
import * as printedAddresses from './migrations/2026-11-23T1000-printed-addresses.ts'
import * as qrCodeCase from './migrations/2026-11-23T1000-qr-code-case.ts'
import * as categoryCycles from './migrations/2026-11-24T1000-category-cycles.ts'
import * as rateLimitKeys from './migrations/2026-11-24T1010-rate-limit-keys.ts'
import * as placeTexts from './migrations/2026-11-24T1500-place-texts.ts'
import * as scansAndReports from './migrations/2026-11-25T0900-scans-and-reports.ts'
import * as scanEvents from './migrations/2026-11-25T1100-scan-events.ts'
import * as walkNotices from './migrations/2026-11-25T1200-walk-notices.ts'
import * as accessibility from './migrations/2026-11-25T1300-accessibility.ts'
import * as monthlyReport from './migrations/2026-11-25T1600-monthly-report.ts'
import * as placeHeights from './migrations/2026-11-28T1000-place-heights.ts'
import * as contentVersionNotify from './migrations/2026-11-28T1200-content-version-notify.ts'
import * as trash from './migrations/2026-11-28T1600-trash.ts'
import * as placeRecordings from './migrations/2026-11-28T1700-place-recordings.ts'
import * as audioPlays from './migrations/2026-11-29T1300-audio-plays.ts'
import * as activityLog from './migrations/2026-11-29T1600-activity-log.ts'
import * as revisions from './migrations/2026-11-29T1500-revisions.ts'
import * as contentLanguages from './migrations/2026-11-29T1700-content-languages.ts'
import * as retiredImages from './migrations/2026-11-30T0900-retired-images.ts'
import * as secretLocales from './migrations/2026-11-30T1000-secret-locales.ts'
import * as versionOncePerTransaction from './migrations/2026-11-30T1100-content-version-once-per-transaction.ts'

// Listed by hand (not read from the folder) so the bundle and tsx see the same set, in order.
const migrations: Record<string, Migration> = {
  '2026-11-21T0900-accounts': accounts,
  '2026-11-21T1000-domain': domain,
  '2026-11-21T1100-stats': stats,
  '2026-11-21T1200-page-cache': pageCache,
  '2026-11-21T1210-stat-months': statMonths,
  '2026-11-21T1300-list-cache': listCache,
  '2026-11-23T1000-printed-addresses': printedAddresses,
  '2026-11-23T1000-qr-code-case': qrCodeCase,
  '2026-11-24T1000-category-cycles': categoryCycles,
  '2026-11-24T1010-rate-limit-keys': rateLimitKeys,
  '2026-11-24T1500-place-texts': placeTexts,
  '2026-11-25T0900-scans-and-reports': scansAndReports,
  '2026-11-25T1100-scan-events': scanEvents,
  '2026-11-25T1200-walk-notices': walkNotices,
  '2026-11-25T1300-accessibility': accessibility,
  '2026-11-25T1600-monthly-report': monthlyReport,
  '2026-11-28T1000-place-heights': placeHeights,
  '2026-11-28T1200-content-version-notify': contentVersionNotify,
  '2026-11-28T1600-trash': trash,
  '2026-11-28T1700-place-recordings': placeRecordings,
  '2026-11-29T1300-audio-plays': audioPlays,
  '2026-11-29T1600-activity-log': activityLog,
  '2026-11-29T1500-revisions': revisions,
  '2026-11-29T1700-content-languages': contentLanguages,
  '2026-11-30T0900-retired-images': retiredImages,
  '2026-11-30T1000-secret-locales': secretLocales,
  '2026-11-30T1100-content-version-once-per-transaction': versionOncePerTransaction,
}

const provider: MigrationProvider = { getMigrations: async () => migrations }

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: DB): Promise<void> {
  await migrate(db, (migrator) => migrator.migrateToLatest())
}

/** Brings the schema up to (and including) the named migration: tests of a migration start from the one before. */
export async function migrateTo(db: DB, name: string): Promise<void> {
  if (!(name in migrations)) throw new Error(`No migration ${name}`)
  await migrate(db, (migrator) => migrator.migrateTo(name))
}

async function migrate(db: DB, run: (migrator: Migrator) => ReturnType<Migrator['migrateToLatest']>) {
  // Unordered: a migration dated before one already run (they are dated when planned, merged
  // later) still runs once; each migration is independent of the ones dated after it.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true })
  const { error, results } = await run(migrator)
  const failed = results?.find((r) => r.status === 'Error')
  if (error) {
    const cause = error instanceof Error ? error.message : String(error)
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error })
  }
}
