import { ErrorCode } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import { TOKEN_TTL_SECONDS, type TokenResponse, type UserDetail } from '@origem/contract/schemas/auth';
import { eq, sql } from 'drizzle-orm';
import type { SessionLimits } from '../../config';
import type { Database, Tx } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, unauthenticated } from '../../lib/errors';
import { clearHits, countHit } from '../../lib/rate-limit';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/secrets';
import { enqueueMail } from '../../mail/outbox';
import { newDeviceMail, passwordResetMail } from '../../mail/templates';
import { federationLogoPath } from '../entities/logos';
import { describeUserAgent } from '../sessions/user-agent';
import { blockedFromAddress, LOCKOUT_FAILURES, LOCKOUT_WINDOW_MS } from './lockout';
import * as q from './queries';
import { checkSecondFactor } from './second-factor';

export { LOCKOUT_FAILURES, LOCKOUT_WINDOW_MS } from './lockout';

/**
 * Failures of one account spread over many addresses never lock it (its owner signs in from elsewhere); from the
 * fifth on, every attempt on it waits, doubling from SLOWDOWN_BASE_MS up to SLOWDOWN_MAX_MS.
 */
export const SLOWDOWN_BASE_MS = 250;
export const SLOWDOWN_MAX_MS = 8000;
/** Wrong current passwords in change-password before it answers 429, within the lockout window. */
export const CHANGE_PASSWORD_ATTEMPTS = 5;
const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;
export const WELCOME_TTL_MS = 72 * 60 * 60 * 1000;
// Verified against when the e-mail is unknown, so a miss costs the same time as a wrong password.
const DUMMY_HASH = hashPassword('origem-dummy-password-0');

const credentialsError = (message: string = messages.auth.invalidCredentials) =>
  new AppError(401, 'InvalidCredentials', message);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The wait before an attempt on an account with `failures` recent failures from all addresses. */
export function slowdownFor(failures: number): number {
  if (failures < LOCKOUT_FAILURES) return 0;
  return Math.min(SLOWDOWN_MAX_MS, SLOWDOWN_BASE_MS * 2 ** (failures - LOCKOUT_FAILURES));
}

export type SessionOptions = {
  /** `mfa_enrollment`: the user's role requires a second factor the user has not set up yet. */
  scope?: 'full' | 'mfa_enrollment';
  /** A refresh keeps the session's sign-in time (the absolute limit counts from it). */
  startedAt?: Date;
};

export async function issueTokens(
  db: Database,
  ctx: ServiceContext,
  userId: number,
  event: 'login' | 'refresh',
  options: SessionOptions = {},
) {
  const access = randomToken();
  const refresh = randomToken();
  const now = Date.now();
  const userAgent = ctx.meta.userAgent?.slice(0, 512) ?? null;
  await db.transaction(async (tx) => {
    const newDevice = event === 'login' && (await q.isNewDevice(tx, userId, userAgent, ctx.meta.ip));
    const [token] = await q.insertToken(tx, {
      user_id: userId,
      access_hash: sha256(access),
      refresh_hash: sha256(refresh),
      expires_at: new Date(now + TOKEN_TTL_SECONDS * 1000),
      refresh_expires_at: new Date(now + REFRESH_TTL_MS),
      ip_address: ctx.meta.ip,
      user_agent: userAgent,
      scope: options.scope ?? 'full',
      ...(options.startedAt ? { started_at: options.startedAt } : {}),
    });
    await recordAudit(tx, ctx, { event, type: 'session', id: token?.id ?? null, userId });
    if (newDevice) {
      const user = await q.findMailee(tx, userId);
      if (user) {
        await enqueueMail(
          tx,
          newDeviceMail(user.email, user.name, {
            device: describeUserAgent(userAgent),
            address: ctx.meta.ip,
            when: new Date(now),
            link: `${ctx.appUrl}/minha-conta`,
          }),
        );
      }
    }
  });
  return {
    token_type: 'Bearer',
    expires_in: TOKEN_TTL_SECONDS,
    access_token: access,
    refresh_token: refresh,
  } satisfies TokenResponse;
}

/** The short-lived, single-use step between a right password and the second factor. */
const MFA_CHALLENGE_TTL_MS = 5 * 60 * 1000;

/**
 * Password grant with the lockout of DOMAIN.md §8. Everything is keyed by the name typed, whether or not it names
 * an account: an unknown e-mail is counted, slowed, blocked and timed (a dummy hash is verified) exactly like a
 * known one, so the answers cannot tell which e-mails exist.
 */
