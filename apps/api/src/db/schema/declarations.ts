import { declarationFlow, declarationLinkFlow } from '@origem/contract/flows';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { flowStatusCheck, timestamps } from './columns';
import { deals, originNorms, originRules } from './deals';
import { exporters, tradeAssociations, users } from './identity';
import { countries, deliveryLocations } from './lookups';
import { companies, legalRepresentatives } from './parties';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Money in US dollars and percentages: exact decimals, read and written as strings ('1234.50'). */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const percent = (name: string) => numeric(name, { precision: 5, scale: 2 });

/**
 * A producer's declaration of origin (DOMAIN.md §3): one product (NCM, name, internal code) of the party that makes
 * and owns it (an exporter, or a manufacturer party — both rows of `exporters`), under one deal, with the production
 * facts and materials the analyst checks. `trade_association_id` is copied from the party for scope and indexes.
 * RASCUNHO → ENVIADA → EM_ANALISE → APROVADA (valid until `valid_until`, then VENCIDA by the daily job) or
 * REPROVADA (editable and re-sendable).
 */
export const declarations = pgTable(
  'declarations',
  {
    id: serial('id').primaryKey(),
    status: varchar('status', { length: 20 }).notNull().default(declarationFlow.initial),
    exporter_id: integer('exporter_id')
      .notNull()
      .references(() => exporters.id),
    trade_association_id: integer('trade_association_id')
      .notNull()
      .references(() => tradeAssociations.id),
    /** A company of type 2 (manufacturer) of the owner's address book. */
    company_manufacturer_id: integer('company_manufacturer_id')
      .notNull()
      .references(() => companies.id),
    legal_representative_id: integer('legal_representative_id')
      .notNull()
      .references(() => legalRepresentatives.id),
    deal_id: integer('deal_id')
      .notNull()
      .references(() => deals.id),
    product_name: varchar('product_name', { length: 255 }).notNull(),
    /** The product name lower-cased once on write, for the list's "contains" search (lib/paging.ts `containsFolded`). */
    product_name_search: text('product_name_search').generatedAlwaysAs(sql`lower(product_name)`),
    internal_product_code: varchar('internal_product_code', { length: 60 }),
    /** 8 digits, a leaf of the `ncm` table (checked on save; no foreign key, the table is reloaded as a whole). */
    ncm: varchar('ncm', { length: 8 }).notNull(),
    /** The product's code in the deal's nomenclature (NALADI/SH…), from the deal's classification list. */
    nomenclature_code: varchar('nomenclature_code', { length: 12 }),
    production_process: text('production_process').notNull(),
    fob_unit_value_min: money('fob_unit_value_min').notNull(),
    fob_unit_value_max: money('fob_unit_value_max').notNull(),
    /** The origin criterion. */
    origin_rule_id: integer('origin_rule_id')
      .notNull()
      .references(() => originRules.id),
    origin_norm_id: integer('origin_norm_id')
      .notNull()
      .references(() => originNorms.id),
    approved_at: at('approved_at'),
    /** Approval day + the deal's `declaration_validity_days` (Brasília): the last day it may be cited. */
    valid_until: date('valid_until', { mode: 'string' }),
    /** Where the signed paper declaration was delivered (approve_delivery). */
    delivery_location_id: integer('delivery_location_id').references(() => deliveryLocations.id),
    /** The analyst who took it for analysis. */
    analyst_id: integer('analyst_id').references(() => users.id),
    /** The legal representative's verified A1/A3 signature (the signatures issue writes them). */
    signed_at: at('signed_at'),
    signed_by_cpf: varchar('signed_by_cpf', { length: 11 }),
    ...timestamps,
  },
  (t) => [
    check('declarations_status_check', flowStatusCheck(t.status, declarationFlow)),
    check('declarations_ncm_check', sql`${t.ncm} ~ '^[0-9]{8}$'`),
    check(
      'declarations_fob_check',
      sql`${t.fob_unit_value_min} >= 0 and ${t.fob_unit_value_min} <= ${t.fob_unit_value_max}`,
    ),
    // The list's order is id (both ways): the primary key alone, and after each scope or the status filter.
    index('declarations_association_idx').on(t.trade_association_id, t.id),
    index('declarations_association_status_idx').on(t.trade_association_id, t.status, t.id),
    index('declarations_status_idx').on(t.status, t.id),
    // The exporter's own list, and what an exporter may cite (its approved ones).
    index('declarations_exporter_status_idx').on(t.exporter_id, t.status, t.id),
    index('declarations_deal_idx').on(t.deal_id),
    index('declarations_created_idx').on(t.created_at),
    // The dashboard's "recently updated" and "awaiting analysis" lists.
    index('declarations_updated_idx').on(t.updated_at, t.id),
    index('declarations_association_updated_idx').on(t.trade_association_id, t.updated_at, t.id),
    // NCM by its first digits; product name and internal code by "contains" (pg_trgm).
    index('declarations_ncm_prefix_idx').on(t.ncm.op('varchar_pattern_ops')),
    index('declarations_product_name_search_trgm_idx').using('gin', t.product_name_search.op('gin_trgm_ops')),
    index('declarations_internal_code_trgm_idx').using('gin', t.internal_product_code.op('gin_trgm_ops')),
    // The daily expiry job finds the approved ones past their validity.
    index('declarations_expiry_idx').on(t.valid_until).where(sql`${t.status} = 'APROVADA'`),
    index('declarations_company_idx').on(t.company_manufacturer_id),
    index('declarations_legal_representative_idx').on(t.legal_representative_id),
  ],
);

