import { certificateFlow } from '@origem/contract/flows';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
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
import { declarations } from './declarations';
import { dispatchers, exporters, tradeAssociations, users } from './identity';
import { currencies, languages, measurementUnits, sectors, shipmentPorts, transports } from './lookups';
import { companies, legalRepresentatives } from './parties';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Quantities, weights and US dollars: exact decimals, read and written as strings. */
const decimal = (name: string) => numeric(name, { precision: 16, scale: 3 });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * A certificate of origin (DOMAIN.md §4): one commercial invoice shipped to one importer under one deal, asked for
 * by an exporter (or a dispatcher linked to it) and issued by the exporter's association. `trade_association_id` is
 * copied from the exporter for scope and indexes. `last_step_at` is when its latest flow step happened: the list's
 * default order (SPEC §9).
 *
 * Numbering: on issue `certificate_number` (the CertificateID) is `number_base` (BR + EHId + acronym + year + 8-digit
 * sequence) followed by the two-digit `rectification`. A substitute (`replaces_id`) is created with its original's
 * base and the counter plus one, so it keeps the number. `verification_code` is the random, unguessable key of the
 * public verification page the printed QR code opens.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    status: varchar('status', { length: 30 }).notNull().default(certificateFlow.initial),
    exporter_id: integer('exporter_id')
      .notNull()
      .references(() => exporters.id),
    trade_association_id: integer('trade_association_id')
      .notNull()
      .references(() => tradeAssociations.id),
    /** The dispatcher that asked for it on the exporter's behalf (billing, DOMAIN.md §9). */
    dispatcher_id: integer('dispatcher_id').references(() => dispatchers.id),
    legal_representative_id: integer('legal_representative_id')
      .notNull()
      .references(() => legalRepresentatives.id),
    deal_id: integer('deal_id')
      .notNull()
      .references(() => deals.id),
    language_id: integer('language_id').references(() => languages.id),
    currency_id: integer('currency_id').references(() => currencies.id),
    sector_id: integer('sector_id').references(() => sectors.id),
    shipment_port_id: integer('shipment_port_id').references(() => shipmentPorts.id),
    transport_id: integer('transport_id').references(() => transports.id),
    company_importer_id: integer('company_importer_id')
      .notNull()
      .references(() => companies.id),
    company_manufacturer_id: integer('company_manufacturer_id').references(() => companies.id),
    company_intervenor_id: integer('company_intervenor_id').references(() => companies.id),
    measurement_unit_gross_weight_id: integer('measurement_unit_gross_weight_id').references(
      () => measurementUnits.id,
    ),
    measurement_unit_net_weight_id: integer('measurement_unit_net_weight_id').references(
      () => measurementUnits.id,
    ),
    measurement_unit_volume_id: integer('measurement_unit_volume_id').references(() => measurementUnits.id),
    invoice_number: varchar('invoice_number', { length: 60 }).notNull(),
    invoice_date: date('invoice_date', { mode: 'string' }).notNull(),
    gross_weight: decimal('gross_weight'),
    net_weight: decimal('net_weight'),
    volume: decimal('volume'),
    observations: text('observations'),
    has_digital_signature: boolean('has_digital_signature').notNull().default(false),
    /** The association's own control number (`CertificateControlCode`), set by its staff. */
    association_certification_id: varchar('association_certification_id', { length: 40 }),
    number_base: varchar('number_base', { length: 24 }),
    rectification: smallint('rectification').notNull().default(0),
    certificate_number: varchar('certificate_number', { length: 30 }),
    replaces_id: integer('replaces_id').references((): AnyPgColumn => certificates.id),
    verification_code: varchar('verification_code', { length: 40 }).notNull(),
    analyst_id: integer('analyst_id').references(() => users.id),
    issued_at: at('issued_at'),
    /** Issue day + the deal's `certificate_validity_months` (Brasília): the last day it holds. */
    valid_until: date('valid_until', { mode: 'string' }),
    last_step_at: at('last_step_at').notNull().defaultNow(),
    created_by: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (t) => [
    check('certificates_status_check', flowStatusCheck(t.status, certificateFlow)),
    check('certificates_rectification_check', sql`${t.rectification} between 0 and 99`),
    uniqueIndex('certificates_number_unique').on(t.certificate_number),
    uniqueIndex('certificates_verification_code_unique').on(t.verification_code),
    // One substitute per original.
    uniqueIndex('certificates_replaces_unique').on(t.replaces_id),
    // The default order (latest step first) alone and after each scope or exact filter.
    index('certificates_last_step_idx').on(t.last_step_at, t.id),
    index('certificates_association_step_idx').on(t.trade_association_id, t.last_step_at, t.id),
    index('certificates_exporter_step_idx').on(t.exporter_id, t.last_step_at, t.id),
    index('certificates_status_step_idx').on(t.status, t.last_step_at, t.id),
    index('certificates_association_status_step_idx').on(
      t.trade_association_id,
      t.status,
      t.last_step_at,
      t.id,
    ),
    index('certificates_deal_step_idx').on(t.deal_id, t.last_step_at, t.id),
    index('certificates_importer_step_idx').on(t.company_importer_id, t.last_step_at, t.id),
    index('certificates_intervenor_step_idx')
      .on(t.company_intervenor_id, t.last_step_at, t.id)
      .where(sql`${t.company_intervenor_id} is not null`),
    index('certificates_created_idx').on(t.created_at),
    // The all-approved type-ahead searches inside numbers; the list's invoice filter is a prefix, in any case.
    index('certificates_invoice_number_trgm_idx').using('gin', t.invoice_number.op('gin_trgm_ops')),
    // The prefix, then the list's order, then the number itself: a prefix's matches are counted and their page
    // chosen from the index alone (the expression needs its column at hand for an index-only scan).
    index('certificates_invoice_prefix_step_idx').on(
      sql`lower(${t.invoice_number}) text_pattern_ops`,
      t.last_step_at,
      t.id,
      t.invoice_number,
    ),
    index('certificates_legal_representative_idx').on(t.legal_representative_id),
    index('certificates_manufacturer_idx').on(t.company_manufacturer_id),
    index('certificates_dispatcher_idx').on(t.dispatcher_id),
    // Billing reports and the dashboard: issued certificates by period, alone and per association or exporter.
    index('certificates_issued_idx').on(t.issued_at).where(sql`${t.issued_at} is not null`),
    index('certificates_association_issued_idx')
      .on(t.trade_association_id, t.issued_at)
      .where(sql`${t.issued_at} is not null`),
    index('certificates_exporter_issued_idx')
      .on(t.exporter_id, t.issued_at)
      .where(sql`${t.issued_at} is not null`),
    index('certificates_dispatcher_issued_idx')
      .on(t.dispatcher_id, t.issued_at)
      .where(sql`${t.dispatcher_id} is not null and ${t.issued_at} is not null`),
  ],
);

