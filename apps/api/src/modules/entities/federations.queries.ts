import type { EntityListQuery } from '@origem/contract/schemas/entities';
import { and, asc, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { confederations, federations, storedFiles, tradeAssociations, users } from '../../db/schema';
import { humanOrder } from '../../lib/collation';
import type { Actor } from '../../lib/context';
import { likePattern, pageTotal, pageWindow, totalOver } from '../../lib/paging';
import { federationLogoUrl, LOGO_OWNER, logoView } from './logos';
import { confederationScope, federationScope } from './scopes';

const logo = alias(storedFiles, 'federation_logo');

const columns = {
  id: federations.id,
  name: federations.name,
  abbreviation: federations.abbreviation,
  cnpj: federations.cnpj,
  email: federations.email,
  phone: federations.phone,
  postcode: federations.postcode,
  address: federations.address,
  number: federations.number,
  complement: federations.complement,
  neighborhood: federations.neighborhood,
  city: federations.city,
  state: federations.state,
  confederation_id: federations.confederation_id,
  confederation_name: confederations.name,
  associations_count:
    sql<number>`(select count(*) from trade_associations ta where ta.federation_id = ${federations.id})::int`.mapWith(
      Number,
    ),
  logo_id: logo.id,
  logo_name: logo.original_name,
  logo_mime: logo.mime_type,
  logo_size: logo.size,
  logo_created_at: logo.created_at,
  created_at: federations.created_at,
  updated_at: federations.updated_at,
};

function selectFederations(db: Executor) {
  return db
    .select({ ...columns, total: totalOver })
    .from(federations)
    .leftJoin(confederations, eq(confederations.id, federations.confederation_id))
    .leftJoin(logo, and(eq(logo.owner_type, LOGO_OWNER.federation), eq(logo.owner_id, federations.id)));
}

type Row = Awaited<ReturnType<typeof selectFederations>>[number];

function toFederation(row: Row) {
  return {
    id: row.id,
    name: row.name,
    abbreviation: row.abbreviation,
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
    confederation_id: row.confederation_id,
    confederation:
      row.confederation_id && row.confederation_name
        ? { id: row.confederation_id, name: row.confederation_name }
        : null,
    associations_count: row.associations_count,
    logo: logoView(federationLogoUrl(row.id), row),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
export type FederationView = ReturnType<typeof toFederation>;

function nameFilter(name: string | undefined): SQL | undefined {
  if (!name) return undefined;
  const pattern = likePattern(name);
  return sql`(${federations.name} ilike ${pattern} or ${federations.abbreviation} ilike ${pattern})`;
}

export async function pageFederations(db: Executor, actor: Actor, query: EntityListQuery) {
  const where = and(federationScope(actor), nameFilter(query.name));
  const { limit, offset } = pageWindow(query.page);
  const rows = await selectFederations(db)
    .where(where)
    .orderBy(humanOrder(federations.name), asc(federations.id))
    .limit(limit)
    .offset(offset);
  const total = await pageTotal(rows, async () => {
    const [row] = await db.select({ n: count() }).from(federations).where(where);
    return row?.n ?? 0;
  });
  return { rows: rows.map(toFederation), total };
}

export async function findFederation(db: Executor, actor: Actor, id: number): Promise<FederationView | null> {
  const [row] = await selectFederations(db).where(and(federationScope(actor), eq(federations.id, id)));
  return row ? toFederation(row) : null;
}

export function allFederations(db: Executor, actor: Actor) {
  return db
    .select({ id: federations.id, name: federations.name, abbreviation: federations.abbreviation })
    .from(federations)
    .where(federationScope(actor))
    .orderBy(asc(humanOrder(federations.name)))
    .limit(1000);
}

/** The stored row, locked for the rest of the transaction (two edits of one federation queue up). */
export async function lockFederation(db: Executor, id: number) {
  const [row] = await db.select().from(federations).where(eq(federations.id, id)).for('update');
  return row ?? null;
}

export type FederationValues = Omit<typeof federations.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

export async function insertFederation(db: Executor, values: FederationValues): Promise<number> {
  const [row] = await db.insert(federations).values(values).returning({ id: federations.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateFederation(db: Executor, id: number, values: FederationValues): Promise<void> {
  await db.update(federations).set(values).where(eq(federations.id, id));
}

export async function deleteFederation(db: Executor, id: number): Promise<void> {
  await db.delete(federations).where(eq(federations.id, id));
}

/** What still belongs to the federation: its associations, and its users (deleted ones are kept for history). */
export async function federationUsage(db: Executor, id: number) {
  const [associations] = await db
    .select({ n: count() })
    .from(tradeAssociations)
    .where(eq(tradeAssociations.federation_id, id));
  const [live] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.federation_id, id), isNull(users.deleted_at)));
  const [deleted] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.federation_id, id), isNotNull(users.deleted_at)));
  return { associations: associations?.n ?? 0, users: live?.n ?? 0, deletedUsers: deleted?.n ?? 0 };
}

/** A confederation the actor may place a federation under. */
export async function confederationReachable(db: Executor, actor: Actor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: confederations.id })
    .from(confederations)
    .where(and(confederationScope(actor), eq(confederations.id, id)));
  return Boolean(row);
}

/**
 * Users keep their place in the hierarchy denormalised (it drives row scoping): when a federation moves to another
 * confederation, its users (and its associations' users) move with it.
 */
export async function moveFederationUsers(db: Executor, id: number, confederationId: number | null) {
  await db.update(users).set({ confederation_id: confederationId }).where(eq(users.federation_id, id));
}
