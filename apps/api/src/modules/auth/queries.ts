import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { SessionLimits } from '../../config';
import { type Executor, queryRows } from '../../db/client';
import {
  accessTokens,
  federations,
  loginFailures,
  mfaChallenges,
  passwordResets,
  roles,
  tradeAssociations,
  users,
} from '../../db/schema';

export async function findLiveUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      password_hash: users.password_hash,
      active: users.active,
      totp_secret: users.totp_secret,
      mfa_required: roles.mfa_required,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deleted_at)));
  return row ?? null;
}

export async function findPasswordHash(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, userId));
  return row?.hash ?? null;
}

export type FailureHistory = {
  /** Failures of this login from every address within the window. */
  everywhere: number;
  /** From this address: the latest failure and the `nth` latest (null when there are fewer), recent ones only. */
  latest: Date | null;
  nth: Date | null;
  /** The database's clock, shared by every instance. */
  now: Date;
};

const asDate = (value: string | Date | null | undefined) => (value ? new Date(value) : null);

/** What the lockout rule reads: one statement, so every instance sees the same counts. */
export async function failureHistory(
  db: Executor,
  login: string,
  ip: string,
  windowMs: number,
  nth: number,
): Promise<FailureHistory> {
  const recent = sql`login_failures where login = ${login} and ip_address = ${ip}
                       and created_at > now() - make_interval(secs => ${(2 * windowMs) / 1000})`;
  const [row] = await queryRows<{
    everywhere: number;
    latest: string | Date | null;
    nth: string | Date | null;
    now: string | Date;
  }>(
    db,
    sql`select
          (select count(*)::int from login_failures
            where login = ${login} and created_at > now() - make_interval(secs => ${windowMs / 1000})) as everywhere,
          (select max(created_at) from ${recent}) as latest,
          (select created_at from ${recent} order by created_at desc offset ${nth - 1} limit 1) as nth,
          now() as now`,
  );
  return {
    everywhere: Number(row?.everywhere ?? 0),
    latest: asDate(row?.latest),
    nth: asDate(row?.nth),
    now: asDate(row?.now) ?? new Date(),
  };
}

export async function insertFailure(db: Executor, login: string, userId: number | null, ip: string) {
  await db.insert(loginFailures).values({ login, user_id: userId, ip_address: ip });
}

/** A successful sign-in from an address forgives that address; other addresses keep their count. */
export async function clearFailuresFrom(db: Executor, login: string, ip: string) {
  await db.delete(loginFailures).where(and(eq(loginFailures.login, login), eq(loginFailures.ip_address, ip)));
}

/** A password set through the e-mailed link proves the owner: every address is forgiven. */
export async function clearFailures(db: Executor, login: string) {
  await db.delete(loginFailures).where(eq(loginFailures.login, login));
}

export function insertToken(db: Executor, values: typeof accessTokens.$inferInsert) {
  return db.insert(accessTokens).values(values).returning({ id: accessTokens.id });
}

/**
 * Claims a refresh token: revoked in the same statement that finds it, so it works once even when two requests
 * race, and only for a user who is still active and not deleted.
 */
export async function claimRefreshToken(db: Executor, refreshHash: string, limits: SessionLimits) {
  const [row] = await queryRows<{ id: number; user_id: number; scope: string; started_at: string | Date }>(
    db,
    sql`update access_tokens t set revoked_at = now()
          from users u
         where t.refresh_hash = ${refreshHash} and t.revoked_at is null and t.refresh_expires_at > now()
           and t.last_used_at > now() - make_interval(secs => ${limits.idleHours * 3600})
           and t.started_at > now() - make_interval(secs => ${limits.maxDays * 86400})
           and u.id = t.user_id and u.active and u.deleted_at is null
        returning t.id, t.user_id, t.scope, t.started_at`,
  );
  return row ?? null;
}

