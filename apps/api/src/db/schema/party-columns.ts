import { sql } from 'drizzle-orm';
import { type AnyPgColumn, type ExtraConfigColumn, index, integer, text, varchar } from 'drizzle-orm/pg-core';
import { address } from './columns';
import { personTypes } from './lookups';

// What the tables of parties share: exporters and dispatchers (identity.ts), pre-registrations and companies
// (parties.ts). Pieces of tables, so not in the schema's index.

/**
 * Who a party is (DOMAIN.md §1): a person (CPF, person type 1) or a company (CNPJ, person type 2), registered at one
 * association. Shared by exporters, dispatchers and pre-registrations, with the check that ties the tax id to the type.
 * `association` is the associations' id column, passed in: their table is in identity.ts, which uses these columns too.
 */
export const partyColumns = (association: () => AnyPgColumn) => ({
  person_type_id: integer('person_type_id')
    .notNull()
    .references(() => personTypes.id),
  cpf: varchar('cpf', { length: 11 }),
  cnpj: varchar('cnpj', { length: 14 }),
  /** Corporate name (razão social) or the person's full name. */
  name: varchar('name', { length: 255 }).notNull(),
  trade_name: varchar('trade_name', { length: 255 }),
  state_registration: varchar('state_registration', { length: 30 }),
  email: varchar('email', { length: 255 }),
  phone: varchar('phone', { length: 30 }),
  ...address,
  trade_association_id: integer('trade_association_id').notNull().references(association),
});

/**
 * A name and the trade name, lower-cased once on write, for "contains" searches (lib/paging.ts `containsFolded`).
 * A line break keeps a search from matching across the two. Users and legal representatives fold their name alone.
 */
export const namesSearch = (name: 'name' | 'corporate_name') => ({
  name_search: text('name_search').generatedAlwaysAs(
    sql`lower(${sql.raw(name)} || chr(10) || coalesce(trade_name, ''))`,
  ),
});

/** "Contains" filters of the exporter and dispatcher lists (name or trade name, CPF, CNPJ), served by pg_trgm. */
export function partyTrigramIndexes(
  table: string,
  t: {
    name_search: ExtraConfigColumn;
    cpf: ExtraConfigColumn;
    cnpj: ExtraConfigColumn;
  },
) {
  return [
    index(`${table}_name_search_trgm_idx`).using('gin', t.name_search.op('gin_trgm_ops')),
    index(`${table}_cpf_trgm_idx`).using('gin', t.cpf.op('gin_trgm_ops')),
    index(`${table}_cnpj_trgm_idx`).using('gin', t.cnpj.op('gin_trgm_ops')),
  ];
}

export const taxIdMatchesPersonType = (t: { person_type_id: unknown; cpf: unknown; cnpj: unknown }) =>
  sql`(${t.person_type_id} = 1 and ${t.cpf} is not null and ${t.cnpj} is null) or (${t.person_type_id} = 2 and ${t.cnpj} is not null and ${t.cpf} is null)`;