/**
 * The goods of a certificate, in order: each cites an approved, unexpired declaration the exporter may cite and
 * copies what the form prints from it (NCM, nomenclature code, origin criterion and norm). `ncm_description` is the
 * NCM reference description chosen for printing (`select_ncm`).
 */
export const certificateItems = pgTable(
  'certificate_items',
  {
    id: serial('id').primaryKey(),
    certificate_id: integer('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    declaration_id: integer('declaration_id')
      .notNull()
      .references(() => declarations.id),
    ncm: varchar('ncm', { length: 8 }).notNull(),
    nomenclature_code: varchar('nomenclature_code', { length: 12 }),
    description: varchar('description', { length: 1000 }).notNull(),
    ncm_description: text('ncm_description'),
    quantity: decimal('quantity').notNull(),
    measurement_unit_id: integer('measurement_unit_id').references(() => measurementUnits.id),
    gross_weight: decimal('gross_weight'),
    net_weight: decimal('net_weight'),
    fob_value_usd: money('fob_value_usd').notNull(),
    origin_criterion: varchar('origin_criterion', { length: 255 }).notNull(),
    norm_text: text('norm_text'),
    /** The versions of the criterion and norm in force on the invoice date, copied above (null on older rows). */
    origin_rule_id: integer('origin_rule_id').references(() => originRules.id),
    origin_norm_id: integer('origin_norm_id').references(() => originNorms.id),
  },
  (t) => [
    uniqueIndex('certificate_items_position_idx').on(t.certificate_id, t.position),
    // SPEC §8's 235: is a declaration cited?
    index('certificate_items_declaration_idx').on(t.declaration_id),
    index('certificate_items_unit_idx').on(t.measurement_unit_id),
    // The rules screen: which certificates cited each version of a rule or norm.
    index('certificate_items_origin_rule_idx').on(t.origin_rule_id),
    index('certificate_items_origin_norm_idx').on(t.origin_norm_id),
    check('certificate_items_ncm_check', sql`${t.ncm} ~ '^[0-9]{8}$'`),
    check('certificate_items_values_check', sql`${t.quantity} > 0 and ${t.fob_value_usd} >= 0`),
  ],
);

/**
 * A digital certificate's COD XML as signed so far (DOMAIN.md §5): after the exporter's signature over `#COD`
 * (`exporter_signed`), then with `EH`, `CertificationEH` and the entity's signature over `#CODEH` (`complete`).
 * Kept as the exact bytes signed: re-serialising would break the signatures. Who signed is the certificate's
 * subject, as verified.
 */
export const certificateCods = pgTable('certificate_cods', {
  certificate_id: integer('certificate_id')
    .primaryKey()
    .references(() => certificates.id, { onDelete: 'cascade' }),
  stage: varchar('stage', { length: 20 }).notNull(),
  xml: text('xml').notNull(),
  exporter_signer: varchar('exporter_signer', { length: 255 }).notNull(),
  exporter_signed_at: at('exporter_signed_at').notNull(),
  entity_signer: varchar('entity_signer', { length: 255 }),
  entity_signed_at: at('entity_signed_at'),
});
