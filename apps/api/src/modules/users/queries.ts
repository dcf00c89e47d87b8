import type { UserSearchQuery } from '@origem/contract/schemas/users';
import { unmaskTaxId } from '@origem/contract/validators/tax-id';
import { and, asc, count, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  confederations,
  dispatchers,
  exporters,
  federations,
  roles,
  tradeAssociations,
  users,
} from '../../db/schema';
import { humanOrder } from '../../lib/collation';
import type { Actor } from '../../lib/context';
import { likePattern, pageTotal, pageWindow, totalOver } from '../../lib/paging';
import { entityScope } from '../../lib/scope';

/** Users the actor may see: its entity scope, and always itself. */
export function visibleUsers(actor: Actor): SQL {
  const scope = entityScope(actor, {
    tradeAssociationId: users.trade_association_id,
    federationId: users.federation_id,
  });
  const live = isNull(users.deleted_at);
  return scope ? (and(live, sql`(${scope} or ${users.id} = ${actor.id})`) as SQL) : live;
}

const fed = alias(federations, 'fed');

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  cpf: users.cpf,
  cnpj: users.cnpj,
  phone: users.phone,
  active: users.active,
  change_password: users.change_password,
  role_id: users.role_id,
  trade_association_id: users.trade_association_id,
  federation_id: users.federation_id,
  confederation_id: users.confederation_id,
  exporter_id: users.exporter_id,
  dispatcher_id: users.dispatcher_id,
  created_at: users.created_at,
  updated_at: users.updated_at,
  role: { id: roles.id, name: roles.name, display_name: roles.display_name, type: roles.type },
  association_name: tradeAssociations.name,
  federation_name: fed.name,
  confederation_name: confederations.name,
  exporter_name: exporters.name,
  dispatcher_name: dispatchers.name,
};

function baseSelect(db: Executor) {
  return db
    .select({ ...userColumns, total: totalOver })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .leftJoin(tradeAssociations, eq(tradeAssociations.id, users.trade_association_id))
    .leftJoin(fed, eq(fed.id, users.federation_id))
    .leftJoin(confederations, eq(confederations.id, users.confederation_id))
    .leftJoin(exporters, eq(exporters.id, users.exporter_id))
    .leftJoin(dispatchers, eq(dispatchers.id, users.dispatcher_id));
}

type UserRow = Awaited<ReturnType<typeof baseSelect>>[number];

function toUser(row: UserRow) {
  const named = (id: number | null, name: string | null) => (id && name ? { id, name } : null);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    cpf: row.cpf,
    cnpj: row.cnpj,
    phone: row.phone,
    active: row.active,
    change_password: row.change_password,
    role_id: row.role_id,
    role: row.role,
    trade_association_id: row.trade_association_id,
    trade_association: named(row.trade_association_id, row.association_name),
    federation_id: row.federation_id,
    federation: named(row.federation_id, row.federation_name),
    confederation_id: row.confederation_id,
    confederation: named(row.confederation_id, row.confederation_name),
    exporter_id: row.exporter_id,
    exporter: named(row.exporter_id, row.exporter_name),
    dispatcher_id: row.dispatcher_id,
    dispatcher: named(row.dispatcher_id, row.dispatcher_name),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
export type UserView = ReturnType<typeof toUser>;

function searchConditions(actor: Actor, f: Partial<UserSearchQuery>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [visibleUsers(actor)];
  if (f.role_id) conditions.push(eq(users.role_id, f.role_id));
  if (f.trade_association_id) conditions.push(eq(users.trade_association_id, f.trade_association_id));
  if (f.name) conditions.push(sql`${users.name} ilike ${likePattern(f.name)}`);
  if (f.email) conditions.push(sql`${users.email} ilike ${likePattern(f.email)}`);
  if (f.cpf) conditions.push(sql`${users.cpf} like ${likePattern(unmaskTaxId(f.cpf))}`);
  if (f.cnpj) conditions.push(sql`${users.cnpj} like ${likePattern(unmaskTaxId(f.cnpj))}`);
  return and(...conditions);
}

/**
 * Name order as people read it: the database's default collation is "C" (byte order), which puts "Élida" after
 * "Zé" and "ana" after "Zé". ICU's root collation ignores case and accents at the first level and is available
 * in PostgreSQL and PGlite alike.
 */
const byName = humanOrder(users.name);

export async function searchUsers(db: Executor, actor: Actor, filters: UserSearchQuery) {
  const where = searchConditions(actor, filters);
  const { limit, offset } = pageWindow(filters.page);
  const rows = await baseSelect(db).where(where).orderBy(byName, asc(users.id)).limit(limit).offset(offset);
  const total = await pageTotal(rows, async () => {
    const [row] = await db.select({ n: count() }).from(users).where(where);
    return row?.n ?? 0;
  });
  return { rows: rows.map(toUser), total };
}

export async function findVisibleUser(db: Executor, actor: Actor, id: number): Promise<UserView | null> {
  const [row] = await baseSelect(db).where(and(visibleUsers(actor), eq(users.id, id)));
  return row ? toUser(row) : null;
}

export async function emailTaken(db: Executor, email: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        isNull(users.deleted_at),
        exceptId ? ne(users.id, exceptId) : undefined,
      ),
    );
  return Boolean(row);
}

export async function findRole(db: Executor, id: number) {
  const [row] = await db.select().from(roles).where(eq(roles.id, id));
  return row ?? null;
}

export async function findAssociation(db: Executor, id: number) {
  const [row] = await db
    .select({ id: tradeAssociations.id, federation_id: tradeAssociations.federation_id })
    .from(tradeAssociations)
    .where(eq(tradeAssociations.id, id));
  return row ?? null;
}

/** A live exporter or dispatcher, with the association its users belong to. */
export async function findLiveParty(db: Executor, kind: 'exporter' | 'dispatcher', id: number) {
  const table = kind === 'exporter' ? exporters : dispatchers;
  const [row] = await db
    .select({ id: table.id, trade_association_id: table.trade_association_id })
    .from(table)
    .where(and(eq(table.id, id), isNull(table.deleted_at)));
  return row ?? null;
}

export async function findFederation(db: Executor, id: number) {
  const [row] = await db
    .select({ id: federations.id, confederation_id: federations.confederation_id })
    .from(federations)
    .where(eq(federations.id, id));
  return row ?? null;
}

export async function confederationExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: confederations.id })
    .from(confederations)
    .where(eq(confederations.id, id));
  return Boolean(row);
}

export async function findRawUser(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deleted_at)));
  return row ?? null;
}
