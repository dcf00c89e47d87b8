import type { RoleType } from '@origem/contract/permissions';
import type { AssociationByUserQuery, EntityListQuery, FeeInput } from '@origem/contract/schemas/entities';
import { and, asc, count, eq, inArray, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  deals,
  federations,
  roles,
  storedFiles,
  tradeAssociationFees,
  tradeAssociations,
  users,
} from '../../db/schema';
import { humanOrder } from '../../lib/collation';
import type { Actor } from '../../lib/context';
import { likePattern, pageTotal, pageWindow, totalOver } from '../../lib/paging';
import { entityScope } from '../../lib/scope';
import { associationLogoUrl, LOGO_OWNER, logoView } from './logos';
import { associationScope, federationScope } from './scopes';

const logo = alias(storedFiles, 'association_logo');

const columns = {
  id: tradeAssociations.id,
  name: tradeAssociations.name,
  abbreviation: tradeAssociations.abbreviation,
  ehid: tradeAssociations.ehid,
  cnpj: tradeAssociations.cnpj,
  email: tradeAssociations.email,
  phone: tradeAssociations.phone,
  postcode: tradeAssociations.postcode,
  address: tradeAssociations.address,
  number: tradeAssociations.number,
  complement: tradeAssociations.complement,
  neighborhood: tradeAssociations.neighborhood,
  city: tradeAssociations.city,
  state: tradeAssociations.state,
  notes: tradeAssociations.notes,
  federation_id: tradeAssociations.federation_id,
  federation_name: federations.name,
  logo_id: logo.id,
  logo_name: logo.original_name,
  logo_mime: logo.mime_type,
  logo_size: logo.size,
  logo_created_at: logo.created_at,
  created_at: tradeAssociations.created_at,
  updated_at: tradeAssociations.updated_at,
};

function selectAssociations(db: Executor) {
  return db
    .select({ ...columns, total: totalOver })
    .from(tradeAssociations)
    .leftJoin(federations, eq(federations.id, tradeAssociations.federation_id))
    .leftJoin(
      logo,
      and(eq(logo.owner_type, LOGO_OWNER.association), eq(logo.owner_id, tradeAssociations.id)),
    );
}

type Row = Awaited<ReturnType<typeof selectAssociations>>[number];

