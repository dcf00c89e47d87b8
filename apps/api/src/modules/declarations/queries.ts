import { declarationFlow, declarationLinkFlow, stateLabel } from '@origem/contract/flows';
import type {
  CitableDeclarationQuery,
  DeclarationListQuery,
  DeclarationStatus,
} from '@origem/contract/schemas/declarations';
import { and, asc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client';
import {
  classificationItems,
  classificationLists,
  companies,
  countries,
  dealCountries,
  deals,
  declarationLinks,
  declarationMaterials,
  declarations,
  deliveryLocations,
  exporters,
  jobPositions,
  legalRepresentatives,
  ncm,
  originNorms,
  originRules,
  storedFiles,
  tradeAssociations,
  users,
} from '../../db/schema';
import { withinBrasiliaDays } from '../../lib/brasilia-days';
import type { Actor } from '../../lib/context';
import {
  containsFolded,
  keysetOrder,
  likePattern,
  lookup,
  mapPage,
  type PageRequest,
  paginate,
  prefixPattern,
} from '../../lib/paging';
import { inForceOn } from '../deals/origin-validity';
import { existingIds, lockInScope, ownedScope, TODAY } from '../issuance/queries';

/** The manufacturer's signed declaration is the declaration's stored file under this role. */
export const MANUFACTURER_DECLARATION_ROLE = 'manufacturer_declaration';
export const AUDIT_TYPE = 'declaration';
export const declarationOwner = (id: number) => ({ type: AUDIT_TYPE, id });
const FILE_OWNER_TYPE = `${AUDIT_TYPE}.${MANUFACTURER_DECLARATION_ROLE}`;

const APPROVED = declarationFlow.actions.approve_delivery.to;
const LINK_APPROVED = declarationLinkFlow.actions.approve.to;

/**
 * The declarations the actor acts on (DOMAIN.md §2): its own party's (exporter or manufacturer), the dispatcher's
 * linked exporters', the association's and those below the hierarchy. `undefined`: every row.
 */
export function ownerScope(actor: Actor): SQL | undefined {
  return ownedScope(actor, declarations);
}

/** The approved declaration links that let `exporterId` cite a declaration: the ids of those declarations. */
function linkedTo(exporterId: number): SQL {
  return sql`${declarations.id} in (select ${declarationLinks.declaration_id} from ${declarationLinks}
    where ${declarationLinks.exporter_id} = ${exporterId} and ${declarationLinks.status} = ${LINK_APPROVED})`;
}

/**
 * What the actor may read: what it acts on, plus (for an exporter's user) the declarations an approved link lets
 * its exporter cite — read-only, so the page an approved link opens shows the declaration.
 */
export function readScope(actor: Actor): SQL | undefined {
  const own = ownerScope(actor);
  if (!own || actor.roleType !== 'exportador' || !actor.exporterId) return own;
  return or(own, linkedTo(actor.exporterId));
}

// ---- reading -----------------------------------------------------------------------------------------------------

const listColumns = {
  id: declarations.id,
  status: declarations.status,
  exporter_id: declarations.exporter_id,
  // Names as lookups, not joins (lib/paging.ts `lookup`): each runs once per row of the page.
  exporter_name: sql<string>`${lookup(exporters.name, declarations.exporter_id)}`,
  exporter_cnpj: lookup(exporters.cnpj, declarations.exporter_id),
  exporter_cpf: lookup(exporters.cpf, declarations.exporter_id),
  product_name: declarations.product_name,
  internal_product_code: declarations.internal_product_code,
  ncm: declarations.ncm,
  deal_id: declarations.deal_id,
  deal_abbreviation: sql<string>`${lookup(deals.abbreviation, declarations.deal_id)}`,
  analyst_id: declarations.analyst_id,
  analyst_name: lookup(users.name, declarations.analyst_id),
  approved_at: declarations.approved_at,
  valid_until: declarations.valid_until,
  created_at: declarations.created_at,
  updated_at: declarations.updated_at,
};

type ListRow = {
  id: number;
  status: string;
  exporter_id: number;
  exporter_name: string;
  exporter_cnpj: string | null;
  exporter_cpf: string | null;
  product_name: string;
  internal_product_code: string | null;
  ncm: string;
  deal_id: number;
  deal_abbreviation: string;
  analyst_id: number | null;
  analyst_name: string | null;
  approved_at: Date | null;
  valid_until: string | null;
  created_at: Date;
  updated_at: Date;
};

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

export function flowRef(status: string) {
  return { id: status as DeclarationStatus, name: stateLabel(declarationFlow, status) };
}

function toListItem(row: ListRow) {
  return {
    id: row.id,
    status: row.status as DeclarationStatus,
    declaration_flow: flowRef(row.status),
    exporter_id: row.exporter_id,
    exporter: {
      id: row.exporter_id,
      name: row.exporter_name,
      cnpj: row.exporter_cnpj,
      cpf: row.exporter_cpf,
    },
    product_name: row.product_name,
    internal_product_code: row.internal_product_code,
    ncm: row.ncm,
    deal: { id: row.deal_id, abbreviation: row.deal_abbreviation },
    analyst: row.analyst_id && row.analyst_name ? { id: row.analyst_id, name: row.analyst_name } : null,
    approved_at: iso(row.approved_at),
    valid_until: row.valid_until,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** "Contains" on the product name (declarations_product_name_search_trgm_idx): any of the names. */
function productNames(names: readonly string[] | undefined): SQL | undefined {
  if (!names?.length) return undefined;
  return or(...names.map((name) => containsFolded(declarations.product_name_search, name)));
}

const ncmStartsWith = (prefix: string | undefined) =>
  prefix ? sql`${declarations.ncm} like ${prefixPattern(prefix)}` : undefined;

/**
 * Id descending (SPEC §9) or ascending, keyset-paged over the primary key; the scopes and the status filter walk
 * their composite indexes (association, status, exporter … id). The key is repeated as the order's column so
 * that a search's sorted read (paging.ts `sortedTerms`) writes it in a form no index serves.
 */
function listOrder(order: DeclarationListQuery['order']) {
  return keysetOrder(declarations, order === 'id' ? 'asc' : 'desc', [declarations.id], declarations.id);
}

export async function pageDeclarations(db: Executor, actor: Actor, query: DeclarationListQuery) {
  const where = and(
    ownerScope(actor),
    query.declaration_flow_id ? eq(declarations.status, query.declaration_flow_id) : undefined,
    query.exporter_id ? eq(declarations.exporter_id, query.exporter_id) : undefined,
    query.declaration_id ? eq(declarations.id, query.declaration_id) : undefined,
  );
  const search = and(
    ncmStartsWith(query.ncm),
    productNames(query.product_names_list),
    query.internal_product_code
      ? sql`${declarations.internal_product_code} ilike ${likePattern(query.internal_product_code)}`
      : undefined,
    withinBrasiliaDays(declarations.created_at, query.start_date, query.end_date),
  );
  const page = await paginate(db, query, {
    where,
    search,
    containsText: Boolean(query.product_names_list?.length || query.internal_product_code),
    order: listOrder(query.order),
    rows: (w) => db.select(listColumns).from(declarations).where(w).$dynamic(),
    ids: (w) => db.select({ id: declarations.id }).from(declarations).where(w).$dynamic(),
  });
  return mapPage(page, (row) => toListItem(row as ListRow));
}

// ---- the citable declarations of an exporter ---------------------------------------------------------------------

/**
 * The ids an exporter may cite, gathered first (its approved declarations through declarations_exporter_status_idx,
 * its approved links through declaration_links_exporter_idx) and read by primary key: a few hundred rows, where
 * an `own or linked` condition would have the planner walk every approved declaration.
 */
function citableBy(exporterId: number): SQL {
  return sql`${declarations.id} = any(array(
    select d.id from ${declarations} d where d.exporter_id = ${exporterId} and d.status = ${APPROVED}
    union all
    select l.declaration_id from ${declarationLinks} l where l.exporter_id = ${exporterId} and l.status = ${LINK_APPROVED}))`;
}

/**
 * Approved, unexpired declarations `exporterId` may cite: its own and those an approved declaration link lets it
 * cite (DOMAIN.md §4). The job marks expired ones VENCIDA once a day; the date is checked here too, so a
 * declaration past its validity is never offered in between.
 */
export async function pageCitable(
  db: Executor,
  exporterId: number,
  query: CitableDeclarationQuery & PageRequest,
) {
  // The filters narrow those few hundred rows, read by primary key: the NCM is compared with `left()`, which no
  // index serves, so that the planner never walks a whole NCM prefix instead.
  const where = and(
    citableBy(exporterId),
    eq(declarations.status, APPROVED),
    gte(declarations.valid_until, TODAY),
    query.deal_id ? eq(declarations.deal_id, query.deal_id) : undefined,
    query.ncm ? sql`left(${declarations.ncm}, ${query.ncm.length}) = ${query.ncm}` : undefined,
    query.product_name ? containsFolded(declarations.product_name_search, query.product_name) : undefined,
    query.internal_product_code
      ? sql`${declarations.internal_product_code} ilike ${likePattern(query.internal_product_code)}`
      : undefined,
  );
  const page = await paginate(db, query, {
    where,
    order: listOrder(undefined),
    idsFirst: true,
    rows: (w) =>
      db
        .select({
          id: declarations.id,
          exporter_id: declarations.exporter_id,
          product_name: declarations.product_name,
          internal_product_code: declarations.internal_product_code,
          ncm: declarations.ncm,
          nomenclature_code: declarations.nomenclature_code,
          deal_id: declarations.deal_id,
          deal_abbreviation: deals.abbreviation,
          rule_id: originRules.id,
          rule_code: originRules.code,
          rule_description: originRules.description,
          norm_id: originNorms.id,
          norm_name: originNorms.name,
          norm_text: originNorms.legal_text,
          owner_name: exporters.name,
          owner_cnpj: exporters.cnpj,
          owner_cpf: exporters.cpf,
          company_id: companies.id,
          company_name: companies.corporate_name,
          approved_at: declarations.approved_at,
          valid_until: declarations.valid_until,
        })
        .from(declarations)
        .innerJoin(deals, eq(deals.id, declarations.deal_id))
        .innerJoin(originRules, eq(originRules.id, declarations.origin_rule_id))
        .innerJoin(originNorms, eq(originNorms.id, declarations.origin_norm_id))
        .innerJoin(exporters, eq(exporters.id, declarations.exporter_id))
        .innerJoin(companies, eq(companies.id, declarations.company_manufacturer_id))
        .where(w)
        .$dynamic(),
    ids: (w) => db.select({ id: declarations.id }).from(declarations).where(w).$dynamic(),
  });
  return mapPage(page, (row) => ({
    id: row.id,
    product_name: row.product_name,
    internal_product_code: row.internal_product_code,
    ncm: row.ncm,
    nomenclature_code: row.nomenclature_code,
    deal: { id: row.deal_id, abbreviation: row.deal_abbreviation },
    origin_rule: { id: row.rule_id, code: row.rule_code, description: row.rule_description },
    origin_norm: { id: row.norm_id, name: row.norm_name, legal_text: row.norm_text },
    manufacturer: { id: row.exporter_id, name: row.owner_name, cnpj: row.owner_cnpj, cpf: row.owner_cpf },
    company_manufacturer: { id: row.company_id, corporate_name: row.company_name },
    approved_at: iso(row.approved_at),
    valid_until: row.valid_until,
    linked: row.exporter_id !== exporterId,
  }));
}

// ---- one declaration ---------------------------------------------------------------------------------------------

const analyst = alias(users, 'declaration_analyst');
const file = alias(storedFiles, 'manufacturer_declaration_file');

function selectDetail(db: Executor) {
  return db
    .select({
      row: declarations,
      association_name: tradeAssociations.name,
      association_cnpj: tradeAssociations.cnpj,
      association_address: tradeAssociations.address,
      association_number: tradeAssociations.number,
      association_city: tradeAssociations.city,
      association_state: tradeAssociations.state,
      owner: {
        name: exporters.name,
        cnpj: exporters.cnpj,
        cpf: exporters.cpf,
        address: exporters.address,
        number: exporters.number,
        neighborhood: exporters.neighborhood,
        city: exporters.city,
        state: exporters.state,
        postcode: exporters.postcode,
      },
      company: {
        corporate_name: companies.corporate_name,
        cnpj: companies.cnpj,
        address: companies.address,
        number: companies.number,
        city: companies.city,
        state: companies.state,
      },
      representative: {
        name: legalRepresentatives.name,
        cpf: legalRepresentatives.cpf,
        job_position: jobPositions.name,
      },
      deal: {
        abbreviation: deals.abbreviation,
        name: deals.name,
        classification_type: deals.classification_type,
        ceiling: deals.non_originating_ceiling_percent,
      },
      rule: { code: originRules.code, description: originRules.description },
      // The regime's own ceiling, when the norm version sets one (MERCOSUL: 40 %, then 45 % from 18 Jul 2024).
      norm: {
        name: originNorms.name,
        legal_text: originNorms.legal_text,
        ceiling: originNorms.non_originating_ceiling_percent,
      },
      ncm_description: ncm.description,
      delivery_location_name: deliveryLocations.name,
      analyst_name: analyst.name,
      file_name: file.original_name,
      file_mime: file.mime_type,
      file_size: file.size,
      file_created_at: file.created_at,
    })
    .from(declarations)
    .innerJoin(tradeAssociations, eq(tradeAssociations.id, declarations.trade_association_id))
    .innerJoin(exporters, eq(exporters.id, declarations.exporter_id))
    .innerJoin(companies, eq(companies.id, declarations.company_manufacturer_id))
    .innerJoin(legalRepresentatives, eq(legalRepresentatives.id, declarations.legal_representative_id))
    .leftJoin(jobPositions, eq(jobPositions.id, legalRepresentatives.job_position_id))
    .innerJoin(deals, eq(deals.id, declarations.deal_id))
    .innerJoin(originRules, eq(originRules.id, declarations.origin_rule_id))
    .innerJoin(originNorms, eq(originNorms.id, declarations.origin_norm_id))
    .leftJoin(ncm, eq(ncm.code, declarations.ncm))
    .leftJoin(deliveryLocations, eq(deliveryLocations.id, declarations.delivery_location_id))
    .leftJoin(analyst, eq(analyst.id, declarations.analyst_id))
    .leftJoin(file, and(eq(file.owner_type, FILE_OWNER_TYPE), eq(file.owner_id, declarations.id)));
}

export type DetailRow = Awaited<ReturnType<typeof selectDetail>>[number];
export type DeclarationRow = typeof declarations.$inferSelect;

/** One declaration with every name it shows, if `scope` (the actor's read scope) reaches it. */
export async function findDeclaration(
  db: Executor,
  id: number,
  scope: SQL | undefined,
): Promise<DetailRow | null> {
  const [row] = await selectDetail(db).where(and(eq(declarations.id, id), scope));
  return row ?? null;
}

export type MaterialRow = {
  id: number;
  position: number;
  ncm: string;
  description: string;
  origin_country_id: number;
  country_code: string;
  country_name: string;
  cif_value_usd: string;
  fob_share_percent: string;
};

export async function materialsOf(db: Executor, declarationId: number): Promise<MaterialRow[]> {
  return db
    .select({
      id: declarationMaterials.id,
      position: declarationMaterials.position,
      ncm: declarationMaterials.ncm,
      description: declarationMaterials.description,
      origin_country_id: declarationMaterials.origin_country_id,
      country_code: countries.code,
      country_name: countries.name,
      cif_value_usd: declarationMaterials.cif_value_usd,
      fob_share_percent: declarationMaterials.fob_share_percent,
    })
    .from(declarationMaterials)
    .innerJoin(countries, eq(countries.id, declarationMaterials.origin_country_id))
    .where(eq(declarationMaterials.declaration_id, declarationId))
    .orderBy(asc(declarationMaterials.position));
}

/** The countries whose materials originate under a deal: its partner countries and Brazil. */
export async function memberCountries(db: Executor, dealId: number): Promise<Set<number>> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select ${dealCountries.country_id} as id from ${dealCountries} where ${dealCountries.deal_id} = ${dealId}
        union select ${countries.id} from ${countries} where ${countries.code} = 'BR'`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** The stored row, locked for the rest of the transaction, if `scope` reaches it. */
export function lockDeclaration(db: Executor, id: number, scope: SQL | undefined) {
  return lockInScope(db, declarations, id, scope);
}

// ---- the references a save names ---------------------------------------------------------------------------------

/** A manufacturer company (type 2) of `ownerId`'s address book. */
export async function manufacturerCompanyOf(db: Executor, ownerId: number, companyId: number) {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(eq(companies.id, companyId), eq(companies.exporter_id, ownerId), eq(companies.company_type_id, 2)),
    );
  return row ?? null;
}

/** Whether the criterion is the deal's, and whether it is in force today (a declaration is made under today's rules). */
export async function ruleOfDeal(
  db: Executor,
  dealId: number,
  id: number,
): Promise<'absent' | 'expired' | 'ok'> {
  const [row] = await db
    .select({ inForce: sql<boolean>`${inForceOn(originRules, TODAY)}` })
    .from(originRules)
    .where(and(eq(originRules.id, id), eq(originRules.deal_id, dealId)));
  return !row ? 'absent' : row.inForce ? 'ok' : 'expired';
}

/** The origin criteria of a deal in force today, by code: what a declaration of that deal may name. */
export async function rulesOfDeal(db: Executor, dealId: number) {
  return db
    .select({ id: originRules.id, code: originRules.code, description: originRules.description })
    .from(originRules)
    .where(and(eq(originRules.deal_id, dealId), inForceOn(originRules, TODAY)))
    .orderBy(asc(originRules.code), asc(originRules.id))
    .limit(500);
}

/** Whether the norm is the deal's, and whether it is in force today. */
export async function normOfDeal(
  db: Executor,
  dealId: number,
  id: number,
): Promise<'absent' | 'expired' | 'ok'> {
  const [row] = await db
    .select({ inForce: sql<boolean>`${inForceOn(originNorms, TODAY)}` })
    .from(originNorms)
    .where(and(eq(originNorms.id, id), eq(originNorms.deal_id, dealId)));
  return !row ? 'absent' : row.inForce ? 'ok' : 'expired';
}

/** The NCM codes among `codes`, with whether each is a leaf (a complete subitem). */
export async function ncmLeaves(db: Executor, codes: readonly string[]): Promise<Map<string, boolean>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ code: ncm.code, leaf: ncm.leaf })
    .from(ncm)
    .where(inArray(ncm.code, [...new Set(codes)]));
  return new Map(rows.map((r) => [r.code, r.leaf]));
}

/** The code of `ncmCode` in the classification list of `type`: undefined when there is no such list. */
export async function classificationCode(
  db: Executor,
  type: string,
  ncmCode: string,
): Promise<string | null | undefined> {
  const [list] = await db
    .select({ id: classificationLists.id })
    .from(classificationLists)
    .where(eq(classificationLists.classification_type, type));
  if (!list) return undefined;
  const [item] = await db
    .select({ code: classificationItems.code })
    .from(classificationItems)
    .where(and(eq(classificationItems.list_id, list.id), eq(classificationItems.ncm_code, ncmCode)));
  return item?.code ?? null;
}

export function existingCountries(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  return existingIds(db, countries, countries.id, ids);
}

export async function deliveryLocationExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: deliveryLocations.id })
    .from(deliveryLocations)
    .where(eq(deliveryLocations.id, id));
  return Boolean(row);
}

// ---- writing -----------------------------------------------------------------------------------------------------

export type DeclarationValues = Omit<
  typeof declarations.$inferInsert,
  'id' | 'created_at' | 'updated_at' | 'status'
>;
export type MaterialValues = {
  ncm: string;
  description: string;
  origin_country_id: number;
  cif_value_usd: string;
  fob_share_percent: string;
};

export async function insertDeclaration(
  db: Executor,
  values: DeclarationValues & { status: string },
): Promise<number> {
  const [row] = await db.insert(declarations).values(values).returning({ id: declarations.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateDeclaration(db: Executor, id: number, values: Partial<DeclarationValues>) {
  await db
    .update(declarations)
    .set({ ...values, updated_at: new Date() })
    .where(eq(declarations.id, id));
}

/** The materials become exactly `materials`, in order (positions 1…n). */
export async function replaceMaterials(db: Executor, id: number, materials: readonly MaterialValues[]) {
  await db.delete(declarationMaterials).where(eq(declarationMaterials.declaration_id, id));
  if (materials.length === 0) return;
  await db
    .insert(declarationMaterials)
    .values(materials.map((m, index) => ({ ...m, declaration_id: id, position: index + 1 })));
}

export async function deleteDeclaration(db: Executor, id: number) {
  await db.delete(declarations).where(eq(declarations.id, id));
}

/**
 * The approval's writes: approved now, valid until today (Brasília) plus the deal's validity days, and where the
 * signed paper was delivered (null for a digital approval).
 */
export async function markApproved(
  db: Executor,
  id: number,
  deliveryLocationId: number | null,
): Promise<{ approved_at: Date; valid_until: string }> {
  const [row] = await queryRows<{ approved_at: Date | string; valid_until: string | Date }>(
    db,
    sql`update ${declarations} d
           set approved_at = now(),
               valid_until = ${TODAY} + (select ${deals.declaration_validity_days} from ${deals} where ${deals.id} = d.deal_id),
               delivery_location_id = coalesce(${deliveryLocationId}::int, d.delivery_location_id)
         where d.id = ${id}
     returning d.approved_at, d.valid_until::text as valid_until`,
  );
  if (!row) throw new Error('update returned nothing');
  return { approved_at: new Date(row.approved_at), valid_until: String(row.valid_until) };
}

/** The approved declarations past their validity, oldest first (declarations_expiry_idx). */
export async function expiredIds(db: Executor, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: declarations.id })
    .from(declarations)
    .where(and(eq(declarations.status, APPROVED), lt(declarations.valid_until, TODAY)))
    .orderBy(asc(declarations.valid_until), asc(declarations.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** What a certificate item copies from a declaration it cites. */
export type CitedDeclaration = {
  id: number;
  product_name: string;
  ncm: string;
  nomenclature_code: string | null;
  rule_code: string;
  rule_description: string;
  norm_name: string;
  norm_text: string | null;
};

/**
 * Of `ids`, the declarations `exporterId` may cite in a certificate of `dealId` now (the same rule as
 * `pageCitable`: approved, unexpired, its own or through an approved declaration link, of that deal).
 */
export async function citableAmong(
  db: Executor,
  exporterId: number,
  dealId: number,
  ids: readonly number[],
): Promise<Map<number, CitedDeclaration>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: declarations.id,
      product_name: declarations.product_name,
      ncm: declarations.ncm,
      nomenclature_code: declarations.nomenclature_code,
      rule_code: originRules.code,
      rule_description: originRules.description,
      norm_name: originNorms.name,
      norm_text: originNorms.legal_text,
    })
    .from(declarations)
    .innerJoin(originRules, eq(originRules.id, declarations.origin_rule_id))
    .innerJoin(originNorms, eq(originNorms.id, declarations.origin_norm_id))
    .where(
      and(
        inArray(declarations.id, [...new Set(ids)]),
        citableBy(exporterId),
        eq(declarations.status, APPROVED),
        gte(declarations.valid_until, TODAY),
        eq(declarations.deal_id, dealId),
      ),
    );
  return new Map(rows.map((row) => [row.id, row]));
}
