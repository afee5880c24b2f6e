import { hash, verify } from '@node-rs/argon2'
import type { Config } from '#app/config/config.server.ts'
import { nowIso, type DB } from '#app/db/db.server.ts'
import type { TokenKind, User } from '#app/db/schema.ts'
import { defaultLocale, isLocale, localizePath, type Locale } from '#app/i18n/config.ts'
import { getFixedT } from '#app/i18n/i18n.server.ts'
import type { MailQueue } from '#app/platform/mail/mail-queue.server.ts'
import type { MailMessage } from '#app/platform/mail/mailer.server.ts'
import type { RateLimiter } from '#app/platform/rate-limit/rate-limit.server.ts'
import { invalidField, unauthenticated } from '#app/utils/errors.ts'
import type {
  ChangePasswordInput,
  LoginInput,
  RegisterInput,
  UpdateUserInput,
} from './auth.schema.ts'
import { AuthRepo } from './auth.repo.server.ts'
import { hashToken, newToken } from './tokens.server.ts'

const MINUTE = 60_000
const tokenLifetimes = {
  temp: 5 * MINUTE,
  reset: 60 * MINUTE,
} as const

/** argon2id's cost: memory (KiB), passes and lanes. */
export interface PasswordHashing {
  memoryCost: number
  timeCost: number
  parallelism: number
}

/** OWASP's argon2id baseline (19 MiB, 2 passes): about 20 ms here, affordable per login. */
export const standardPasswordHashing: PasswordHashing = { memoryCost: 19456, timeCost: 2, parallelism: 1 }

export interface AuthDeps {
  db: DB
  config: Pick<Config, 'BASE_URL' | 'SESSION_TTL_DAYS' | 'RATE_LIMIT_LOGIN' | 'RATE_LIMIT_REGISTER' | 'RATE_LIMIT_RESET' | 'RATE_LIMIT_RESET_CLIENT'>
  mailQueue: MailQueue
  rateLimiter: RateLimiter
  now?: () => Date
  /** The standard cost unless given (the test suite's fixture users take the lowest). */
  passwordHashing?: PasswordHashing
}

export class AuthService {
  private readonly repo: AuthRepo
  private readonly now: () => Date
  private readonly hashing: PasswordHashing
  /** Verified against when no user has the e-mail: login takes as long either way. */
  private dummyHash: Promise<string> | undefined

  constructor(private readonly deps: AuthDeps) {
    this.repo = new AuthRepo(deps.db)
    this.now = deps.now ?? (() => new Date())
    this.hashing = deps.passwordHashing ?? standardPasswordHashing
  }

  /**
   * `client` identifies the caller (its IP) for the rate limits on sign-up, sign-in and resets,
   * counted per network (an IPv6 client's /64). Registration tells whether an address is taken
   * (ADR 012): RATE_LIMIT_REGISTER, counted before that check, bounds how many it can ask about.
   */
  async register(input: RegisterInput, client: string, fallbackLocale: Locale = defaultLocale): Promise<string> {
    await this.deps.rateLimiter.enforceClient('register', client, this.deps.config.RATE_LIMIT_REGISTER)
    if (await this.repo.findUserByEmail(input.email)) throw invalidField('email', 'validation.email_taken')
    const now = nowIso(this.now())
    const passwordHash = await hash(input.password, this.hashing)
    let user: User
    try {
      user = await this.repo.insertUser({
        name: input.name,
        email: input.email,
        password_hash: passwordHash,
        locale: input.locale ?? fallbackLocale,
        avatar_path: null,
        created_at: now,
        updated_at: now,
      })
    } catch (error) {
      // Two registrations racing for one address: the unique index decides.
      if (await this.repo.findUserByEmail(input.email)) throw invalidField('email', 'validation.email_taken')
      throw error
    }
    return this.issue(user.id, 'session')
  }

  async login(input: LoginInput, client: string): Promise<string> {
    await this.deps.rateLimiter.enforceClient('login', client, this.deps.config.RATE_LIMIT_LOGIN)
    const user = await this.repo.findUserByEmail(input.email)
    const valid = user
      ? await verify(user.password_hash, input.password)
      : (await verify(await (this.dummyHash ??= hash('not-a-password', this.hashing)), input.password), false)
    if (!user || !valid) throw invalidField('email', 'errors.bad_credentials')
    return this.issue(user.id, 'session')
  }

  /** The signed-in user for a session token, or null when it is unknown or expired. */
  async userForSession(token: string | null | undefined): Promise<User | null> {
    if (!token) return null
    const row = await this.repo.findUserByToken('session', hashToken(token), nowIso(this.now()))
    if (!row) return null
    const { token_id: _tokenId, ...user } = row
    return user
  }

  async logout(token: string): Promise<void> {
    await this.repo.deleteToken(hashToken(token))
  }

