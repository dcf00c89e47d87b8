import type { CodForm, CodVersionEntry } from '@origem/contract/schemas/cod-settings';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { countries, languages } from './lookups';

/** A trade agreement the network certifies under (ACE-18 Mercosul, ACE-35 Chile…). */
export const deals = pgTable(
  'deals',
  {
    id: serial('id').primaryKey(),
    abbreviation: varchar('abbreviation', { length: 30 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    /** ALADI agreement acronym used in the CertificateID and the COD XML: A18, A35, R252… */
    aladi_acronym: varchar('aladi_acronym', { length: 10 }),
    /** Certificate form the deal uses (e.g. "Forma 14", "Anexo IV"). */
    form: varchar('form', { length: 60 }),
    /** Nomenclature of its items: NCM, NALADI/SH 96, SH 2012, SH 2017, SH 2022. */
    classification_type: varchar('classification_type', { length: 20 }).notNull().default('NCM'),
    /** Accepts digital certificates (COD): what GET /v1/deal_signature lists; a digital certificate needs it. */
    accepts_digital: boolean('accepts_digital').notNull().default(false),
    /** The ALADI COD form of the deal's goods (A14, A18, A72); null: only its automotive goods have one. */
    cod_form: varchar('cod_form', { length: 4 }).$type<CodForm>(),
    /** ALADI Annex 3's automotive split (ACE 02, 14): the form of automotive goods, decided by `cod_automotive_ncm`. */
    cod_automotive_form: varchar('cod_automotive_form', { length: 4 }).$type<CodForm>(),
    /** NCM prefixes (2 to 8 digits) that make goods automotive under the deal: its automotive lists, as data. */
    cod_automotive_ncm: jsonb('cod_automotive_ncm').$type<string[]>().notNull().default([]),
    /** The COD versions the partners read, each from a day (oldest first); a COD declares the one in force. */
    cod_versions: jsonb('cod_versions').$type<CodVersionEntry[]>().notNull().default([]),
    declaration_validity_days: integer('declaration_validity_days').notNull().default(180),
    certificate_validity_months: integer('certificate_validity_months').notNull().default(12),
    /** The declarations' origin check: the ceiling of the non-originating CIF share of the FOB value, in percent. */
    non_originating_ceiling_percent: numeric('non_originating_ceiling_percent', { precision: 5, scale: 2 })
      .notNull()
      .default('40'),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('deals_abbreviation_unique').on(sql`lower(${t.abbreviation})`)],
);

export const dealCountries = pgTable(
  'deal_countries',
  {
    deal_id: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
  },
  (t) => [
    primaryKey({ columns: [t.deal_id, t.country_id] }),
    index('deal_countries_country_idx').on(t.country_id),
  ],
);

/**
 * Rules of origin change (MERCOSUL's regime of Dec. CMC 01/09 gave way to Dec. CMC 05/23 on 18 Jul 2024): norms and
 * rules carry the days they are in force, inclusive, open-ended when null. A changed rule or norm is a new row
 * with the same code (rules) or name (norms) from a day, the previous one closed the day before, so its history
 * stays and records cite the version in force on their day. Periods of one code or name never overlap (the service
 * checks, under the deal's lock); at most one is open-ended.
 */
const validity = {
  valid_from: date('valid_from', { mode: 'string' }),
  valid_until: date('valid_until', { mode: 'string' }),
};
const validityCheck = (name: string, t: { valid_from: AnyPgColumn; valid_until: AnyPgColumn }) =>
  check(
    name,
    sql`${t.valid_from} is null or ${t.valid_until} is null or ${t.valid_from} <= ${t.valid_until}`,
  );

/** Legal basis printed on certificate items, e.g. "Protocolo Adicional … Título III, Art. 16". */
export const originNorms = pgTable(
  'origin_norms',
  {
    id: serial('id').primaryKey(),
    deal_id: integer('deal_id')
      .notNull()
      .references(() => deals.id),
    name: varchar('name', { length: 255 }).notNull(),
    legal_text: text('legal_text'),
    /** The regime's ceiling of non-originating materials (percent of FOB); null: the deal's. */
    non_originating_ceiling_percent: numeric('non_originating_ceiling_percent', { precision: 5, scale: 2 }),
    ...validity,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('origin_norms_deal_name_open_unique')
      .on(t.deal_id, sql`lower(${t.name})`)
      .where(sql`${t.valid_until} is null`),
    index('origin_norms_deal_name_idx').on(t.deal_id, sql`lower(${t.name})`),
    validityCheck('origin_norms_validity_check', t),
  ],
);

/** Origin criteria of a deal: totalmente obtido, salto tarifário, conteúdo regional… */
export const originRules = pgTable(
  'origin_rules',
  {
    id: serial('id').primaryKey(),
    deal_id: integer('deal_id')
      .notNull()
      .references(() => deals.id),
    code: varchar('code', { length: 20 }).notNull(),
    description: text('description').notNull(),
    ...validity,
    ...timestamps,
  },
  (t) => [
    uniqueIndex('origin_rules_deal_code_open_unique')
      .on(t.deal_id, sql`lower(${t.code})`)
      .where(sql`${t.valid_until} is null`),
    index('origin_rules_deal_code_idx').on(t.deal_id, sql`lower(${t.code})`),
    validityCheck('origin_rules_validity_check', t),
  ],
);

/**
 * The certificate form of a deal: per field, whether ALADI's form makes it mandatory (M), optional (O) or not
 * applicable (NA), its label, and the PDF layout parameters.
 */
export const certificateModels = pgTable('certificate_models', {
  id: serial('id').primaryKey(),
  deal_id: integer('deal_id')
    .notNull()
    .references(() => deals.id)
    .unique(),
  name: varchar('name', { length: 120 }).notNull(),
  language_id: integer('language_id').references(() => languages.id),
  fields: jsonb('fields').$type<Record<string, { rule: 'M' | 'O' | 'NA'; label: string }>>().notNull(),
  layout: jsonb('layout').$type<Record<string, unknown>>().notNull(),
  ...timestamps,
});
