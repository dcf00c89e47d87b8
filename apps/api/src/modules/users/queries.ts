import type { UserSearchQuery } from '@origem/contract/schemas/users';
import { unmaskTaxId } from '@origem/contract/validators/tax-id';
import { and, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
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
import { containsFolded, keysetOrder, likePattern, lookup, mapPage, paginate } from '../../lib/paging';
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
  // Names of the hierarchy and party as lookups, not joins: a list query planned with six joins spent ~8 ms of
  // every request choosing their order (lib/paging.ts `lookup`).
  association_name: lookup(tradeAssociations.name, users.trade_association_id),
  federation_name: lookup(federations.name, users.federation_id),
  confederation_name: lookup(confederations.name, users.confederation_id),
  exporter_name: lookup(exporters.name, users.exporter_id),
  dispatcher_name: lookup(dispatchers.name, users.dispatcher_id),
};

function baseSelect(db: Executor) {
  return db.select(userColumns).from(users).innerJoin(roles, eq(roles.id, users.role_id));
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

function filterConditions(actor: Actor, f: Partial<UserSearchQuery>): SQL | undefined {
  return and(
    visibleUsers(actor),
    f.role_id ? eq(users.role_id, f.role_id) : undefined,
    f.trade_association_id ? eq(users.trade_association_id, f.trade_association_id) : undefined,
  );
}

/** "Contains" filters, served by the users_*_trgm_idx indexes (names and e-mails stored lower-cased). */
function searchConditions(f: Partial<UserSearchQuery>): SQL | undefined {
  return and(
    f.name ? containsFolded(users.name_search, f.name) : undefined,
    f.email ? containsFolded(users.email_search, f.email) : undefined,
    f.cpf ? sql`${users.cpf} like ${likePattern(unmaskTaxId(f.cpf))}` : undefined,
    f.cnpj ? sql`${users.cnpj} like ${likePattern(unmaskTaxId(f.cnpj))}` : undefined,
  );
}

/**
 * Name order as people read it: the database's default collation is "C" (byte order), which puts "Élida" after
 * "Zé" and "ana" after "Zé". ICU's root collation ignores case and accents at the first level and is available
 * in PostgreSQL and PGlite alike. Served by users_name_idx (or users_association_name_idx within an association).
 */
const byName = keysetOrder(users, 'asc', [humanOrder(users.name)], users.id);

export async function searchUsers(db: Executor, actor: Actor, filters: UserSearchQuery) {
  const page = await paginate(db, filters, {
    where: filterConditions(actor, filters),
    search: searchConditions(filters),
    containsText: true,
    order: byName,
    rows: (where) => baseSelect(db).where(where).$dynamic(),
    ids: (where) => db.select({ id: users.id }).from(users).where(where).$dynamic(),
  });
  return mapPage(page, toUser);
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

export async function findRawUser(db: Executor, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deleted_at)));
  return row ?? null;
}