  /**
   * E-mails a reset link when the address is known; says nothing either way. Only the limits
   * run before the answer: looking the address up, issuing the token and sending the mail are
   * queued, so neither an account nor SMTP's state or speed shows in the answer or its timing.
   * Counted per e-mail (one inbox is not flooded) and, more loosely, per client address (one
   * client cannot mail everyone): colleagues behind one office address each have their own.
   */
  async requestPasswordReset(email: string, client: string): Promise<void> {
    const { RATE_LIMIT_RESET, RATE_LIMIT_RESET_CLIENT } = this.deps.config
    await this.deps.rateLimiter.enforce(`reset-mail:${email.trim().toLowerCase()}`, RATE_LIMIT_RESET)
    await this.deps.rateLimiter.enforceClient('reset-client', client, RATE_LIMIT_RESET_CLIENT)
    this.deps.mailQueue.enqueue('password reset', () => this.resetMessage(email))
  }

  private async resetMessage(email: string): Promise<MailMessage | null> {
    const user = await this.repo.findUserByEmail(email)
    if (!user) return null
    await this.repo.deleteTokensOfUser(user.id, ['reset'])
    const token = await this.issue(user.id, 'reset')
    const locale = isLocale(user.locale) ? user.locale : defaultLocale
    const link = `${this.deps.config.BASE_URL}${localizePath(`/auth/reset-password/${token}`, locale)}`
    const t = getFixedT(locale)
    return {
      to: user.email,
      subject: t('mail.reset.subject'),
      text: t('mail.reset.body', { name: user.name, link, minutes: tokenLifetimes.reset / MINUTE }),
      link,
    }
  }

  /**
   * Sets a new password, proven by a reset token or by the current password of the signed-in
   * user. Every other session of the user ends: whoever knew the old password is out.
   */
  /** Sets a new password (by a reset token, or signed in with the current one); answers whose it was. */
  async changePassword(input: ChangePasswordInput, client: string, signedIn?: { user: User; token: string }): Promise<{ email: string }> {
    let user: User
    if (input.token) {
      // Link uses have their own count, apart from requests: asking for links never uses up the
      // right to open one. The token is 256 random bits; the limit only bounds the work.
      await this.deps.rateLimiter.enforceClient('reset-use', client, this.deps.config.RATE_LIMIT_RESET_CLIENT)
      const row = await this.repo.findUserByToken('reset', hashToken(input.token), nowIso(this.now()))
      if (!row || !(await this.repo.consumeToken(row.token_id, nowIso(this.now())))) {
        throw invalidField('token', 'errors.invalid_token')
      }
      const { token_id: _tokenId, ...rest } = row
      user = rest
    } else if (signedIn) {
      // Guessing the current password: per account and per client address, like a sign-in.
      await this.deps.rateLimiter.enforce(`password-change:${signedIn.user.id}`, this.deps.config.RATE_LIMIT_RESET)
      await this.deps.rateLimiter.enforceClient('password-change-client', client, this.deps.config.RATE_LIMIT_LOGIN)
      if (!input.current_password) throw invalidField('current_password', 'validation.required', { attribute: 'current password' })
      if (!(await verify(signedIn.user.password_hash, input.current_password))) {
        throw invalidField('current_password', 'errors.wrong_password')
      }
      user = signedIn.user
    } else {
      throw unauthenticated()
    }
    await this.repo.updateUser(user.id, {
      password_hash: await hash(input.password, this.hashing),
      updated_at: nowIso(this.now()),
    })
    await this.repo.deleteTokensOfUser(user.id, ['session', 'temp', 'reset'], signedIn ? hashToken(signedIn.token) : undefined)
    return { email: user.email }
  }

  /** A single-use token, valid 5 minutes, that opens a session elsewhere (e.g. on a phone). */
  createTempToken(userId: number): Promise<string> {
    return this.issue(userId, 'temp')
  }

  /** The account a live temporary token opens, without using it (to ask before switching account). */
  async tempTokenUserId(token: string): Promise<number | null> {
    const row = await this.repo.findUserByToken('temp', hashToken(token), nowIso(this.now()))
    return row?.id ?? null
  }

  async exchangeTempToken(token: string, client: string): Promise<string> {
    const session = await this.tryExchangeTempToken(token, client)
    if (session === null) throw invalidField('token', 'errors.invalid_token')
    return session
  }

  /** A session for a temporary token, or null when it is unknown, used or expired (the sign-in link's page says so). */
  async tryExchangeTempToken(token: string, client: string): Promise<string | null> {
    await this.deps.rateLimiter.enforceClient('login', client, this.deps.config.RATE_LIMIT_LOGIN)
    const now = nowIso(this.now())
    const row = await this.repo.findUserByToken('temp', hashToken(token), now)
    if (!row || !(await this.repo.consumeToken(row.token_id, now))) return null
    return this.issue(row.id, 'session')
  }

  async updateUser(user: User, input: UpdateUserInput): Promise<User> {
    const changes = { ...input, updated_at: nowIso(this.now()) }
    await this.repo.updateUser(user.id, changes)
    return { ...user, ...changes }
  }

  private async issue(userId: number, kind: TokenKind): Promise<string> {
    const token = newToken()
    const now = this.now()
    const lifetime = kind === 'session' ? this.deps.config.SESSION_TTL_DAYS * 24 * 60 * MINUTE : tokenLifetimes[kind]
    await this.repo.insertToken({
      user_id: userId,
      kind,
      token_hash: hashToken(token),
      created_at: nowIso(now),
      expires_at: nowIso(new Date(now.getTime() + lifetime)),
    })
    return token
  }
}

