import { ErrorCode } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import { TOKEN_TTL_SECONDS, type TokenResponse, type UserDetail } from '@origem/contract/schemas/auth';
import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, unauthenticated } from '../../lib/errors';
import { clearHits, countHit } from '../../lib/rate-limit';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/secrets';
import { enqueueMail } from '../../mail/outbox';
import { passwordResetMail } from '../../mail/templates';
import { federationLogoPath } from '../entities/logos';
import * as q from './queries';

/** DOMAIN.md §8: five failures for one account from one address within 15 minutes block that pair for 15 minutes. */
export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
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

/**
 * Blocked while the address's five latest failures fell within one window and the last of them is less than a
 * window old: the block lasts 15 minutes from the fifth failure (blocked attempts add none).
 */
function blockedFromAddress(history: q.FailureHistory): boolean {
  const { latest, nth, now } = history;
  if (!latest || !nth) return false;
  return (
    now.getTime() - latest.getTime() < LOCKOUT_WINDOW_MS &&
    latest.getTime() - nth.getTime() <= LOCKOUT_WINDOW_MS
  );
}

async function issueTokens(db: Database, ctx: ServiceContext, userId: number, event: 'login' | 'refresh') {
  const access = randomToken();
  const refresh = randomToken();
  const now = Date.now();
  await db.transaction(async (tx) => {
    const [token] = await q.insertToken(tx, {
      user_id: userId,
      access_hash: sha256(access),
      refresh_hash: sha256(refresh),
      expires_at: new Date(now + TOKEN_TTL_SECONDS * 1000),
      refresh_expires_at: new Date(now + REFRESH_TTL_MS),
      ip_address: ctx.meta.ip,
      user_agent: ctx.meta.userAgent?.slice(0, 512) ?? null,
    });
    await recordAudit(tx, ctx, { event, type: 'session', id: token?.id ?? null, userId });
  });
  return {
    token_type: 'Bearer',
    expires_in: TOKEN_TTL_SECONDS,
    access_token: access,
    refresh_token: refresh,
  } satisfies TokenResponse;
}

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
  return issueTokens(db, ctx, user.id, 'login');
}

/** A refresh token works once, and only while its user is active and not deleted. */
export async function refreshSession(
  db: Database,
  ctx: ServiceContext,
  refreshToken: string,
): Promise<TokenResponse> {
  const token = await q.claimRefreshToken(db, sha256(refreshToken));
  if (!token) throw unauthenticated();
  return issueTokens(db, ctx, token.user_id, 'refresh');
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
