import type { Translate } from '#app/i18n/keys.ts'
import type { ActivityAction, ActivityDetails } from './activity.schema.ts'

// An entry of the activity log as a sentence in the reader's language (ADR 115): the same text on
// the screen, in the API's `summary` and in the CSV. Keys are written out so the type checker
// knows each one exists.

const sentences = {
  'route.created': 'activity.actions.route_created',
  'route.edited': 'activity.actions.route_edited',
  'route.published': 'activity.actions.route_published',
  'route.unpublished': 'activity.actions.route_unpublished',
  'route.trashed': 'activity.actions.route_trashed',
  'route.restored': 'activity.actions.route_restored',
  'route.version_restored': 'activity.actions.route_version_restored',
  'route.deleted': 'activity.actions.route_deleted',
  'place.added': 'activity.actions.place_added',
  'place.moved': 'activity.actions.place_moved',
  'place.edited': 'activity.actions.place_edited',
  'place.trashed': 'activity.actions.place_trashed',
  'place.restored': 'activity.actions.place_restored',
  'place.version_restored': 'activity.actions.place_version_restored',
  'place.deleted': 'activity.actions.place_deleted',
  'qr_code.activated': 'activity.actions.qr_code_activated',
  'qr_code.linked': 'activity.actions.qr_code_linked',
  'qr_code.unlinked': 'activity.actions.qr_code_unlinked',
  'qr_code.trashed': 'activity.actions.qr_code_trashed',
  'qr_code.restored': 'activity.actions.qr_code_restored',
  'qr_code.deleted': 'activity.actions.qr_code_deleted',
  'member.invited': 'activity.actions.member_invited',
  'member.role_changed': 'activity.actions.member_role_changed',
  'member.removed': 'activity.actions.member_removed',
  'import.committed': 'activity.actions.import_committed',
  'branding.changed': 'activity.actions.branding_changed',
  'landing.changed': 'activity.actions.landing_changed',
  'report.resolved': 'activity.actions.report_resolved',
  'report.reopened': 'activity.actions.report_reopened',
  'category.trashed': 'activity.actions.category_trashed',
  'category.restored': 'activity.actions.category_restored',
} as const satisfies Record<ActivityAction, string>

const roles = { owner: 'activity.roles.owner', editor: 'activity.roles.editor' } as const
const reportKinds = {
  plaque_damaged: 'activity.reportKinds.plaque_damaged',
  path_blocked: 'activity.reportKinds.path_blocked',
  information_wrong: 'activity.reportKinds.information_wrong',
  other: 'activity.reportKinds.other',
} as const

export function activitySentence(t: Translate, entry: { action: ActivityAction; label: string; details: ActivityDetails }): string {
  const { details } = entry
  const role = details.role ? t(roles[details.role]) : ''
  const reportKind = details.report_kind && details.report_kind in reportKinds ? t(reportKinds[details.report_kind as keyof typeof reportKinds]) : ''
  return t(sentences[entry.action], {
    label: entry.label,
    role,
    report: reportKind,
    places: details.places ?? 0,
    routes: details.routes ?? 0,
  })
}

/** The kind filter's names. */
export const kindLabels = {
  route: 'activity.kinds.route',
  place: 'activity.kinds.place',
  qr_code: 'activity.kinds.qr_code',
  member: 'activity.kinds.member',
  import: 'activity.kinds.import',
  branding: 'activity.kinds.branding',
  landing: 'activity.kinds.landing',
  report: 'activity.kinds.report',
  category: 'activity.kinds.category',
} as const
