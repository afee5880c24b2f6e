import type { Generated, Insertable, Selectable } from 'kysely'

/** Timestamps are ISO-8601 UTC strings on both dialects: they sort and compare as text. */
type Timestamp = string

interface UsersTable {
  id: Generated<number>
  name: string
  email: string
  password_hash: string
  locale: string
  avatar_path: string | null
  /** Migration 2026-11-25T1600-monthly-report: 1 once the user said no to the monthly report. */
  monthly_report_opt_out: Generated<Flag>
  created_at: Timestamp
  updated_at: Timestamp
}

export type TokenKind = 'session' | 'temp' | 'reset'

interface AuthTokensTable {
  id: Generated<number>
  user_id: number
  kind: TokenKind
  token_hash: string
  expires_at: Timestamp
  used_at: Timestamp | null
  created_at: Timestamp
}

interface RateLimitsTable {
  key: string
  window_start: number
  hits: number
}

export interface Database extends DomainTables {
  users: UsersTable
  auth_tokens: AuthTokensTable
  rate_limits: RateLimitsTable
}

export type User = Selectable<UsersTable>
export type NewUser = Insertable<UsersTable>

// ---- Domain (migration 2026-11-21T1000-domain). Booleans are 0/1 integers (ADR 002).
type Flag = 0 | 1

export type CategoryRole = 'owner' | 'editor'

interface PlaceCategoriesTable {
  id: Generated<number>
  parent_id: number | null
  slug: string
  name: string
  fallback_locale: string
  /** Migration 2026-11-29T1700-content-languages (ADR 043): the other content languages, canonical BCP 47 tags, comma-separated. */
  content_locales: Generated<string>
  created_at: Timestamp
  updated_at: Timestamp
  /** Migration 2026-11-28T1600-trash (ADR 110): set while in the trash; every read leaves such rows out. */
  deleted_at: Generated<Timestamp | null>
  deleted_by: Generated<number | null>
}

interface CategoryMembersTable {
  category_id: number
  user_id: number
  role: CategoryRole
  created_at: Timestamp
}

interface PlacesTable {
  id: Generated<number>
  category_id: number
  name: string
  lat: number | null
  lng: number | null
  /** Height in metres, as an imported file gave it (null: unknown). */
  ele: number | null
  created_at: Timestamp
  updated_at: Timestamp
  deleted_at: Generated<Timestamp | null>
  deleted_by: Generated<number | null>
}

interface PlaceUsersTable {
  place_id: number
  user_id: number
  created_at: Timestamp
}

export type InvitationKind = 'category' | 'place'

interface InvitationsTable {
  id: Generated<number>
  kind: InvitationKind
  category_id: number
  place_id: number | null
  email: string
  role: CategoryRole | null
  token_hash: string
  invited_by: number | null
  expires_at: Timestamp
  accepted_at: Timestamp | null
  created_at: Timestamp
}

interface SecretsTable {
  id: Generated<number>
  place_id: number
  author_id: number | null
  title: string
  text: string
  /** Migration 2026-11-30T1000-secret-locales (ADR 044): its content language; null is the category's fallback. */
  locale: string | null
  created_at: Timestamp
}

interface QrCodesTable {
  id: Generated<number>
  category_id: number
  code: string
  image_url: string
  name: string | null
  place_id: number | null
  user_id: number | null
  activated_at: Timestamp | null
  created_at: Timestamp
  deleted_at: Generated<Timestamp | null>
  deleted_by: Generated<number | null>
}

type WalkStatus = 'draft' | 'published'

export interface WalksTable {
  id: Generated<number>
  uuid: string
  category_id: number
  slug: string
  status: Generated<WalkStatus>
  color: Generated<string>
  bg_color: Generated<string>
  is_bg_transparent: Generated<Flag>
  logo_pro_path: string | null
  photo_path: string | null
  content_image_path: string | null
  distance: Generated<number>
  duration: Generated<number>
  features_collection: string | null
  is_indexed: Generated<Flag>
  is_path_visible: Generated<Flag>
  is_space_places_visible: Generated<Flag>
  is_modified: Generated<Flag>
  created_at: Timestamp
  updated_at: Timestamp
  deleted_at: Generated<Timestamp | null>
  deleted_by: Generated<number | null>
}

export interface WalkTranslationsTable {
  walk_id: number
  locale: string
  name: string | null
  subtitle: string | null
  description: string | null
  content_title: string | null
  content_text: string | null
  logo_title: string | null
}

interface WalkPlacesTable {
  walk_id: number
  place_id: number
  sort_id: number
}

interface WalkNearbyTable {
  walk_id: number
  nearby_walk_id: number
  sort_id: number
}