function toAssociation(row: Row) {
  return {
    id: row.id,
    name: row.name,
    abbreviation: row.abbreviation,
    ehid: row.ehid,
    cnpj: row.cnpj,
    email: row.email,
    phone: row.phone,
    postcode: row.postcode,
    address: row.address,
    number: row.number,
    complement: row.complement,
    neighborhood: row.neighborhood,
    city: row.city,
    state: row.state,
    notes: row.notes,
    federation_id: row.federation_id,
    federation:
      row.federation_id && row.federation_name ? { id: row.federation_id, name: row.federation_name } : null,
    logo: logoView(associationLogoUrl(row.id), row),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
export type AssociationView = ReturnType<typeof toAssociation>;

function textFilter(column: AnyPgColumn, text: string | undefined): SQL | undefined {
  return text ? sql`${column} ilike ${likePattern(text)}` : undefined;
}

/** The list's name filter also finds an association by its abbreviation or EHId ('ACS'). */
function nameFilter(name: string | undefined): SQL | undefined {
  if (!name) return undefined;
  const pattern = likePattern(name);
  return sql`(${tradeAssociations.name} ilike ${pattern} or ${tradeAssociations.abbreviation} ilike ${pattern} or ${tradeAssociations.ehid} ilike ${pattern})`;
}

const byName = [humanOrder(tradeAssociations.name), asc(tradeAssociations.id)];

export async function pageAssociations(db: Executor, actor: Actor, query: EntityListQuery) {
  const where = and(associationScope(actor), nameFilter(query.name));
  const { limit, offset } = pageWindow(query.page);
  const rows = await selectAssociations(db)
    .where(where)
    .orderBy(...byName)
    .limit(limit)
    .offset(offset);
  const total = await pageTotal(rows, async () => {
    const [row] = await db.select({ n: count() }).from(tradeAssociations).where(where);
    return row?.n ?? 0;
  });
  return { rows: rows.map(toAssociation), total };
}

export async function findAssociation(
  db: Executor,
  actor: Actor,
  id: number,
): Promise<AssociationView | null> {
  const [row] = await selectAssociations(db).where(
    and(associationScope(actor), eq(tradeAssociations.id, id)),
  );
  return row ? toAssociation(row) : null;
}

const optionColumns = {
  id: tradeAssociations.id,
  name: tradeAssociations.name,
  abbreviation: tradeAssociations.abbreviation,
  federation_id: tradeAssociations.federation_id,
};

export function allAssociations(db: Executor, actor: Actor) {
  return db
    .select(optionColumns)
    .from(tradeAssociations)
    .where(associationScope(actor))
    .orderBy(asc(humanOrder(tradeAssociations.name)))
    .limit(1000);
}

/** A live user's place in the hierarchy, if the actor may see that user (its own scope, or itself). */
export async function findScopedUser(db: Executor, actor: Actor, id: number) {
  const scope = entityScope(actor, {
    tradeAssociationId: users.trade_association_id,
    federationId: users.federation_id,
  });
  const [row] = await db
    .select({
      id: users.id,
      role_type: roles.type,
      trade_association_id: users.trade_association_id,
      federation_id: users.federation_id,
      confederation_id: users.confederation_id,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    .where(and(eq(users.id, id), isNull(users.deleted_at), id === actor.id || !scope ? undefined : scope));
  return row ? { ...row, role_type: row.role_type as RoleType } : null;
}

/** Associations both `user` and the actor reach, filtered by name and abbreviation. */
export function associationsReachableBy(
  db: Executor,
  actor: Actor,
  user: Actor,
  filters: AssociationByUserQuery,
) {
  return db
    .select({ ...optionColumns, ehid: tradeAssociations.ehid })
    .from(tradeAssociations)
    .where(
      and(
        associationScope(user),
        associationScope(actor),
        textFilter(tradeAssociations.name, filters.name),
        textFilter(tradeAssociations.abbreviation, filters.abbreviation),
      ),
    )
    .orderBy(...byName)
    .limit(1000);
}

export async function associationFees(db: Executor, id: number) {
  const rows = await db
    .select({
      deal_id: tradeAssociationFees.deal_id,
      deal_abbreviation: deals.abbreviation,
      deal_name: deals.name,
      member_fee: tradeAssociationFees.member_fee,
      non_member_fee: tradeAssociationFees.non_member_fee,
    })
    .from(tradeAssociationFees)
    .innerJoin(deals, eq(deals.id, tradeAssociationFees.deal_id))
    .where(eq(tradeAssociationFees.trade_association_id, id));
  // 'ACE-2' before 'ACE-14': deal abbreviations carry numbers.
  const collator = new Intl.Collator('pt-BR', { numeric: true, sensitivity: 'base' });
  return rows.sort((a, b) => collator.compare(a.deal_abbreviation, b.deal_abbreviation));
}

export async function replaceFees(db: Executor, id: number, fees: FeeInput[]): Promise<void> {
  await db.delete(tradeAssociationFees).where(eq(tradeAssociationFees.trade_association_id, id));
  if (fees.length === 0) return;
  await db.insert(tradeAssociationFees).values(
    fees.map((fee) => ({
      trade_association_id: id,
      deal_id: fee.deal_id,
      member_fee: fee.member_fee.toFixed(2),
      non_member_fee: fee.non_member_fee.toFixed(2),
    })),
  );
}

export async function existingDealIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: deals.id }).from(deals).where(inArray(deals.id, ids));
  return new Set(rows.map((r) => r.id));
}

export async function ehidTaken(db: Executor, ehid: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tradeAssociations.id })
    .from(tradeAssociations)
    .where(
      and(
        sql`upper(${tradeAssociations.ehid}) = ${ehid}`,
        exceptId ? ne(tradeAssociations.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** A federation the actor may place an association under, with its confederation. */
export async function reachableFederation(db: Executor, actor: Actor, id: number) {
  const [row] = await db
    .select({ id: federations.id, confederation_id: federations.confederation_id })
    .from(federations)
    .where(and(federationScope(actor), eq(federations.id, id)));
  return row ?? null;
}

export async function lockAssociation(db: Executor, id: number) {
  const [row] = await db.select().from(tradeAssociations).where(eq(tradeAssociations.id, id)).for('update');
  return row ?? null;
}

export type AssociationValues = Omit<
  typeof tradeAssociations.$inferInsert,
  'id' | 'created_at' | 'updated_at'
>;

export async function insertAssociation(db: Executor, values: AssociationValues): Promise<number> {
  const [row] = await db.insert(tradeAssociations).values(values).returning({ id: tradeAssociations.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateAssociation(db: Executor, id: number, values: AssociationValues) {
  await db.update(tradeAssociations).set(values).where(eq(tradeAssociations.id, id));
}

export async function deleteAssociation(db: Executor, id: number) {
  await db.delete(tradeAssociations).where(eq(tradeAssociations.id, id));
}

export async function associationUsers(db: Executor, id: number) {
  const [live] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.trade_association_id, id), isNull(users.deleted_at)));
  const [deleted] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.trade_association_id, id), isNotNull(users.deleted_at)));
  return { live: live?.n ?? 0, deleted: deleted?.n ?? 0 };
}

/** The association's users follow it to another federation (their placement drives row scoping). */
export async function moveAssociationUsers(
  db: Executor,
  id: number,
  federation: { id: number; confederation_id: number | null },
) {
  await db
    .update(users)
    .set({ federation_id: federation.id, confederation_id: federation.confederation_id })
    .where(eq(users.trade_association_id, id));
}
