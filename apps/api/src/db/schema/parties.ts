import { preRegistrationFlow } from '@origem/contract/flows';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { flowStatusCheck, softDelete, timestamps } from './columns';
import { federations } from './entities';
import { dispatchers, exporters, tradeAssociations, users } from './identity';
import { companyTypes, countries, jobPositions } from './lookups';
import { namesSearch, partyColumns, taxIdMatchesPersonType } from './party-columns';

// What a party keeps — its address book of companies, its legal representatives — and the public sign-ups that
// become parties. The exporters and dispatchers themselves are in identity.ts, with the users who act for them.

/**
 * The address book every certificate draws on: importers (1), manufacturers (2) and intervenors (3). A company
 * belongs to the exporter whose book it is in (or, kept by a dispatcher, to that dispatcher), and through it to an
 * association. Foreign companies carry their own tax id and free-form postcode and state.
 */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    company_type_id: integer('company_type_id')
      .notNull()
      .references(() => companyTypes.id),
    exporter_id: integer('exporter_id').references(() => exporters.id),
    dispatcher_id: integer('dispatcher_id').references(() => dispatchers.id),
    trade_association_id: integer('trade_association_id').references(() => tradeAssociations.id),
    corporate_name: varchar('corporate_name', { length: 255 }).notNull(),
    trade_name: varchar('trade_name', { length: 255 }),
    ...namesSearch('corporate_name'),
    cnpj: varchar('cnpj', { length: 14 }),
    foreign_tax_id: varchar('foreign_tax_id', { length: 40 }),
    country_id: integer('country_id')
      .notNull()
      .references(() => countries.id),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 30 }),
    postcode: varchar('postcode', { length: 20 }),
    address: varchar('address', { length: 255 }),
    number: varchar('number', { length: 20 }),
    complement: varchar('complement', { length: 120 }),
    neighborhood: varchar('neighborhood', { length: 120 }),
    city: varchar('city', { length: 120 }),
    state: varchar('state', { length: 60 }),
    ...timestamps,
  },
  (t) => [
    // The default order (corporate name) alone and after each scope or the type filter (keyset pages).
    index('companies_corporate_name_idx').on(sql`${t.corporate_name} collate "und-x-icu"`, t.id),
    index('companies_exporter_name_idx').on(
      t.exporter_id,
      sql`${t.corporate_name} collate "und-x-icu"`,
      t.id,
    ),
    index('companies_dispatcher_name_idx').on(
      t.dispatcher_id,
      sql`${t.corporate_name} collate "und-x-icu"`,
      t.id,
    ),
    index('companies_association_name_idx').on(
      t.trade_association_id,
      sql`${t.corporate_name} collate "und-x-icu"`,
      t.id,
    ),
    index('companies_type_name_idx').on(
      t.company_type_id,
      sql`${t.corporate_name} collate "und-x-icu"`,
      t.id,
    ),
    // The other orders of /empresas, ascending: an index walk, not a sort of every company.
    index('companies_city_order_idx').on(
      sql`${t.city} collate "und-x-icu"`,
      sql`${t.corporate_name} collate "und-x-icu"`,
      t.id,
    ),
    index('companies_tax_id_order_idx').on(
      sql`coalesce(${t.cnpj}, ${t.foreign_tax_id})`,
      sql`${t.corporate_name} collate "und-x-icu"`,
      t.id,
    ),
    index('companies_cnpj_idx').on(t.cnpj),
    index('companies_name_search_trgm_idx').using('gin', t.name_search.op('gin_trgm_ops')),
    index('companies_cnpj_trgm_idx').using('gin', t.cnpj.op('gin_trgm_ops')),
    index('companies_foreign_tax_id_trgm_idx').using('gin', t.foreign_tax_id.op('gin_trgm_ops')),
    index('companies_city_trgm_idx').using('gin', t.city.op('gin_trgm_ops')),
  ],
);

/** Who signs for an exporter, with the power of attorney (procuração, a stored file) and until when it holds. */
export const legalRepresentatives = pgTable(
  'legal_representatives',
  {
    id: serial('id').primaryKey(),
    exporter_id: integer('exporter_id')
      .notNull()
      .references(() => exporters.id),
    name: varchar('name', { length: 255 }).notNull(),
    /** The name lower-cased once on write, for the list's "contains" search (lib/paging.ts `containsFolded`). */
    name_search: text('name_search').generatedAlwaysAs(sql`lower(name)`),
    cpf: varchar('cpf', { length: 11 }),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 30 }),
    job_position_id: integer('job_position_id').references(() => jobPositions.id),
    procuration_valid_until: date('procuration_valid_until', { mode: 'string' }),
    ...timestamps,
    ...softDelete,
  },
  (t) => [
    index('legal_representatives_name_idx').on(sql`${t.name} collate "und-x-icu"`, t.id),
    index('legal_representatives_exporter_name_idx').on(
      t.exporter_id,
      sql`${t.name} collate "und-x-icu"`,
      t.id,
    ),
    index('legal_representatives_name_search_trgm_idx').using('gin', t.name_search.op('gin_trgm_ops')),
  ],
);

/**
 * A public sign-up (DOMAIN.md §7): ENVIADO → PENDENTE (the applicant corrects it through a private, expiring link
 * whose token is stored only hashed) → ENVIADO … → APROVADO (creates the exporter or dispatcher and its user) or
 * REPROVADO.
 */
export const preRegistrations = pgTable(
  'pre_registrations',
  {
    id: serial('id').primaryKey(),
    status: varchar('status', { length: 20 }).notNull().default(preRegistrationFlow.initial),
    /** exportador | despachante: the role the approved applicant receives. */
    profile_type: varchar('profile_type', { length: 20 }).notNull(),
    ...partyColumns(() => tradeAssociations.id),
    federation_id: integer('federation_id').references(() => federations.id),
    pendency_reason: text('pendency_reason'),
    reproval_reason: text('reproval_reason'),
    pendency_token_hash: varchar('pendency_token_hash', { length: 64 }),
    pendency_expires_at: timestamp('pendency_expires_at', { withTimezone: true, mode: 'date' }),
    exporter_id: integer('exporter_id').references(() => exporters.id),
    dispatcher_id: integer('dispatcher_id').references(() => dispatchers.id),
    analysed_by: integer('analysed_by').references(() => users.id),
    analysed_at: timestamp('analysed_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    check('pre_registrations_tax_id_check', taxIdMatchesPersonType(t)),
    check('pre_registrations_status_check', flowStatusCheck(t.status, preRegistrationFlow)),
    // The list's orders (created_at both ways, name) alone and after the status filter or the association scope;
    // CPF/CNPJ are searched by their first digits (pattern_ops serve LIKE 'x%' in any locale).
    index('pre_registrations_created_idx').on(t.created_at, t.id),
    index('pre_registrations_name_idx').on(sql`${t.name} collate "und-x-icu"`, t.id),
    index('pre_registrations_status_created_idx').on(t.status, t.created_at, t.id),
    index('pre_registrations_association_created_idx').on(t.trade_association_id, t.created_at, t.id),
    index('pre_registrations_cpf_prefix_idx').on(t.cpf.op('varchar_pattern_ops')),
    index('pre_registrations_cnpj_prefix_idx').on(t.cnpj.op('varchar_pattern_ops')),
  ],
);
