import type { AdminApiTokenListQuery } from '@origem/contract/schemas/api-tokens';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiTokens, users } from '../../db/schema';
import { keysetOrder, likePattern, mapPage, paginate } from '../../lib/paging';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const columns = {
  id: apiTokens.id,
  name: apiTokens.name,
  prefix: apiTokens.prefix,
  scopes: apiTokens.scopes,
  expires_at: apiTokens.expires_at,
  last_used_at: apiTokens.last_used_at,
  revoked_at: apiTokens.revoked_at,
  created_at: apiTokens.created_at,
};

type TokenRow = {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_at: Date;
};

export function tokenView(row: TokenRow) {
  return {
    ...row,
    prefix: `${row.prefix}…`,
    expires_at: row.expires_at.toISOString(),
    last_used_at: iso(row.last_used_at),
    revoked_at: iso(row.revoked_at),
    created_at: row.created_at.toISOString(),
  };
}

/** A user's own tokens, newest first (a person keeps a handful; capped all the same). */
export async function userTokens(db: Executor, userId: number) {
  const rows = await db
    .select(columns)
    .from(apiTokens)
    .where(eq(apiTokens.user_id, userId))
    .orderBy(desc(apiTokens.id))
    .limit(200);
  return rows.map(tokenView);
}

export async function insertToken(
  db: Executor,
  values: { userId: number; name: string; hash: string; prefix: string; scopes: string[]; expiresAt: Date },
) {
  const [row] = await db
    .insert(apiTokens)
    .values({
      user_id: values.userId,
      name: values.name,
      token_hash: values.hash,
      prefix: values.prefix,
      scopes: values.scopes,
      expires_at: values.expiresAt,
    })
    .returning(columns);
  if (!row) throw new Error('token não criado');
  return tokenView(row);
}

/** Revokes a live token (of `userId`, or anyone's when null); the row locked, null when there is none. */
export async function lockToken(db: Executor, id: number, userId: number | null) {
  const [row] = await db
    .select({ ...columns, user_id: apiTokens.user_id })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), userId === null ? undefined : eq(apiTokens.user_id, userId)))
    .for('update');
  return row ?? null;
}

export async function markRevoked(db: Executor, id: number, by: number) {
  await db.update(apiTokens).set({ revoked_at: sql`now()`, revoked_by: by }).where(eq(apiTokens.id, id));
}

/** Every token, newest first, by keyset; `search` matches the token's name or its user's name or e-mail. */
export async function pageAllTokens(db: Executor, query: AdminApiTokenListQuery) {
  const search = query.search
    ? or(
        ilike(apiTokens.name, likePattern(query.search)),
        ilike(users.name, likePattern(query.search)),
        ilike(users.email, likePattern(query.search)),
      )
    : undefined;
  const page = await paginate(db, query, {
    where: undefined,
    search,
    containsText: true,
    order: keysetOrder(apiTokens, 'desc', [], apiTokens.id),
    rows: (filter) =>
      db
        .select({ ...columns, user_id: users.id, user_name: users.name, user_email: users.email })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.user_id))
        .where(filter)
        .$dynamic(),
    ids: (filter) =>
      db
        .select({ id: apiTokens.id })
        .from(apiTokens)
        .innerJoin(users, eq(users.id, apiTokens.user_id))
        .where(filter)
        .$dynamic(),
  });
  return mapPage(page, ({ user_id, user_name, user_email, ...row }) => ({
    ...tokenView(row),
    user: { id: user_id, name: user_name, email: user_email },
  }));
}

export async function passwordHashOf(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.id, userId));
  return row?.hash ?? null;
}