export function revokeToken(db: Executor, tokenId: number) {
  return db.update(accessTokens).set({ revoked_at: new Date() }).where(eq(accessTokens.id, tokenId));
}

/** Ends every session of the user (all of them, or all but `exceptTokenId`: the one making the change). */
export function revokeAllTokens(db: Executor, userId: number, exceptTokenId?: number) {
  return db
    .update(accessTokens)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(accessTokens.user_id, userId),
        isNull(accessTokens.revoked_at),
        exceptTokenId === undefined ? undefined : ne(accessTokens.id, exceptTokenId),
      ),
    );
}

/** Voids the user's unused links (a newer one replaces them; a changed e-mail or password kills them). */
export function invalidateResetLinks(db: Executor, userId: number) {
  return db
    .update(passwordResets)
    .set({ used_at: new Date() })
    .where(and(eq(passwordResets.user_id, userId), isNull(passwordResets.used_at)));
}

export async function findUsableReset(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ id: passwordResets.id, user_id: passwordResets.user_id })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.user_id))
    .where(
      and(
        eq(passwordResets.token_hash, tokenHash),
        isNull(passwordResets.used_at),
        gt(passwordResets.expires_at, new Date()),
        isNull(users.deleted_at),
      ),
    );
  return row ?? null;
}

/** The session user of SPEC §3: identity, role, and the entity hierarchy the header and documents show. */
export async function findUserDetail(db: Executor, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      cpf: users.cpf,
      change_password: users.change_password,
      totp_enabled: sql<boolean>`${users.totp_secret} is not null`,
      mfa_required: roles.mfa_required,
      confederation_id: users.confederation_id,
      exporter_id: users.exporter_id,
      dispatcher_id: users.dispatcher_id,
      role: { id: roles.id, name: roles.name, display_name: roles.display_name, type: roles.type },
      association_id: tradeAssociations.id,
      association_name: tradeAssociations.name,
      federation_id: sql<number | null>`coalesce(${users.federation_id}, ${tradeAssociations.federation_id})`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(tradeAssociations, eq(tradeAssociations.id, users.trade_association_id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const [federation] = row.federation_id
    ? await db.select().from(federations).where(eq(federations.id, row.federation_id))
    : [];
  return { row, federation: federation ?? null };
}

/** A sign-in from a user agent and address pair the user never signed in from before (the first one excepted). */
export async function isNewDevice(db: Executor, userId: number, userAgent: string | null, ip: string) {
  const [row] = await queryRows<{ any: boolean; seen: boolean }>(
    db,
    sql`select exists(select 1 from access_tokens where user_id = ${userId}) as any,
               exists(select 1 from access_tokens where user_id = ${userId}
                        and user_agent is not distinct from ${userAgent} and ip_address = ${ip}) as seen`,
  );
  return Boolean(row?.any) && !row?.seen;
}

export async function findMailee(db: Executor, userId: number) {
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export function insertMfaChallenge(db: Executor, userId: number, tokenHash: string, expiresAt: Date) {
  return db.insert(mfaChallenges).values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt });
}

/** A challenge still open, of a user still active, with the user's factor. */
export async function findMfaChallenge(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      id: mfaChallenges.id,
      user_id: mfaChallenges.user_id,
      totp_secret: users.totp_secret,
      totp_last_step: users.totp_last_step,
    })
    .from(mfaChallenges)
    .innerJoin(users, eq(users.id, mfaChallenges.user_id))
    .where(
      and(
        eq(mfaChallenges.token_hash, tokenHash),
        isNull(mfaChallenges.used_at),
        gt(mfaChallenges.expires_at, new Date()),
        eq(users.active, true),
        isNull(users.deleted_at),
      ),
    );
  return row ?? null;
}

export async function claimMfaChallenge(db: Executor, id: number): Promise<boolean> {
  const claimed = await db
    .update(mfaChallenges)
    .set({ used_at: new Date() })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.used_at)))
    .returning({ id: mfaChallenges.id });
  return claimed.length > 0;
}