export async function loginWithPassword(
  db: Database,
  ctx: ServiceContext,
  username: string,
  password: string,
): Promise<TokenResponse> {
  const login = username.trim().toLowerCase();
  const ip = ctx.meta.ip;
  const history = await q.failureHistory(db, login, ip, LOCKOUT_WINDOW_MS, LOCKOUT_FAILURES);
  const user = await q.findLiveUserByEmail(db, login);
  const audit = (tx: Tx, reason: string) =>
    recordAudit(tx, ctx, {
      event: 'login_failed',
      type: 'session',
      id: null,
      userId: user?.id ?? null,
      new: user ? { reason } : { reason, email: login },
    });

  if (blockedFromAddress(history)) {
    await db.transaction((tx) => audit(tx, 'blocked'));
    throw credentialsError(messages.auth.locked);
  }
  await sleep(slowdownFor(history.everywhere));

  // A user who never set a password is verified against the dummy hash too: same work, same time.
  const verified = await verifyPassword(user?.password_hash ?? (await DUMMY_HASH), password);
  const ok = Boolean(user?.password_hash) && verified;
  if (!user || !ok) {
    const blocked = await db.transaction(async (tx) => {
      await q.insertFailure(tx, login, user?.id ?? null, ip);
      await audit(tx, 'password');
      const after = await q.failureHistory(tx, login, ip, LOCKOUT_WINDOW_MS, LOCKOUT_FAILURES);
      if (!blockedFromAddress(after)) return false;
      await recordAudit(tx, ctx, {
        event: 'account_locked',
        type: user ? 'user' : 'session',
        id: user?.id ?? null,
        userId: user?.id ?? null,
        new: { ip_address: ip },
      });
      return true;
    });
    throw credentialsError(blocked ? messages.auth.locked : messages.auth.invalidCredentials);
  }
  if (!user.active) throw credentialsError(messages.auth.inactive);
  await q.clearFailuresFrom(db, login, ip);
  if (user.totp_secret) {
    const challenge = randomToken();
    await db.transaction(async (tx) => {
      await q.insertMfaChallenge(tx, user.id, sha256(challenge), new Date(Date.now() + MFA_CHALLENGE_TTL_MS));
      await recordAudit(tx, ctx, {
        event: 'login_mfa_challenge',
        type: 'session',
        id: null,
        userId: user.id,
      });
    });
    throw new AppError(401, ErrorCode.MfaRequired, messages.mfa.required, undefined, {
      mfa_token: challenge,
    });
  }
  return issueTokens(db, ctx, user.id, 'login', {
    scope: user.mfa_required ? 'mfa_enrollment' : 'full',
  });
}

/**
 * The second step (`grant_type: 'mfa'`): the challenge of the password step and a code from the authenticator or
 * a recovery code. Wrong codes count towards the lockout; the challenge dies with its first right code.
 */
export async function loginWithMfa(
  db: Database,
  ctx: ServiceContext,
  mfaToken: string,
  code: string,
): Promise<TokenResponse> {
  const challenge = await q.findMfaChallenge(db, sha256(mfaToken));
  if (!challenge?.totp_secret) {
    throw new AppError(401, ErrorCode.InvalidMfaCode, messages.mfa.challengeExpired);
  }
  await checkSecondFactor(
    db,
    ctx,
    { id: challenge.user_id, secret: challenge.totp_secret, lastStep: challenge.totp_last_step },
    code,
  );
  if (!(await q.claimMfaChallenge(db, challenge.id))) {
    throw new AppError(401, ErrorCode.InvalidMfaCode, messages.mfa.challengeExpired);
  }
  return issueTokens(db, ctx, challenge.user_id, 'login');
}

/** A refresh token works once, and only while its user is active and not deleted. */
export async function refreshSession(
  db: Database,
  ctx: ServiceContext,
  refreshToken: string,
  limits: SessionLimits,
): Promise<TokenResponse> {
  const token = await q.claimRefreshToken(db, sha256(refreshToken), limits);
  if (!token) throw unauthenticated();
  return issueTokens(db, ctx, token.user_id, 'refresh', {
    scope: token.scope === 'mfa_enrollment' ? 'mfa_enrollment' : 'full',
    startedAt: new Date(token.started_at),
  });
}

export async function logout(db: Database, ctx: ServiceContext, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    await q.revokeToken(tx, actor.tokenId);
    await recordAudit(tx, ctx, { event: 'logout', type: 'session', id: actor.tokenId });
  });
}

export async function userDetail(db: Database, actor: Actor): Promise<UserDetail> {
  const found = await q.findUserDetail(db, actor.id);
  if (!found) throw unauthenticated();
  const { row, federation } = found;
  const address = federation
    ? [
        [federation.address, federation.number].filter(Boolean).join(', '),
        federation.neighborhood,
        [federation.city, federation.state].filter(Boolean).join(' - '),
        federation.postcode ? `CEP ${federation.postcode.replace(/^(\d{5})(\d{3})$/, '$1-$2')}` : null,
      ]
        .filter(Boolean)
        .join(', ')
    : null;
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    cpf: row.cpf,
    role: row.role,
    permissions: [...actor.permissions].sort(),
    change_password: row.change_password,
    trade_association: row.association_id
      ? { id: row.association_id, name: row.association_name ?? '' }
      : null,
    federation: federation
      ? {
          id: federation.id,
          name: federation.name,
          email: federation.email,
          phone: federation.phone,
          cnpj: federation.cnpj,
          address: address || null,
        }
      : null,
    confederation_id: row.confederation_id,
    page_federation_image_path: federation ? await federationLogoPath(db, federation.id) : null,
    // A manufacturer's user is tied to its party through exporter_id too (issue 12); the session names it apart.
    exporter: row.exporter_id && row.role.type !== 'fabricante' ? { id: row.exporter_id } : null,
    dispatcher: row.dispatcher_id ? { id: row.dispatcher_id } : null,
    manufacturer: row.exporter_id && row.role.type === 'fabricante' ? { id: row.exporter_id } : null,
    mfa: {
      enabled: row.totp_enabled,
      required: row.mfa_required,
      enrollment_only: actor.enrollmentOnly === true,
    },
  };
}