interface WalkLogosTable {
  id: Generated<number>
  walk_id: number
  path: string
  sort_id: number
}

export type WalkQrKind = 'route' | 'landing' | 'map'

interface WalkQrCodesTable {
  id: Generated<number>
  walk_id: number
  kind: WalkQrKind
  created_at: Timestamp
}

export type EventType = 'view' | 'time' | 'like' | 'place_visit' | 'contribution' | 'audio_play'

export interface EventsTable {
  id: Generated<number>
  category_id: number
  walk_id: number | null
  place_id: number | null
  type: EventType
  value: number
  visitor_hash: string | null
  occurred_at: Timestamp
  /** The plaque a scan (`place_visit`) or the route view it opened came by (migration 2026-11-25T1100-scan-events). */
  qr_code_id: number | null
}

export interface StatDaysTable {
  category_id: number
  walk_id: number
  place_id: number
  day: string
  views: number
  total_time: number
  sessions: number
  likes: number
  contributions: number
  place_visits: number
  /** Of `views`, those that came by a plaque (migration 2026-11-25T1100-scan-events; 0 by default). */
  plaque_views: Generated<number>
  /** Plays of a stop's recording (migration 2026-11-29T1300-audio-plays, ADR 123). */
  audio_plays: Generated<number>
}

/** Migration 2026-11-21T1100-stats: the salt of the visitor hash of each day ('YYYY-MM-DD'). */
/** A category's month ('YYYY-MM') of day roll-ups: the statistics screen reads these. */
export interface StatMonthsTable {
  category_id: number
  month: string
  views: number
  total_time: number
  sessions: number
  likes: number
  contributions: number
  place_visits: number
  /** Of `views`, those that came by a plaque (migration 2026-11-25T1100-scan-events; 0 by default). */
  plaque_views: Generated<number>
  /** Plays of a stop's recording (migration 2026-11-29T1300-audio-plays, ADR 123). */
  audio_plays: Generated<number>
}

/** Per-category content version for the public pages' render cache (0: the slug namespace). */
interface ContentVersionsTable {
  category_id: number
  version: number
}

/** Migration 2026-11-23T1000-printed-addresses (ADR 011): every slug a category has had, its current one too. */
interface CategorySlugsTable {
  slug: string
  category_id: number
  created_at: Timestamp
}

/** Every (category, slug) a route has had, its current one too: old ones redirect to the route. */
interface WalkAddressesTable {
  category_id: number
  slug: string
  walk_id: number
  created_at: Timestamp
}

/** The category-less /r/{slug} printed before ADR 011: one route per slug, written by the migration only. */
interface WalkLegacySlugsTable {
  slug: string
  walk_id: number
}

/** Migration 2026-11-24T1500-place-texts: a place's name in another language and its description. */
interface PlaceTranslationsTable {
  place_id: number
  locale: string
  name: string | null
  description: string | null
}

interface StatSaltsTable {
  day: string
  salt: string
}

/** Migration 2026-11-25T0900-scans-and-reports: a plaque's all-time counted scans. */
export interface QrScanTotalsTable {
  qr_code_id: number
  category_id: number
  scans: Generated<number>
  last_scanned_at: Timestamp | null
}

/** A plaque's counted scans of a day ('YYYY-MM-DD'). */
export interface StatQrDaysTable {
  qr_code_id: number
  category_id: number
  day: string
  scans: Generated<number>
}

type VisitorReportKind = 'plaque_damaged' | 'path_blocked' | 'information_wrong' | 'other'
type VisitorReportStatus = 'open' | 'resolved'

/** A visitor's report of a problem on the trail (no personal data). */
export interface VisitorReportsTable {
  id: Generated<number>
  category_id: number
  qr_code_id: number | null
  place_id: number | null
  walk_id: number | null
  kind: VisitorReportKind
  message: Generated<string>
  photo_path: string | null
  locale: string
  status: Generated<VisitorReportStatus>
  created_at: Timestamp
  resolved_at: Timestamp | null
  resolved_by: number | null
  notified_at: Timestamp | null
}

type WalkNoticeLevel = 'information' | 'warning' | 'closed'

/** A route's notice: one per route, shown while today is within its days ('YYYY-MM-DD', inclusive). */
interface WalkNoticesTable {
  walk_id: number
  level: WalkNoticeLevel
  starts_on: string | null
  ends_on: string | null
  updated_at: Timestamp
}

interface WalkNoticeTextsTable {
  walk_id: number
  locale: string
  text: string
}

type MonthlyReportSendStatus = 'sending' | 'sent' | 'failed'

/** Migration 2026-11-25T1600-monthly-report (ADR 029): one row per member, category and month claimed. */
interface MonthlyReportSendsTable {
  user_id: number
  category_id: number
  /** 'YYYY-MM', the month the report is about. */
  month: string
  status: MonthlyReportSendStatus
  attempts: Generated<number>
  claimed_at: Timestamp
  sent_at: Timestamp | null
}

