import { AUDIT_REFERENCE_FIELDS, auditNameKey } from '@origem/contract/schemas/audit';
import { LOOKUPS } from '@origem/contract/schemas/lookups';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  classificationLists,
  companies,
  confederations,
  deals,
  declarationLinks,
  declarations,
  dispatcherExporterLinks,
  dispatchers,
  exporters,
  federations,
  legalRepresentatives,
  originNorms,
  originRules,
  preRegistrations,
  roles,
  tradeAssociations,
  users,
} from '../../db/schema';
import { LOOKUP_TABLES } from '../lookups/registry';

type NameSource = { table: PgTable; id: AnyPgColumn; name: AnyPgColumn | SQL<string> };

const source = (table: PgTable & { id: AnyPgColumn }, name: AnyPgColumn | SQL<string>): NameSource => ({
  table,
  id: table.id,
  name,
});

/** Where the name of each audited type of record lives (types without one, such as sessions, show no name). */
const NAME_SOURCES: Record<string, NameSource> = {
  user: source(users, users.name),
  role: source(roles, roles.display_name),
  trade_association: source(tradeAssociations, tradeAssociations.name),
  federation: source(federations, federations.name),
  confederation: source(confederations, confederations.name),
  exporter: source(exporters, exporters.name),
  dispatcher: source(dispatchers, dispatchers.name),
  company: source(companies, companies.corporate_name),
  legal_representative: source(legalRepresentatives, legalRepresentatives.name),
  pre_registration: source(preRegistrations, preRegistrations.name),
  declaration: source(declarations, declarations.product_name),
  // Links are named by their two sides, as their lists show them.
  dispatcher_exporter_link: source(
    dispatcherExporterLinks,
    sql<string>`${dispatcherExporterLinks.exporter_name} || ' — ' || ${dispatcherExporterLinks.dispatcher_name}`,
  ),
  declaration_link: source(
    declarationLinks,
    sql<string>`(select d.product_name from declarations d where d.id = ${declarationLinks.declaration_id}) || ' — ' || (select e.name from exporters e where e.id = ${declarationLinks.exporter_id})`,
  ),
  deal: source(deals, sql<string>`${deals.abbreviation} || ' — ' || ${deals.name}`),
  origin_norm: source(originNorms, originNorms.name),
  origin_rule: source(originRules, originRules.code),
  classification_list: source(classificationLists, classificationLists.name),
  // Lookup rows (ports, currencies, countries…) are named by their `name` column.
  ...Object.fromEntries(
    Object.keys(LOOKUPS).map((key) => {
      const table = LOOKUP_TABLES[key as keyof typeof LOOKUPS] as PgTable & {
        id: AnyPgColumn;
        name: AnyPgColumn;
      };
      return [key, source(table, table.name)];
    }),
  ),
};

type Mentionable = {
  auditable_type: string;
  auditable_id: number | null;
  old_values: Record<string, unknown> | null;
  new_values: Record<string, unknown> | null;
};

function idOf(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** The records an entry mentions, by type: itself and every reference field of its old and new values. */
function mentions(entry: Mentionable, into: Map<string, Set<number>>): void {
  const add = (type: string, id: number | null) => {
    if (id === null || !NAME_SOURCES[type]) return;
    const ids = into.get(type) ?? new Set<number>();
    ids.add(id);
    into.set(type, ids);
  };
  add(entry.auditable_type, entry.auditable_id);
  for (const values of [entry.old_values, entry.new_values]) {
    for (const [field, value] of Object.entries(values ?? {})) {
      const type = AUDIT_REFERENCE_FIELDS[field];
      if (type) add(type, idOf(value));
    }
  }
}

/** The names of the records in `wanted` (ids by audit type), by auditNameKey: one query per type. */
async function namesOf(db: Executor, wanted: Map<string, Set<number>>): Promise<Map<string, string>> {
  const known = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async ([type, ids]) => {
      const from = NAME_SOURCES[type];
      if (!from) return;
      const rows = await db
        .select({ id: from.id, name: from.name })
        .from(from.table)
        // One array parameter rather than one per id, however many a page names (issue 21).
        .where(sql`${from.id} = any(${`{${[...ids].join(',')}}`}::bigint[])`);
      for (const row of rows) {
        if (typeof row.name === 'string' && row.name) known.set(auditNameKey(type, Number(row.id)), row.name);
      }
    }),
  );
  return known;
}

/**
 * Adds `names` to a page of audit entries: one query per type of record mentioned, whatever the number of
 * entries. A record deleted since keeps no name here; the screen then falls back to the name its audit values
 * recorded.
 */
export async function withNames<T extends Mentionable>(
  db: Executor,
  entries: T[],
): Promise<(T & { names: Record<string, string> })[]> {
  const wanted = new Map<string, Set<number>>();
  for (const entry of entries) mentions(entry, wanted);
  const known = await namesOf(db, wanted);
  return entries.map((entry) => {
    const local = new Map<string, Set<number>>();
    mentions(entry, local);
    const names: Record<string, string> = {};
    for (const [type, ids] of local) {
      for (const id of ids) {
        const name = known.get(auditNameKey(type, id));
        if (name) names[auditNameKey(type, id)] = name;
      }
    }
    return { ...entry, names };
  });
}

/**
 * The current name of the record an entry is about (not those its values mention: the CSV's "Nome do registro" is
 * the record's own), as SQL for the export's statement: one index probe per row, in the database, instead of a
 * lookup per type and batch of rows from here (the audit CSV's 2 000 000 rows: 25 000 round trips; issue 21).
 */
export function recordNameSql(type: AnyPgColumn, id: AnyPgColumn): SQL<string | null> {
  const branches = Object.entries(NAME_SOURCES).map(
    ([key, from]) => sql`when ${key} then (select ${from.name} from ${from.table} where ${from.id} = ${id})`,
  );
  return sql<string | null>`case ${type} ${sql.join(branches, sql` `)} end`;
}
