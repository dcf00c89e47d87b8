import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  accessTokens,
  federations,
  loginFailures,
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
      locked_until: users.locked_until,
    })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deleted_at)));
  return row ?? null;
}

export async function findPasswordHash(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, userId));
  return row?.hash ?? null;
}

export async function countFailuresSince(db: Executor, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.user_id, userId), gt(loginFailures.created_at, since)));
  return row?.n ?? 0;
}

export function insertToken(db: Executor, values: typeof accessTokens.$inferInsert) {
  return db.insert(accessTokens).values(values).returning({ id: accessTokens.id });
}

export async function findTokenByRefreshHash(db: Executor, refreshHash: string) {
  const [row] = await db
    .select({
      id: accessTokens.id,
      user_id: accessTokens.user_id,
      refresh_expires_at: accessTokens.refresh_expires_at,
    })
    .from(accessTokens)
    .where(and(eq(accessTokens.refresh_hash, refreshHash), isNull(accessTokens.revoked_at)));
  return row ?? null;
}

export function revokeToken(db: Executor, tokenId: number) {
  return db.update(accessTokens).set({ revoked_at: new Date() }).where(eq(accessTokens.id, tokenId));
}

export function revokeAllTokens(db: Executor, userId: number) {
  return db
    .update(accessTokens)
    .set({ revoked_at: new Date() })
    .where(and(eq(accessTokens.user_id, userId), isNull(accessTokens.revoked_at)));
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
