import type { ActivityAction } from './activity.schema.ts'

// What a save of a route is, in the activity log (ADR 115): one save may publish the route and
// change its landing texts at once; each is an entry of its own. Pure, so the rule is tested alone.

/** The parts of PUT /routes/update's input the rule reads (walks.schema.ts's UpdateWalkInput). */
export interface WalkSave {
  status?: 'draft' | 'published'
  color?: string
  slug?: string
  branding?: { bg_color?: string; is_bg_transparent?: boolean }
  isIndexed?: boolean
  isPathVisible?: boolean
  isSpacePlacesVisible?: boolean
  distance?: number
  duration?: number
  features_collection?: unknown
  places?: unknown[]
  notice?: unknown
  accessibility?: unknown
}

const landingTexts = ['subtitle', 'description', 'content_title', 'content_text']

/**
 * The entries a save makes. `texts`: the text fields it changes in any language (after the
 * walks module dropped the ones that merely repeat what is stored). `wasStatus`: before the save.
 * `restore`: the save brings back a revision from History (ADR 111), one entry that says so
 * beside a change of status, rather than the edits it is made of.
 */
export function walkSaveActions(save: WalkSave, texts: Iterable<string>, wasStatus: string, restore = false): ActivityAction[] {
  const fields = new Set(texts)
  const actions: ActivityAction[] = []
  if (save.status !== undefined && save.status !== wasStatus) actions.push(save.status === 'published' ? 'route.published' : 'route.unpublished')
  if (restore) return [...actions, 'route.version_restored']
  const edited =
    fields.has('name') ||
    save.slug !== undefined ||
    save.places !== undefined ||
    save.features_collection !== undefined ||
    save.distance !== undefined ||
    save.duration !== undefined ||
    save.isPathVisible !== undefined ||
    save.isSpacePlacesVisible !== undefined
  if (edited) actions.push('route.edited')
  const branding = fields.has('logo_title') || save.color !== undefined || save.branding?.bg_color !== undefined || save.branding?.is_bg_transparent !== undefined
  if (branding) actions.push('branding.changed')
  const landing =
    landingTexts.some((f) => fields.has(f)) || save.notice !== undefined || save.accessibility !== undefined || save.isIndexed !== undefined
  if (landing) actions.push('landing.changed')
  return actions
}