/** The materials of a declaration, in order: what goes into the product, from where, and at what value. */
export const declarationMaterials = pgTable(
  'declaration_materials',
  {
    id: serial('id').primaryKey(),
    declaration_id: integer('declaration_id')
      .notNull()
      .references(() => declarations.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    ncm: varchar('ncm', { length: 8 }).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    origin_country_id: integer('origin_country_id')
      .notNull()
      .references(() => countries.id),
    cif_value_usd: money('cif_value_usd').notNull(),
    /** Share of the product's FOB value, in percent. */
    fob_share_percent: percent('fob_share_percent').notNull(),
  },
  (t) => [
    uniqueIndex('declaration_materials_position_idx').on(t.declaration_id, t.position),
    index('declaration_materials_country_idx').on(t.origin_country_id),
    check('declaration_materials_ncm_check', sql`${t.ncm} ~ '^[0-9]{8}$'`),
    check(
      'declaration_materials_values_check',
      sql`${t.cif_value_usd} >= 0 and ${t.fob_share_percent} between 0 and 100`,
    ),
  ],
);

/**
 * An exporter's permission to cite another party's declaration (DOMAIN.md §6): PENDENTE → APROVADO, or REPROVADO
 * (deleting marks it so; the row stays). `manufacturer_id` (the declaration's owner) and `trade_association_id`
 * (the declaration's association) are copied from the approved declaration, which never changes again.
 */
export const declarationLinks = pgTable(
  'declaration_links',
  {
    id: serial('id').primaryKey(),
    status: varchar('status', { length: 20 }).notNull().default(declarationLinkFlow.initial),
    declaration_id: integer('declaration_id')
      .notNull()
      .references(() => declarations.id),
    /** The exporter that will cite the declaration. */
    exporter_id: integer('exporter_id')
      .notNull()
      .references(() => exporters.id),
    manufacturer_id: integer('manufacturer_id')
      .notNull()
      .references(() => exporters.id),
    trade_association_id: integer('trade_association_id')
      .notNull()
      .references(() => tradeAssociations.id),
    requested_by_user_id: integer('requested_by_user_id').references(() => users.id),
    /** exporter | manufacturer: the side that asked; the other side (or the association) approves. */
    requested_side: varchar('requested_side', { length: 12 }).notNull(),
    ...timestamps,
  },
  (t) => [
    check('declaration_links_status_check', flowStatusCheck(t.status, declarationLinkFlow)),
    check('declaration_links_side_check', sql`${t.requested_side} in ('exporter', 'manufacturer')`),
    // One live link per (declaration, exporter); reproved ones stay as history.
    uniqueIndex('declaration_links_live_idx')
      .on(t.declaration_id, t.exporter_id)
      .where(sql`${t.status} <> 'REPROVADO'`),
    // What an exporter may cite; its links and the manufacturer's, in the list's order (REPROVADO first).
    index('declaration_links_exporter_idx').on(t.exporter_id, t.status, t.declaration_id),
    index('declaration_links_manufacturer_idx').on(t.manufacturer_id, t.id),
    index('declaration_links_association_idx').on(t.trade_association_id, t.id),
    index('declaration_links_order_idx').on(sql`(${t.status} = 'REPROVADO')`, t.id),
    index('declaration_links_declaration_idx').on(t.declaration_id),
  ],
);
