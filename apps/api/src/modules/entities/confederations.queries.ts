import type { EntityListQuery } from '@origem/contract/schemas/entities';
import { and, asc, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { confederations, countries, federations, storedFiles, users } from '../../db/schema';
import { humanOrder } from '../../lib/collation';
import type { Actor } from '../../lib/context';
import { likePattern, pageTotal, pageWindow, totalOver } from '../../lib/paging';
import { confederationImageUrl, LOGO_OWNER, logoView } from './logos';
import { confederationOptionScope, confederationScope } from './scopes';

const image = alias(storedFiles, 'confederation_image');

/** Images uploaded ahead of the record (POST /v2/confederation/image/upload), one per user until used. */
export const PENDING_IMAGE_OWNER = 'pending.confederation_image';

const columns = {
  id: confederations.id,
  confederation_code: confederations.confederation_code,
  name: confederations.name,
  abbreviation: confederations.abbreviation,
  cnpj: confederations.cnpj,
  email: confederations.email,
  phone: confederations.phone,
  fax: confederations.fax,
  url: confederations.url,
  postcode: confederations.postcode,
  address: confederations.address,
  number: confederations.number,
  complement: confederations.complement,
  neighborhood: confederations.neighborhood,
  city: confederations.city,
  state: confederations.state,
  country_id: confederations.country_id,
  country_name: countries.name,
  federations_count:
    sql<number>`(select count(*) from federations f where f.confederation_id = ${confederations.id})::int`.mapWith(
      Number,
    ),
  logo_id: image.id,
  logo_name: image.original_name,
  logo_mime: image.mime_type,
  logo_size: image.size,
  logo_created_at: image.created_at,
  created_at: confederations.created_at,
  updated_at: confederations.updated_at,
};

function selectConfederations(db: Executor) {
  return db
    .select({ ...columns, total: totalOver })
    .from(confederations)
    .leftJoin(countries, eq(countries.id, confederations.country_id))
    .leftJoin(
      image,
      and(eq(image.owner_type, LOGO_OWNER.confederation), eq(image.owner_id, confederations.id)),
    );
}

type Row = Awaited<ReturnType<typeof selectConfederations>>[number];

function toConfederation(row: Row) {
  return {
    id: row.id,
    confederation_code: row.confederation_code,
    name: row.name,
    abbreviation: row.abbreviation,
    cnpj: row.cnpj,
    email: row.email,
    phone: row.phone,
    fax: row.fax,
    url: row.url,
    postcode: row.postcode,
    address: row.address,
    number: row.number,
    complement: row.complement,
    neighborhood: row.neighborhood,
    city: row.city,
    state: row.state,
    country_id: row.country_id,
    country: row.country_id && row.country_name ? { id: row.country_id, name: row.country_name } : null,
    federations_count: row.federations_count,
    confederation_image: logoView(confederationImageUrl(row.id), row),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
export type ConfederationView = ReturnType<typeof toConfederation>;

function nameFilter(name: string | undefined): SQL | undefined {
  if (!name) return undefined;
  const pattern = likePattern(name);
  return sql`(${confederations.name} ilike ${pattern} or ${confederations.abbreviation} ilike ${pattern})`;
}

export async function pageConfederations(db: Executor, actor: Actor, query: EntityListQuery) {
  const where = and(confederationScope(actor), nameFilter(query.name));
  const { limit, offset } = pageWindow(query.page);
  const rows = await selectConfederations(db)
    .where(where)
    .orderBy(humanOrder(confederations.name), asc(confederations.id))
    .limit(limit)
    .offset(offset);
  const total = await pageTotal(rows, async () => {
    const [row] = await db.select({ n: count() }).from(confederations).where(where);
    return row?.n ?? 0;
  });
  return { rows: rows.map(toConfederation), total };
}

export async function findConfederation(
  db: Executor,
  actor: Actor,
  id: number,
): Promise<ConfederationView | null> {
  const [row] = await selectConfederations(db).where(
    and(confederationScope(actor), eq(confederations.id, id)),
  );
  return row ? toConfederation(row) : null;
}

export function allConfederations(db: Executor, actor: Actor) {
  return db
    .select({ id: confederations.id, name: confederations.name, abbreviation: confederations.abbreviation })
    .from(confederations)
    .where(confederationOptionScope(actor))
    .orderBy(asc(humanOrder(confederations.name)))
    .limit(1000);
}

export async function lockConfederation(db: Executor, id: number) {
  const [row] = await db.select().from(confederations).where(eq(confederations.id, id)).for('update');
  return row ?? null;
}

export type ConfederationValues = Omit<
  typeof confederations.$inferInsert,
  'id' | 'created_at' | 'updated_at'
>;

export async function insertConfederation(db: Executor, values: ConfederationValues): Promise<number> {
  const [row] = await db.insert(confederations).values(values).returning({ id: confederations.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateConfederation(db: Executor, id: number, values: ConfederationValues) {
  await db.update(confederations).set(values).where(eq(confederations.id, id));
}

export async function deleteConfederation(db: Executor, id: number) {
  await db.delete(confederations).where(eq(confederations.id, id));
}

export async function countryExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
  return Boolean(row);
}

export async function confederationUsage(db: Executor, id: number) {
  const [feds] = await db
    .select({ n: count() })
    .from(federations)
    .where(eq(federations.confederation_id, id));
  const [live] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.confederation_id, id), isNull(users.deleted_at)));
  const [deleted] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.confederation_id, id), isNotNull(users.deleted_at)));
  return { federations: feds?.n ?? 0, users: { live: live?.n ?? 0, deleted: deleted?.n ?? 0 } };
}

/** The image `userId` uploaded under `key`, if still waiting for its record. */
export async function findPendingImage(db: Executor, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.owner_type, PENDING_IMAGE_OWNER),
        eq(storedFiles.owner_id, userId),
        eq(storedFiles.storage_key, key),
      ),
    )
    .for('update');
  return row ?? null;
}

/** Hands a pending upload to its confederation (the blob stays where it is). */
export async function adoptImage(db: Executor, fileId: number, confederationId: number) {
  await db
    .update(storedFiles)
    .set({ owner_type: LOGO_OWNER.confederation, owner_id: confederationId })
    .where(eq(storedFiles.id, fileId));
}
