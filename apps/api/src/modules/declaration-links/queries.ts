import { declarationFlow, declarationLinkFlow, stateLabel } from '@origem/contract/flows';
import type {
  DeclarationLinkListQuery,
  DeclarationLinkSide,
  DeclarationLinkStatus,
  ManufacturerDeclarationsQuery,
  ManufacturerSearchQuery,
} from '@origem/contract/schemas/declaration-links';
import type { DeclarationStatus } from '@origem/contract/schemas/declarations';
import { unmaskTaxId } from '@origem/contract/validators/tax-id';
import { and, eq, gte, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { deals, declarationLinks, declarations, exporters, tradeAssociations, users } from '../../db/schema';
import { humanOrder } from '../../lib/collation';
import type { Actor } from '../../lib/context';
import {
  containsFolded,
  keysetOrder,
  lookup,
  mapPage,
  type PageRequest,
  paginate,
  prefixPattern,
} from '../../lib/paging';
import { exporterScope } from '../../lib/scope';
import { TODAY } from '../issuance/queries';

export const AUDIT_TYPE = 'declaration_link';
const APPROVED_DECLARATION = declarationFlow.actions.approve_delivery.to;
const REPROVED = declarationLinkFlow.actions.reprove.to;

/**
 * The links the actor sees and acts on (DOMAIN.md §2, §6): those naming its party as the exporter or as the
 * manufacturer (a dispatcher: those of its linked exporters); staff those whose declaration or exporter belongs to
 * their association (or below). `undefined`: every link.
 */
export function linkScope(actor: Actor): SQL | undefined {
  const asExporter = exporterScope(actor, { exporterId: declarationLinks.exporter_id });
  const asManufacturer = exporterScope(actor, {
    exporterId: declarationLinks.manufacturer_id,
    tradeAssociationId: declarationLinks.trade_association_id,
  });
  if (!asExporter || !asManufacturer) return undefined;
  return or(asExporter, asManufacturer);
}

// ---- the list ----------------------------------------------------------------------------------------------------

const manufacturer = alias(exporters, 'link_manufacturer');
const requester = alias(users, 'link_requester');

function selectLinks(db: Executor) {
  return db
    .select({
      row: declarationLinks,
      declaration: {
        product_name: declarations.product_name,
        internal_product_code: declarations.internal_product_code,
        ncm: declarations.ncm,
        status: declarations.status,
        valid_until: declarations.valid_until,
      },
      exporter: { name: exporters.name, cnpj: exporters.cnpj, cpf: exporters.cpf },
      manufacturer: { name: manufacturer.name, cnpj: manufacturer.cnpj, cpf: manufacturer.cpf },
      requester_name: requester.name,
    })
    .from(declarationLinks)
    .innerJoin(declarations, eq(declarations.id, declarationLinks.declaration_id))
    .innerJoin(exporters, eq(exporters.id, declarationLinks.exporter_id))
    .innerJoin(manufacturer, eq(manufacturer.id, declarationLinks.manufacturer_id))
    .leftJoin(requester, eq(requester.id, declarationLinks.requested_by_user_id));
}

export type LinkDetailRow = Awaited<ReturnType<typeof selectLinks>>[number];
export type LinkRow = typeof declarationLinks.$inferSelect;

export function toLinkView(joined: LinkDetailRow, actions: string[]) {
  const { row } = joined;
  return {
    id: row.id,
    status: row.status as DeclarationLinkStatus,
    declaration_link_flow: {
      id: row.status as DeclarationLinkStatus,
      name: stateLabel(declarationLinkFlow, row.status),
    },
    declaration_id: row.declaration_id,
    declaration: {
      id: row.declaration_id,
      product_name: joined.declaration.product_name,
      internal_product_code: joined.declaration.internal_product_code,
      ncm: joined.declaration.ncm,
      status: joined.declaration.status as DeclarationStatus,
      valid_until: joined.declaration.valid_until,
    },
    exporter_id: row.exporter_id,
    exporter: { id: row.exporter_id, ...joined.exporter },
    manufacturer_id: row.manufacturer_id,
    manufacturer: { id: row.manufacturer_id, ...joined.manufacturer },
    requested_by:
      row.requested_by_user_id && joined.requester_name
        ? { id: row.requested_by_user_id, name: joined.requester_name }
        : null,
    requested_side: row.requested_side as DeclarationLinkSide,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    actions,
  };
}

/** Parties by tax id digits ("starts with") or name ("contains"), as a subquery of their ids. */
function partiesMatching(filter: SQL): SQL {
  return sql`(select ${exporters.id} from ${exporters} where ${filter})`;
}

function declarationsMatching(filter: SQL): SQL {
  return sql`(select ${declarations.id} from ${declarations} where ${filter})`;
}

/**
 * REPROVADO first (a deleted link "moves to the top", SPEC §4), then newest: keyset over
 * declaration_links_order_idx. The status test is written as the index has it (a literal, not a parameter).
 */
const LINK_ORDER = keysetOrder(
  declarationLinks,
  'desc',
  [sql`(${declarationLinks.status} = 'REPROVADO')`],
  declarationLinks.id,
);

export async function pageLinks(
  db: Executor,
  actor: Actor,
  query: DeclarationLinkListQuery,
  actionsOf: (row: LinkRow) => string[],
) {
  const cnpj = query.cnpj ? unmaskTaxId(query.cnpj) : undefined;
  const where = and(
    linkScope(actor),
    query.declaration_link_flow_id ? eq(declarationLinks.status, query.declaration_link_flow_id) : undefined,
    query.declaration_id ? eq(declarationLinks.declaration_id, query.declaration_id) : undefined,
  );
  const byParty = (filter: SQL) =>
    or(
      sql`${declarationLinks.exporter_id} in ${partiesMatching(filter)}`,
      sql`${declarationLinks.manufacturer_id} in ${partiesMatching(filter)}`,
    );
  const search = and(
    cnpj
      ? byParty(
          or(
            sql`${exporters.cnpj} like ${prefixPattern(cnpj)}`,
            sql`${exporters.cpf} like ${prefixPattern(cnpj)}`,
          ) as SQL,
        )
      : undefined,
    query.name ? byParty(containsFolded(exporters.name_search, query.name)) : undefined,
    query.ncm
      ? sql`${declarationLinks.declaration_id} in ${declarationsMatching(sql`${declarations.ncm} like ${prefixPattern(query.ncm)}`)}`
      : undefined,
    query.denomination
      ? sql`${declarationLinks.declaration_id} in ${declarationsMatching(containsFolded(declarations.product_name_search, query.denomination))}`
      : undefined,
  );
  const page = await paginate(db, query, {
    where,
    search,
    containsText: Boolean(query.name || query.denomination),
    order: LINK_ORDER,
    rows: (w) => selectLinks(db).where(w).$dynamic(),
    ids: (w) => db.select({ id: declarationLinks.id }).from(declarationLinks).where(w).$dynamic(),
  });
  return mapPage(page, (joined) => toLinkView(joined, actionsOf(joined.row)));
}

export async function findLink(
  db: Executor,
  id: number,
  scope: SQL | undefined,
): Promise<LinkDetailRow | null> {
  const [row] = await selectLinks(db).where(and(eq(declarationLinks.id, id), scope));
  return row ?? null;
}

// ---- finding the other side --------------------------------------------------------------------------------------

/** A party (exporter or manufacturer) as the link screens show the other side. */
const partyColumns = {
  id: exporters.id,
  name: exporters.name,
  trade_name: exporters.trade_name,
  cnpj: exporters.cnpj,
  cpf: exporters.cpf,
  city: exporters.city,
  state: exporters.state,
};

/** The live exporter with this CPF or CNPJ (not the caller's own party). */
export async function exporterByTaxId(
  db: Executor,
  taxId: { cpf?: string; cnpj?: string },
  exceptId: number | null,
) {
  const [row] = await db
    .select({
      ...partyColumns,
      association_id: tradeAssociations.id,
      association_name: tradeAssociations.name,
    })
    .from(exporters)
    .innerJoin(tradeAssociations, eq(tradeAssociations.id, exporters.trade_association_id))
    .where(
      and(
        taxId.cnpj ? eq(exporters.cnpj, taxId.cnpj) : eq(exporters.cpf, taxId.cpf ?? ''),
        isNull(exporters.deleted_at),
        exceptId ? ne(exporters.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The outer declaration's id, qualified: correlated subqueries name tables that have an `id` too. */
const OUTER_DECLARATION_ID = sql.raw('"declarations"."id"');
const OUTER_EXPORTER_ID = sql.raw('"exporters"."id"');

/** An approved declaration that is still valid: what a link may name. */
const citable = and(eq(declarations.status, APPROVED_DECLARATION), gte(declarations.valid_until, TODAY));

/**
 * Parties (exporters or manufacturers) with approved, valid declarations, other than the caller's: whom an exporter
 * may ask for a link. Name order, keyset over exporters_name_idx.
 */
export async function pageManufacturers(
  db: Executor,
  query: ManufacturerSearchQuery & PageRequest,
  exceptId: number | null,
) {
  const cnpj = query.cnpj ? unmaskTaxId(query.cnpj) : undefined;
  const cpf = query.cpf ? unmaskTaxId(query.cpf) : undefined;
  const where = and(
    isNull(exporters.deleted_at),
    exceptId ? ne(exporters.id, exceptId) : undefined,
    sql`exists (select 1 from ${declarations} where ${declarations.exporter_id} = ${OUTER_EXPORTER_ID} and ${citable})`,
  );
  const search = and(
    query.name ? containsFolded(exporters.name_search, query.name) : undefined,
    cnpj ? sql`${exporters.cnpj} like ${prefixPattern(cnpj)}` : undefined,
    cpf ? sql`${exporters.cpf} like ${prefixPattern(cpf)}` : undefined,
  );
  return paginate(db, query, {
    where,
    search,
    containsText: Boolean(query.name),
    order: keysetOrder(exporters, 'asc', [humanOrder(exporters.name)], exporters.id),
    rows: (w) => db.select(partyColumns).from(exporters).where(w).$dynamic(),
    ids: (w) => db.select({ id: exporters.id }).from(exporters).where(w).$dynamic(),
  });
}

/**
 * A manufacturer's approved, valid declarations, newest first, with `exporterId`'s link to each: its live link, or
 * else its last reproved one.
 */
export async function pageManufacturerDeclarations(
  db: Executor,
  manufacturerId: number,
  query: ManufacturerDeclarationsQuery & PageRequest,
  exporterId: number | null,
) {
  const link = (column: SQL) =>
    exporterId
      ? sql`(select ${column} from ${declarationLinks} l where l.declaration_id = ${OUTER_DECLARATION_ID}
              and l.exporter_id = ${exporterId} order by (l.status = 'REPROVADO'), l.id desc limit 1)`
      : sql`null`;
  const page = await paginate(db, query, {
    where: and(eq(declarations.exporter_id, manufacturerId), citable),
    search: and(
      query.ncm ? sql`${declarations.ncm} like ${prefixPattern(query.ncm)}` : undefined,
      query.product_name ? containsFolded(declarations.product_name_search, query.product_name) : undefined,
    ),
    order: keysetOrder(declarations, 'desc', [declarations.id], declarations.id),
    rows: (w) =>
      db
        .select({
          id: declarations.id,
          product_name: declarations.product_name,
          internal_product_code: declarations.internal_product_code,
          ncm: declarations.ncm,
          deal_id: declarations.deal_id,
          deal_abbreviation: sql<string>`${lookup(deals.abbreviation, declarations.deal_id)}`,
          valid_until: declarations.valid_until,
          link_id: sql<number | null>`${link(sql.raw('l.id'))}`,
          link_status: sql<string | null>`${link(sql.raw('l.status'))}`,
        })
        .from(declarations)
        .where(w)
        .$dynamic(),
    ids: (w) => db.select({ id: declarations.id }).from(declarations).where(w).$dynamic(),
  });
  return mapPage(page, (row) => ({
    id: row.id,
    product_name: row.product_name,
    internal_product_code: row.internal_product_code,
    ncm: row.ncm,
    deal: { id: row.deal_id, abbreviation: row.deal_abbreviation },
    valid_until: row.valid_until,
    link:
      row.link_id !== null && row.link_status !== null
        ? { id: Number(row.link_id), status: row.link_status as DeclarationLinkStatus }
        : null,
  }));
}

// ---- writing -----------------------------------------------------------------------------------------------------

export async function liveExporter(db: Executor, id: number) {
  const [row] = await db
    .select({ id: exporters.id })
    .from(exporters)
    .where(and(eq(exporters.id, id), isNull(exporters.deleted_at)));
  return row ?? null;
}

/** The declaration a new link names, if it is approved and still valid. */
export async function citableDeclaration(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: declarations.id,
      exporter_id: declarations.exporter_id,
      trade_association_id: declarations.trade_association_id,
    })
    .from(declarations)
    .where(and(eq(declarations.id, id), citable));
  return row ?? null;
}

/** A live link (not REPROVADO) between the declaration and the exporter. */
export async function liveLinkExists(
  db: Executor,
  declarationId: number,
  exporterId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: declarationLinks.id })
    .from(declarationLinks)
    .where(
      and(
        eq(declarationLinks.declaration_id, declarationId),
        eq(declarationLinks.exporter_id, exporterId),
        ne(declarationLinks.status, REPROVED),
      ),
    );
  return Boolean(row);
}

export type NewLink = Omit<typeof declarationLinks.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

export async function insertLink(db: Executor, values: NewLink): Promise<number> {
  const [row] = await db.insert(declarationLinks).values(values).returning({ id: declarationLinks.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}
