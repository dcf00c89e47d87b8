import { sql } from 'drizzle-orm';
import {
  boolean,
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
    /** Accepts digital certificates (COD): what GET /v1/deal_signature lists. */
    accepts_digital: boolean('accepts_digital').notNull().default(false),
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
    ...timestamps,
  },
  (t) => [uniqueIndex('origin_norms_deal_name_unique').on(t.deal_id, sql`lower(${t.name})`)],
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
    ...timestamps,
  },
  (t) => [uniqueIndex('origin_rules_deal_code_unique').on(t.deal_id, sql`lower(${t.code})`)],
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
