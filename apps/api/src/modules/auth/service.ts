import { messages } from '@origem/contract/messages.pt';
import { TOKEN_TTL_SECONDS, type TokenResponse, type UserDetail } from '@origem/contract/schemas/auth';
import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { loginFailures, passwordResets, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, unauthenticated } from '../../lib/errors';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/secrets';
import { enqueueMail } from '../../mail/outbox';
import { passwordResetMail } from '../../mail/templates';
import { federationLogoPath } from '../entities/logos';
import * as q from './queries';

export const LOCKOUT_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const RESET_TTL_MS = 60 * 60 * 1000;
export const WELCOME_TTL_MS = 72 * 60 * 60 * 1000;

// Verified against when the e-mail is unknown, so a miss costs the same time as a wrong password.
const DUMMY_HASH = hashPassword('origem-dummy-password-0');

const credentialsError = (message: string = messages.auth.invalidCredentials) =>
  new AppError(401, 'InvalidCredentials', message);

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
    if (event === 'login') {
      await tx.delete(loginFailures).where(eq(loginFailures.user_id, userId));
      await tx.update(users).set({ locked_until: null }).where(eq(users.id, userId));
    }
    await recordAudit(tx, ctx, { event, type: 'session', id: token?.id ?? null, userId });
  });
  return {
    token_type: 'Bearer',
    expires_in: TOKEN_TTL_SECONDS,
    access_token: access,
    refresh_token: refresh,
  } satisfies TokenResponse;
}

/** Password grant with lockout: five failures within 15 minutes lock the account for 15 minutes. */
export async function loginWithPassword(
  db: Database,
  ctx: ServiceContext,
  username: string,
  password: string,
): Promise<TokenResponse> {
  const user = await q.findLiveUserByEmail(db, username);
  if (!user) {
    await verifyPassword(await DUMMY_HASH, password);
    await db.transaction((tx) =>
      recordAudit(tx, ctx, {
        event: 'login_failed',
        type: 'session',
        id: null,
        userId: null,
        new: { email: username },
      }),
    );
    throw credentialsError();
  }
  if (user.locked_until && user.locked_until > new Date()) {
    await db.transaction((tx) =>
      recordAudit(tx, ctx, {
        event: 'login_failed',
        type: 'session',
        id: null,
        userId: user.id,
        new: { reason: 'locked' },
      }),
    );
    throw credentialsError(messages.auth.locked);
  }
  const ok = await verifyPassword(user.password_hash, password);
  if (!ok) {
    const locked = await db.transaction(async (tx) => {
      await tx.insert(loginFailures).values({ user_id: user.id, ip_address: ctx.meta.ip });
      await recordAudit(tx, ctx, {
        event: 'login_failed',
        type: 'session',
        id: null,
        userId: user.id,
        new: { reason: 'password' },
      });
      const failures = await q.countFailuresSince(tx, user.id, new Date(Date.now() - LOCKOUT_WINDOW_MS));
      if (failures < LOCKOUT_FAILURES) return false;
      await tx
        .update(users)
        .set({ locked_until: new Date(Date.now() + LOCKOUT_WINDOW_MS) })
        .where(eq(users.id, user.id));
      await tx.delete(loginFailures).where(eq(loginFailures.user_id, user.id));
      await recordAudit(tx, ctx, { event: 'account_locked', type: 'user', id: user.id, userId: user.id });
      return true;
    });
    throw credentialsError(locked ? messages.auth.locked : messages.auth.invalidCredentials);
  }
  if (!user.active) throw credentialsError(messages.auth.inactive);
  return issueTokens(db, ctx, user.id, 'login');
}

export async function refreshSession(
  db: Database,
  ctx: ServiceContext,
  refreshToken: string,
): Promise<TokenResponse> {
  const token = await q.findTokenByRefreshHash(db, sha256(refreshToken));
  if (!token || token.refresh_expires_at < new Date()) throw unauthenticated();
  await q.revokeToken(db, token.id);
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
    exporter: row.exporter_id ? { id: row.exporter_id } : null,
    dispatcher: row.dispatcher_id ? { id: row.dispatcher_id } : null,
    manufacturer: null,
  };
}

/** Returns false when the current password is wrong (the route answers 231). */
export async function changePassword(
  db: Database,
  ctx: ServiceContext,
  actor: Actor,
  current: string,
  next: string,
): Promise<boolean> {
  const stored = await q.findPasswordHash(db, actor.id);
  if (!(await verifyPassword(stored, current))) return false;
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
    await recordAudit(tx, ctx, { event: 'password_changed', type: 'user', id: actor.id });
  });
  return true;
}

/** Creates a single-use link; the raw token leaves only inside the e-mail. */
export async function createResetLink(
  tx: Tx,
  appUrl: string,
  userId: number,
  ttlMs: number,
): Promise<string> {
  const token = randomToken();
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
    await tx
      .update(users)
      .set({ password_hash: passwordHash, change_password: false, locked_until: null })
      .where(eq(users.id, reset.user_id));
    await tx.delete(loginFailures).where(eq(loginFailures.user_id, reset.user_id));
    await q.revokeAllTokens(tx, reset.user_id);
    await recordAudit(tx, ctx, {
      event: 'password_reset',
      type: 'user',
      id: reset.user_id,
      userId: reset.user_id,
    });
  });
}
