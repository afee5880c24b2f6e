import type { Config } from '#app/config/config.server.ts'
import { nowIso, type DB } from '#app/db/db.server.ts'
import type { CategoryRole, InvitationKind, User } from '#app/db/schema.ts'
import { localizePath, type Locale } from '#app/i18n/config.ts'
import { getFixedT } from '#app/i18n/i18n.server.ts'
import { hashToken, newToken } from '#app/modules/auth/tokens.server.ts'
import { mailName } from '#app/platform/mail/mail-text.ts'
import type { Mailer } from '#app/platform/mail/mailer.server.ts'
import type { RateLimiter } from '#app/platform/rate-limit/rate-limit.server.ts'
import { invalidField } from '#app/utils/errors.ts'
import { recordActivity } from '#app/modules/activity/activity.service.server.ts'

const INVITATION_DAYS = 7

export interface InvitationTarget {
  kind: InvitationKind
  categoryId: number
  /** For a place invitation: the place the invited person will contribute to. */
  placeId?: number
  /** For a category invitation: the role the invited person gets. */
  role?: CategoryRole
  /** What the mail names: the category's or the place's name. */
  targetName: string
}

/**
 * E-mail invitations, to a category (as editor or owner) or to a place (as one of its users).
 * The link carries a single-use token valid 7 days; accepting needs a signed-in account.
 */
export class InvitationService {
  constructor(
    private readonly deps: { db: DB; config: Pick<Config, 'BASE_URL' | 'RATE_LIMIT_INVITATIONS'>; mailer: Mailer; rateLimiter: RateLimiter; now?: () => Date },
  ) {}

  private now() {
    return this.deps.now?.() ?? new Date()
  }

  /**
   * Records the invitation and mails its link. Each inviter sends at most RATE_LIMIT_INVITATIONS
   * mails (category and place invitations together), counted before anything is written: the
   * mails go to any address, in the app's name. Callers check the inviter's role first.
   */
  async invite(target: InvitationTarget, email: string, inviter: User, locale: Locale) {
    const { db } = this.deps
    await this.deps.rateLimiter.enforce(`invitations:${inviter.id}`, this.deps.config.RATE_LIMIT_INVITATIONS)
    const token = newToken()
    const now = this.now()
    const expires = new Date(now.getTime() + INVITATION_DAYS * 24 * 3600 * 1000)
    const invitation = await db.transaction().execute(async (trx) => {
      // A new invitation to the same address for the same target replaces the pending one.
      let pending = trx
        .deleteFrom('invitations')
        .where('kind', '=', target.kind)
        .where('category_id', '=', target.categoryId)
        .where('email', '=', email)
        .where('accepted_at', 'is', null)
      pending = target.placeId ? pending.where('place_id', '=', target.placeId) : pending.where('place_id', 'is', null)
      await pending.execute()
      if (target.kind === 'category') {
        await recordActivity(trx, { categoryId: target.categoryId, userId: inviter.id, action: 'member.invited', label: email, details: { role: target.role ?? 'editor' } })
      }
      return trx
        .insertInto('invitations')
        .values({
          kind: target.kind,
          category_id: target.categoryId,
          place_id: target.placeId ?? null,
          email,
          role: target.kind === 'category' ? (target.role ?? 'editor') : null,
          token_hash: hashToken(token),
          invited_by: inviter.id,
          expires_at: nowIso(expires),
          accepted_at: null,
          created_at: nowIso(now),
        })
        .returning(['id', 'kind', 'email', 'role', 'place_id', 'expires_at', 'created_at'])
        .executeTakeFirstOrThrow()
    })
    const link = `${this.deps.config.BASE_URL}${localizePath(`/invitations/${token}`, locale)}`
    const t = getFixedT(locale)
    const name = mailName(target.targetName)
    await this.deps.mailer.send({
      to: email,
      subject: t('mail.invitation.subject', { name }),
      text: t('mail.invitation.body', { inviter: mailName(inviter.name), name, link, days: INVITATION_DAYS }),
      link,
    })
    return invitation
  }

  pending(categoryId: number, placeId?: number) {
    let query = this.deps.db
      .selectFrom('invitations')
      .select(['id', 'kind', 'email', 'role', 'place_id', 'expires_at', 'created_at'])
      .where('category_id', '=', categoryId)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', nowIso(this.now()))
    query = placeId ? query.where('place_id', '=', placeId) : query.where('kind', '=', 'category')
    return query.orderBy('created_at').execute()
  }

  /** Withdraws a pending invitation of this category (or place); false when there is none. */
  async revoke(id: number, categoryId: number, placeId?: number): Promise<boolean> {
    let query = this.deps.db.deleteFrom('invitations').where('id', '=', id).where('category_id', '=', categoryId).where('accepted_at', 'is', null)
    query = placeId ? query.where('place_id', '=', placeId) : query.where('kind', '=', 'category')
    const result = await query.executeTakeFirst()
    return Number(result.numDeletedRows) > 0
  }

  /** Makes the signed-in user a member (or place user); the token works once, until it expires. */
  async accept(token: string, user: User) {
    const now = nowIso(this.now())
    return this.deps.db.transaction().execute(async (trx) => {
      const invitation = await trx
        .selectFrom('invitations')
        .selectAll()
        .where('token_hash', '=', hashToken(token))
        .where('accepted_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst()
      if (!invitation) throw invalidField('token', 'errors.invalid_invitation')
      const claimed = await trx
        .updateTable('invitations')
        .set({ accepted_at: now })
        .where('id', '=', invitation.id)
        .where('accepted_at', 'is', null)
        .executeTakeFirst()
      if (Number(claimed.numUpdatedRows) !== 1) throw invalidField('token', 'errors.invalid_invitation')

      if (invitation.kind === 'category') {
        const current = await trx
          .selectFrom('category_members')
          .select('role')
          .where('category_id', '=', invitation.category_id)
          .where('user_id', '=', user.id)
          .executeTakeFirst()
        const role = invitation.role ?? 'editor'
        if (!current) {
          await trx.insertInto('category_members').values({ category_id: invitation.category_id, user_id: user.id, role, created_at: now }).execute()
        } else if (current.role === 'editor' && role === 'owner') {
          // An invitation never lowers a role the member already has.
          await trx.updateTable('category_members').set({ role }).where('category_id', '=', invitation.category_id).where('user_id', '=', user.id).execute()
        }
      } else if (invitation.place_id) {
        await trx
          .insertInto('place_users')
          .values({ place_id: invitation.place_id, user_id: user.id, created_at: now })
          .onConflict((oc) => oc.columns(['place_id', 'user_id']).doNothing())
          .execute()
      }
      return { kind: invitation.kind, category_id: invitation.category_id, place_id: invitation.place_id }
    })
  }
}