/**
 * Returns false when the current password is wrong (the route answers 231). Every attempt is counted before the
 * password is checked, so parallel guesses cannot slip past the limit: the sixth within 15 minutes answers 429.
 * A change ends every other session of the user.
 */
export async function changePassword(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  current: string,
  next: string,
): Promise<boolean> {
  const attemptsKey = `change_password:${actor.id}`;
  const attempts = await countHit(db, attemptsKey, LOCKOUT_WINDOW_MS);
  if (attempts.hits > CHANGE_PASSWORD_ATTEMPTS) {
    throw new AppError(429, ErrorCode.RateLimited, messages.auth.tooManyPasswordAttempts);
  }
  const stored = await q.findPasswordHash(db, actor.id);
  if (!(await verifyPassword(stored, current))) return false;
  await clearHits(db, attemptsKey);
  if (current === next)
    throw new AppError(422, 'ValidationError', messages.auth.samePassword, {
      new_password: [messages.auth.samePassword],
    });
  const passwordHash = await hashPassword(next);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ password_hash: passwordHash, change_password: false })
      .where(eq(users.id, actor.id));
    await q.revokeAllTokens(tx, actor.id, actor.tokenId);
    await q.invalidateResetLinks(tx, actor.id);
    await recordAudit(tx, ctx, { event: 'password_changed', type: 'user', id: actor.id });
  });
  return true;
}

/** Creates a single-use link; the raw token leaves only inside the e-mail. Older links of the user stop working. */
export async function createResetLink(
  tx: Tx,
  appUrl: string,
  userId: number,
  ttlMs: number,
): Promise<string> {
  const token = randomToken();
  await q.invalidateResetLinks(tx, userId);
  await tx
    .insert(passwordResets)
    .values({ user_id: userId, token_hash: sha256(token), expires_at: new Date(Date.now() + ttlMs) });
  return `${appUrl}/redefinir-senha?token=${token}`;
}

/** Same answer whether or not the e-mail exists, so the endpoint cannot be used to probe accounts. */
export async function requestPasswordReset(db: Database, ctx: ServiceContext, email: string): Promise<void> {
  const user = await q.findLiveUserByEmail(db, email);
  if (!user?.active) return;
  await db.transaction(async (tx) => {
    const link = await createResetLink(tx, ctx.appUrl, user.id, RESET_TTL_MS);
    await enqueueMail(tx, passwordResetMail(user.email, user.name, link));
    await recordAudit(tx, ctx, {
      event: 'password_reset_requested',
      type: 'user',
      id: user.id,
      userId: user.id,
    });
  });
}

const resetLinkInvalid = () =>
  new AppError(422, 'ValidationError', messages.auth.resetInvalid, { token: [messages.auth.resetInvalid] });

/**
 * Whether an e-mailed link still works (not used, not expired, not replaced by a newer one), asked when the page
 * opens so a dead link says so before the user types a new password twice. It claims nothing.
 */
export async function assertResetLinkUsable(db: Database, token: string): Promise<void> {
  if (!(await q.findUsableReset(db, sha256(token)))) throw resetLinkInvalid();
}

export async function resetPassword(
  db: Database,
  ctx: ServiceContext,
  token: string,
  next: string,
): Promise<void> {
  const reset = await q.findUsableReset(db, sha256(token));
  if (!reset)
    throw new AppError(422, 'ValidationError', messages.auth.resetInvalid, {
      token: [messages.auth.resetInvalid],
    });
  const passwordHash = await hashPassword(next);
  await db.transaction(async (tx) => {
    // Claim the link atomically: two concurrent submissions cannot both use it.
    const claimed = await tx
      .update(passwordResets)
      .set({ used_at: new Date() })
      .where(sql`${passwordResets.id} = ${reset.id} and ${passwordResets.used_at} is null`)
      .returning({ id: passwordResets.id });
    if (claimed.length === 0) {
      throw new AppError(422, 'ValidationError', messages.auth.resetInvalid, {
        token: [messages.auth.resetInvalid],
      });
    }
    const [user] = await tx
      .update(users)
      .set({ password_hash: passwordHash, change_password: false })
      .where(eq(users.id, reset.user_id))
      .returning({ email: users.email });
    // Whoever holds the mailbox is the owner: every address is forgiven and every session ends.
    if (user) await q.clearFailures(tx, user.email.toLowerCase());
    await q.revokeAllTokens(tx, reset.user_id);
    await q.invalidateResetLinks(tx, reset.user_id);
    await recordAudit(tx, ctx, {
      event: 'password_reset',
      type: 'user',
      id: reset.user_id,
      userId: reset.user_id,
    });
  });
}
