import { ErrorCode } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import type { MfaSetup, MfaStatus } from '@origem/contract/schemas/account';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { accessTokens, mfaRecoveryCodes, roles, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { Actor, ServiceContext } from '../../lib/context';
import { AppError, fieldError, unauthenticated } from '../../lib/errors';
import { seal } from '../../lib/sealed';
import { enqueueMail } from '../../mail/outbox';
import { mfaResetMail } from '../../mail/templates';
import { getManagedUser } from '../users/service';
import { revokeAllTokens } from './queries';
import {
  checkSecondFactor,
  newTotpSecret,
  otpauthUri,
  recoveryCodesLeft,
  replaceRecoveryCodes,
} from './second-factor';

async function factorOf(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      secret: users.totp_secret,
      pending: users.totp_pending_secret,
      lastStep: users.totp_last_step,
      required: roles.mfa_required,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(eq(users.id, userId));
  if (!row) throw unauthenticated();
  return row;
}

const noFactor = {
  totp_secret: null,
  totp_pending_secret: null,
  totp_enabled_at: null,
  totp_last_step: null,
};

export async function mfaStatus(db: Database, actor: Actor): Promise<MfaStatus> {
  const user = await factorOf(db, actor.id);
  return {
    enabled: user.secret !== null,
    required: user.required,
    recovery_codes_left: user.secret ? await recoveryCodesLeft(db, actor.id) : 0,
  };
}

/** A new secret to scan; it becomes the user's factor only once a code from it is confirmed. */
export async function startMfaSetup(db: Database, ctx: ServiceContext, actor: Actor): Promise<MfaSetup> {
  const user = await factorOf(db, actor.id);
  if (user.secret) throw new AppError(409, ErrorCode.Conflict, messages.mfa.alreadyEnabled);
  const secret = newTotpSecret();
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totp_pending_secret: seal(secret) })
      .where(eq(users.id, actor.id));
    await recordAudit(tx, ctx, { event: 'mfa_setup_started', type: 'user', id: actor.id });
  });
  return { secret, otpauth_url: otpauthUri(user.email, secret) };
}

/**
 * Confirms the scanned secret with a code: the factor is on, ten recovery codes are returned (the only time they
 * are shown), and an enrolment-only session becomes a full one.
 */
export async function enableMfa(db: Database, ctx: ServiceContext, actor: Actor, code: string) {
  const user = await factorOf(db, actor.id);
  if (user.secret) throw new AppError(409, ErrorCode.Conflict, messages.mfa.alreadyEnabled);
  if (!user.pending) throw fieldError('code', messages.mfa.setupFirst);
  await checkSecondFactor(db, ctx, { id: user.id, secret: user.pending, lastStep: null }, code, {
    recovery: false,
    signedIn: true,
  });
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totp_secret: user.pending, totp_pending_secret: null, totp_enabled_at: new Date() })
      .where(eq(users.id, actor.id));
    const codes = await replaceRecoveryCodes(tx, actor.id);
    if (actor.enrollmentOnly) {
      await tx.update(accessTokens).set({ scope: 'full' }).where(eq(accessTokens.id, actor.tokenId));
    }
    await recordAudit(tx, ctx, { event: 'mfa_enabled', type: 'user', id: actor.id });
    return { recovery_codes: codes };
  });
}

/** Turning the factor off needs a code, and is refused while the user's role requires it. */
export async function disableMfa(db: Database, ctx: ServiceContext, actor: Actor, code: string) {
  const user = await factorOf(db, actor.id);
  if (!user.secret) throw new AppError(409, ErrorCode.Conflict, messages.mfa.notEnabled);
  if (user.required) throw new AppError(403, ErrorCode.Forbidden, messages.mfa.requiredByRole);
  await checkSecondFactor(db, ctx, { id: user.id, secret: user.secret, lastStep: user.lastStep }, code, {
    signedIn: true,
  });
  await db.transaction(async (tx) => {
    await tx.update(users).set(noFactor).where(eq(users.id, actor.id));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.user_id, actor.id));
    await recordAudit(tx, ctx, { event: 'mfa_disabled', type: 'user', id: actor.id });
  });
}

export async function hasSecondFactor(db: Executor, userId: number): Promise<boolean> {
  return (await factorOf(db, userId)).secret !== null;
}

/**
 * A fresh second factor for a sensitive action of a signed-in user (creating an API token): a user with a factor
 * gives a code (or a recovery code) again, checked and locked like at sign-in; a user without one gives nothing.
 */
export async function confirmSecondFactor(db: Database, ctx: ServiceContext, actor: Actor, code?: string) {
  const user = await factorOf(db, actor.id);
  if (!user.secret) return;
  if (!code?.trim()) throw fieldError('code', messages.mfa.required);
  await checkSecondFactor(db, ctx, { id: user.id, secret: user.secret, lastStep: user.lastStep }, code, {
    signedIn: true,
  });
}

/** New recovery codes (the old ones stop working), with a code from the authenticator itself. */
export async function regenerateRecoveryCodes(db: Database, ctx: ServiceContext, actor: Actor, code: string) {
  const user = await factorOf(db, actor.id);
  if (!user.secret) throw new AppError(409, ErrorCode.Conflict, messages.mfa.notEnabled);
  await checkSecondFactor(db, ctx, { id: user.id, secret: user.secret, lastStep: user.lastStep }, code, {
    recovery: false,
    signedIn: true,
  });
  return db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, actor.id);
    await recordAudit(tx, ctx, { event: 'mfa_recovery_codes_regenerated', type: 'user', id: actor.id });
    return { recovery_codes: codes };
  });
}

/**
 * An administrator removes a user's factor (lost phone): every session of the user ends, the user is mailed, and
 * a role that requires the factor sends the user to enrol at the next sign-in.
 */
export async function resetUserMfa(db: Database, ctx: ServiceContext, actor: Actor, userId: number) {
  const target = await getManagedUser(db, actor, userId);
  const user = await factorOf(db, target.id);
  await db.transaction(async (tx) => {
    await tx.update(users).set(noFactor).where(eq(users.id, user.id));
    await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.user_id, user.id));
    await revokeAllTokens(tx, user.id);
    await recordAudit(tx, ctx, {
      event: 'mfa_reset',
      type: 'user',
      id: user.id,
      old: { mfa_enabled: user.secret !== null },
      new: { mfa_enabled: false },
    });
    await enqueueMail(tx, mfaResetMail(user.email, user.name, `${ctx.appUrl}/login`));
  });
}
