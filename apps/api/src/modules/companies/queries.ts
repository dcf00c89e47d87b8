import { MAX_ALL_ROWS } from '@origem/contract/paging';
import {
  BRAZIL_CODE,
  type CompanyOrderKey,
  type CompanySearchQuery,
} from '@origem/contract/schemas/companies';
import { unmaskTaxId } from '@origem/contract/validators/tax-id';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  companies,
  companyTypes,
  countries,
  dealCountries,
  deals,
  dispatchers,
  exporters,
  storedFiles,
} from '../../db/schema';
import { storedFileView } from '../../files/records';
import { humanOrder } from '../../lib/collation';
import type { Actor } from '../../lib/context';
import {
  containsFolded,
  keysetOrder,
  type ListOrder,
  likePattern,
  lookup,
  mapPage,
  type PageRequest,
  paginate,
  plainOrder,
} from '../../lib/paging';
import { dispatcherScope, exporterScope } from '../../lib/scope';

/** `stored_files.owner_type` of a company's social contract. */
export const SOCIAL_CONTRACT_OWNER = 'company.social_contract';

const contract = alias(storedFiles, 'company_social_contract');

/**
 * The companies the actor reaches (DOMAIN.md §2): an exporter's user its own book, a dispatcher's user the
 * companies it keeps and the books of the exporters it has an approved link with, the hierarchy those of its
 * associations; `undefined` = no restriction.
 */
export function companyScope(actor: Actor): SQL | undefined {
  const columns = {
    exporterId: companies.exporter_id,
    dispatcherId: companies.dispatcher_id,
    tradeAssociationId: companies.trade_association_id,
  };
  if (actor.roleType === 'despachante') {
    return or(dispatcherScope(actor, columns) ?? undefined, exporterScope(actor, columns) ?? undefined);
  }
  return exporterScope(actor, columns) ?? undefined;
}

const columns = {
  id: companies.id,
  company_type_id: companies.company_type_id,
  // company_type_id is a required foreign key: its name is always there.
  company_type_name: sql<string>`${lookup(companyTypes.name, companies.company_type_id)}`,
  exporter_id: companies.exporter_id,
  exporter_name: lookup(exporters.name, companies.exporter_id),
  dispatcher_id: companies.dispatcher_id,
  dispatcher_name: lookup(dispatchers.name, companies.dispatcher_id),
  trade_association_id: companies.trade_association_id,
  corporate_name: companies.corporate_name,
  trade_name: companies.trade_name,
  cnpj: companies.cnpj,
  foreign_tax_id: companies.foreign_tax_id,
  country_id: companies.country_id,
  country_code: countries.code,
  country_name: countries.name,
  email: companies.email,
  phone: companies.phone,
  postcode: companies.postcode,
  address: companies.address,
  number: companies.number,
  complement: companies.complement,
  neighborhood: companies.neighborhood,
  city: companies.city,
  state: companies.state,
  file_name: contract.original_name,
  file_mime: contract.mime_type,
  file_size: contract.size,
  file_created_at: contract.created_at,
  created_at: companies.created_at,
  updated_at: companies.updated_at,
};

function selectCompanies(db: Executor) {
  return (
    db
      .select(columns)
      .from(companies)
      // Names as lookups, not joins (lib/paging.ts `lookup`); the country stays a join: the list sorts by it.
      .innerJoin(countries, eq(countries.id, companies.country_id))
      .leftJoin(
        contract,
        and(eq(contract.owner_type, SOCIAL_CONTRACT_OWNER), eq(contract.owner_id, companies.id)),
      )
  );
}

type Row = Awaited<ReturnType<typeof selectCompanies>>[number];
const named = (id: number | null, name: string | null) =>
  id !== null && name !== null ? { id, name } : null;

