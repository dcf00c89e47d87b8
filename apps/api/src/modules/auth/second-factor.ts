import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@origem/contract/errors';
import { messages } from '@origem/contract/messages.pt';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { type Database, type Executor, queryRows, type Tx } from '../../db/client';
import { mfaRecoveryCodes, users } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { AppError, invalid } from '../../lib/errors';
import { unseal } from '../../lib/sealed';
import { hashPassword, verifyPassword } from '../../lib/secrets';
import { blockedFromAddress, LOCKOUT_FAILURES, LOCKOUT_WINDOW_MS } from './lockout';
import * as q from './queries';

/** RFC 6238 with the authenticator apps' defaults (SHA-1, 6 digits, 30 s); one step of drift either way. */
const PERIOD_SECONDS = 30;
const DRIFT_SECONDS = PERIOD_SECONDS;
export const RECOVERY_CODE_COUNT = 10;

export const newTotpSecret = () => generateSecret();

export const otpauthUri = (email: string, secret: string) =>
  generateURI({ issuer: 'Origem', label: email, secret });

/** The time step a code matches (within ±1 step and after `lastStep`), or null. */
export async function matchTotp(
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const seed = unseal(secret);
  try {
    const result = await verify({
      secret: seed,
      token: code,
      epochTolerance: DRIFT_SECONDS,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/** 'k7m2-q9xp': ten characters a person can type, 50 bits each, once. */
function recoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}`;
}

const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Replaces the user's recovery codes with ten new ones, stored hashed; the plain codes are returned once. */
export async function replaceRecoveryCodes(tx: Tx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  const hashes = await Promise.all(codes.map((c) => hashPassword(normalizeRecovery(c))));
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.user_id, userId));
  await tx.insert(mfaRecoveryCodes).values(hashes.map((code_hash) => ({ user_id: userId, code_hash })));
  return codes;
}

export async function recoveryCodesLeft(db: Executor, userId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from mfa_recovery_codes where user_id = ${userId} and used_at is null`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Uses one recovery code: claimed in the same statement that checks it is still unused (so it works once), in one
 * transaction with its audit row.
 */
async function useRecoveryCode(
  db: Database,
  ctx: ServiceContext,
  userId: number,
  code: string,
): Promise<boolean> {
  const plain = normalizeRecovery(code);
  if (plain.length !== 8) return false;
  const unused = await db
    .select({ id: mfaRecoveryCodes.id, hash: mfaRecoveryCodes.code_hash })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.user_id, userId), isNull(mfaRecoveryCodes.used_at)));
  for (const row of unused) {
    if (!(await verifyPassword(row.hash, plain))) continue;
    return db.transaction(async (tx) => {
      const claimed = await tx
        .update(mfaRecoveryCodes)
        .set({ used_at: new Date() })
        .where(and(eq(mfaRecoveryCodes.id, row.id), isNull(mfaRecoveryCodes.used_at)))
        .returning({ id: mfaRecoveryCodes.id });
      if (claimed.length === 0) return false;
      await recordAudit(tx, ctx, { event: 'mfa_recovery_code_used', type: 'user', id: userId, userId });
      return true;
    });
  }
  return false;
}

/** Accepts a TOTP step once: the update wins only if no later or equal step was accepted before (races too). */
async function claimStep(db: Database, userId: number, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ totp_last_step: step })
    .where(
      and(eq(users.id, userId), sql`(${users.totp_last_step} is null or ${users.totp_last_step} < ${step})`),
    )
    .returning({ id: users.id });
  return claimed.length > 0;
}

export type SecondFactorUser = { id: number; secret: string; lastStep: number | null };
type CheckOptions = {
  /** false for actions that need the authenticator itself (confirming it, new recovery codes). */
  recovery?: boolean;
  /** The user is signed in (Minha conta), not in the middle of the token grant. */
  signedIn?: boolean;
};

/**
 * Checks a code (TOTP or recovery) under the lockout of DOMAIN.md §8, keyed `mfa:<user id>`: five wrong codes
 * from one address in 15 minutes block that address for 15 minutes, like passwords.
 */
export async function checkSecondFactor(
  db: Database,
  ctx: ServiceContext,
  user: SecondFactorUser,
  code: string,
  options: CheckOptions = {},
): Promise<'totp' | 'recovery'> {
  const { recovery = true, signedIn = false } = options;
  const refuse = (locked: boolean) => {
    // Signed in, a wrong code is a field error (a 401 would end the session in the client).
    if (signedIn) {
      return locked
        ? new AppError(429, ErrorCode.RateLimited, messages.mfa.locked)
        : invalid({ code: [messages.mfa.invalidCode] }, messages.mfa.invalidCode);
    }
    return locked
      ? new AppError(401, ErrorCode.AccountLocked, messages.mfa.locked)
      : new AppError(401, ErrorCode.InvalidMfaCode, messages.mfa.invalidCode, {
          code: [messages.mfa.invalidCode],
        });
  };
  const login = `mfa:${user.id}`;
  const ip = ctx.meta.ip;
  const history = await q.failureHistory(db, login, ip, LOCKOUT_WINDOW_MS, LOCKOUT_FAILURES);
  if (blockedFromAddress(history)) {
    await db.transaction((tx) =>
      recordAudit(tx, ctx, {
        event: 'mfa_failed',
        type: 'user',
        id: user.id,
        userId: user.id,
        new: { reason: 'blocked' },
      }),
    );
    throw refuse(true);
  }
  const trimmed = code.replace(/\s/g, '');
  const step = await matchTotp(user.secret, trimmed, user.lastStep);
  if (step !== null && (await claimStep(db, user.id, step))) {
    await q.clearFailuresFrom(db, login, ip);
    return 'totp';
  }
  if (step === null && recovery && (await useRecoveryCode(db, ctx, user.id, trimmed))) {
    await q.clearFailuresFrom(db, login, ip);
    return 'recovery';
  }
  const blocked = await db.transaction(async (tx) => {
    await q.insertFailure(tx, login, user.id, ip);
    await recordAudit(tx, ctx, {
      event: 'mfa_failed',
      type: 'user',
      id: user.id,
      userId: user.id,
      new: { reason: 'code' },
    });
    return blockedFromAddress(await q.failureHistory(tx, login, ip, LOCKOUT_WINDOW_MS, LOCKOUT_FAILURES));
  });
  throw refuse(blocked);
}