type Surface = 'paved' | 'gravel' | 'dirt' | 'grass' | 'mixed'
type Shade = 'none' | 'some' | 'much'

/** Migration 2026-11-25T1300-accessibility (ADR 027): a route's accessibility facts; null is "unknown". */
export interface WalkAccessibilityTable {
  walk_id: number
  step_free: Flag | null
  max_slope_pct: number | null
  surface: Surface | null
  stairs: Flag | null
  stairs_count: number | null
  benches: Flag | null
  toilets: Flag | null
  drinking_water: Flag | null
  shade: Shade | null
  pushchair: Flag | null
  wheelchair: Flag | null
  updated_at: Timestamp
}

/** A place's accessible-entrance note in one language. */
export interface PlaceAccessibilityTable {
  place_id: number
  locale: string
  entrance_note: string
}

export type TrashKind = 'route' | 'place' | 'qr_code' | 'category'

/** Migration 2026-11-28T1600-trash (ADR 110): what a manager deleted, in the trash of its category. */
export interface TrashItemsTable {
  id: Generated<number>
  category_id: number
  kind: TrashKind
  item_id: number
  label: string
  deleted_at: Timestamp
  deleted_by: number | null
  /** JSON: the addresses given up while in the trash, the categories that went with a category. */
  payload: Generated<string>
}

/** Migration 2026-11-29T1600-activity-log (ADR 115): who did what in a category, and when. */
export interface ActivityLogTable {
  id: Generated<number>
  category_id: number
  /** Null once the member's account is deleted. */
  user_id: number | null
  kind: string
  action: string
  item_id: number | null
  label: string
  /** JSON: the facts the sentence needs (an import's counts, a new role). */
  details: Generated<string>
  created_at: Timestamp
}

export type RevisionKind = 'route' | 'place'

/** Migration 2026-11-29T1500-revisions (ADR 111): a save of a route or a place, with the state it left. */
export interface RevisionsTable {
  id: Generated<number>
  category_id: number
  kind: RevisionKind
  item_id: number
  user_id: number | null
  created_at: Timestamp
  /** JSON list of the kinds of change (texts.fr, stops, path…), in a line for the list. */
  changes: Generated<string>
  /** The revision this save restored, if it was a restore. */
  restored_from: number | null
  /** The editable state after the save: JSON, deflated, base64. */
  snapshot: string
}

/** Migration 2026-11-30T0900-retired-images (ADR 111): a route's replaced image file, kept while a revision shows it. */
export interface RetiredImagesTable {
  file_key: string
  walk_id: number
  retired_at: Timestamp
}

/** A stop's recorded audio in one language (ADR 122); the file is in the uploads storage. */
export interface PlaceRecordingsTable {
  place_id: number
  locale: string
  file_key: string
  content_type: string
  bytes: number
  duration_ms: number
  created_at: Timestamp
}

interface DomainTables {
  activity_log: ActivityLogTable
  place_recordings: PlaceRecordingsTable
  place_categories: PlaceCategoriesTable
  category_members: CategoryMembersTable
  places: PlacesTable
  place_users: PlaceUsersTable
  invitations: InvitationsTable
  secrets: SecretsTable
  qr_codes: QrCodesTable
  walks: WalksTable
  walk_translations: WalkTranslationsTable
  walk_places: WalkPlacesTable
  walk_nearby: WalkNearbyTable
  walk_logos: WalkLogosTable
  walk_qr_codes: WalkQrCodesTable
  events: EventsTable
  stat_days: StatDaysTable
  stat_salts: StatSaltsTable
  content_versions: ContentVersionsTable
  stat_months: StatMonthsTable
  category_slugs: CategorySlugsTable
  walk_addresses: WalkAddressesTable
  walk_legacy_slugs: WalkLegacySlugsTable
  place_translations: PlaceTranslationsTable
  qr_scan_totals: QrScanTotalsTable
  stat_qr_days: StatQrDaysTable
  visitor_reports: VisitorReportsTable
  walk_notices: WalkNoticesTable
  walk_notice_texts: WalkNoticeTextsTable
  monthly_report_sends: MonthlyReportSendsTable
  walk_accessibility: WalkAccessibilityTable
  place_accessibility: PlaceAccessibilityTable
  trash_items: TrashItemsTable
  revisions: RevisionsTable
  retired_images: RetiredImagesTable
}

export type Category = Selectable<PlaceCategoriesTable>
export type Place = Selectable<PlacesTable>
export type QrCode = Selectable<QrCodesTable>
export type Walk = Selectable<WalksTable>