function toCompany(row: Row) {
  return {
    id: row.id,
    company_type_id: row.company_type_id,
    company_type: { id: row.company_type_id, name: row.company_type_name },
    exporter_id: row.exporter_id,
    exporter: named(row.exporter_id, row.exporter_name),
    dispatcher_id: row.dispatcher_id,
    dispatcher: named(row.dispatcher_id, row.dispatcher_name),
    trade_association_id: row.trade_association_id,
    corporate_name: row.corporate_name,
    trade_name: row.trade_name,
    cnpj: row.cnpj,
    foreign_tax_id: row.foreign_tax_id,
    country_id: row.country_id,
    country: { id: row.country_id, code: row.country_code, name: row.country_name },
    email: row.email,
    phone: row.phone,
    postcode: row.postcode,
    address: row.address,
    number: row.number,
    complement: row.complement,
    neighborhood: row.neighborhood,
    city: row.city,
    state: row.state,
    social_contract: storedFileView(row),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
export type CompanyView = ReturnType<typeof toCompany>;

/** "Contains" filters, served by the companies_*_trgm_idx indexes. */
function search(query: Partial<CompanySearchQuery>): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (query.corporate_name) parts.push(containsFolded(companies.name_search, query.corporate_name));
  if (query.cnpj) {
    // The CNPJ is stored unmasked; a foreign company is found by its own tax id, typed as it is.
    const digits = unmaskTaxId(query.cnpj);
    parts.push(
      sql`(${companies.cnpj} ilike ${likePattern(digits || query.cnpj)} or ${companies.foreign_tax_id} ilike ${likePattern(query.cnpj)})`,
    );
  }
  if (query.city) parts.push(sql`${companies.city} ilike ${likePattern(query.city)}`);
  return and(...parts);
}

const ORDER: Record<CompanyOrderKey, SQL | typeof companies.company_type_id> = {
  corporate_name: humanOrder(companies.corporate_name),
  company_type_id: companies.company_type_id,
  cnpj: sql`coalesce(${companies.cnpj}, ${companies.foreign_tax_id})`,
  city: humanOrder(companies.city),
  country: humanOrder(countries.name),
};

/**
 * SPEC §9: corporate name ascending by default (keyset-paged on companies_corporate_name_idx and the scoped
 * indexes that end with it); any other order keeps it as the tie-breaker and pages by offset.
 */
function orderBy(order: string | undefined): ListOrder {
  const descending = order?.startsWith('-') ?? false;
  const key = (order?.replace(/^-/, '') ?? 'corporate_name') as CompanyOrderKey;
  const column = ORDER[key] ?? ORDER.corporate_name;
  if (column === ORDER.corporate_name)
    return keysetOrder(
      companies,
      descending ? 'desc' : 'asc',
      [humanOrder(companies.corporate_name)],
      companies.id,
    );
  const first = descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  return plainOrder(first, humanOrder(companies.corporate_name), asc(companies.id));
}

/**
 * The companies a certificate of `exporterId` may name (what the certificate's save accepts, certificates/queries
 * companyOf): the exporter's book and, for a dispatcher writing it, the dispatcher's own book. An equality on an
 * indexed owner column (companies_exporter_name_idx, companies_dispatcher_name_idx), so a book stays a short walk
 * however large the table grows.
 */
function usableFor(actor: Actor, exporterId: number): SQL | undefined {
  const book = eq(companies.exporter_id, exporterId);
  if (actor.roleType !== 'despachante' || !actor.dispatcherId) return book;
  return or(book, eq(companies.dispatcher_id, actor.dispatcherId));
}

export async function pageCompanies(
  db: Executor,
  actor: Actor,
  query: Partial<CompanySearchQuery> & PageRequest,
) {
  const page = await paginate(db, query, {
    where: and(
      companyScope(actor),
      query.company_type_id ? eq(companies.company_type_id, query.company_type_id) : undefined,
      query.exporter_id ? usableFor(actor, query.exporter_id) : undefined,
    ),
    search: search(query),
    containsText: true,
    order: orderBy(query.order),
    rows: (where) => selectCompanies(db).where(where).$dynamic(),
    ids: (where) => db.select({ id: companies.id }).from(companies).where(where).$dynamic(),
  });
  return mapPage(page, toCompany);
}

export async function findCompany(db: Executor, actor: Actor, id: number): Promise<CompanyView | null> {
  const [row] = await selectCompanies(db).where(and(companyScope(actor), eq(companies.id, id)));
  return row ? toCompany(row) : null;
}

/** Options for the selects, bounded, in corporate-name order. */
export function companyOptions(db: Executor, actor: Actor, ...where: SQL[]) {
  return db
    .select({
      id: companies.id,
      company_type_id: companies.company_type_id,
      corporate_name: companies.corporate_name,
      cnpj: companies.cnpj,
      foreign_tax_id: companies.foreign_tax_id,
      city: companies.city,
      country: { id: countries.id, code: countries.code, name: countries.name },
    })
    .from(companies)
    .innerJoin(countries, eq(countries.id, companies.country_id))
    .where(and(companyScope(actor), ...where))
    .orderBy(humanOrder(companies.corporate_name), asc(companies.id))
    .limit(MAX_ALL_ROWS);
}

export const ofType = (type: number) => eq(companies.company_type_id, type);

/** Companies located in one of the deal's partner countries. */
export const inDealCountries = (dealId: number) =>
  sql`${companies.country_id} in (select ${dealCountries.country_id} from ${dealCountries} where ${dealCountries.deal_id} = ${dealId})`;

export async function dealExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: deals.id }).from(deals).where(eq(deals.id, id));
  return Boolean(row);
}

export async function brazilId(db: Executor): Promise<number | null> {
  const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, BRAZIL_CODE));
  return row?.id ?? null;
}

export async function countryExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id));
  return Boolean(row);
}

/** The stored row, locked for the rest of the transaction (two edits of one company queue up). */
export async function lockCompany(db: Executor, id: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).for('update');
  return row ?? null;
}

export type CompanyValues = Omit<typeof companies.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

export async function insertCompany(db: Executor, values: CompanyValues): Promise<number> {
  const [row] = await db.insert(companies).values(values).returning({ id: companies.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateCompany(db: Executor, id: number, values: CompanyValues): Promise<void> {
  await db.update(companies).set(values).where(eq(companies.id, id));
}

export async function deleteCompany(db: Executor, id: number): Promise<void> {
  await db.delete(companies).where(eq(companies.id, id));
}
