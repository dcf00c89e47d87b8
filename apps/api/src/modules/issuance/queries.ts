import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, queryRows } from '../../db/client';
import { deals, legalRepresentatives } from '../../db/schema';
import type { Actor } from '../../lib/context';
import { exporterScope } from '../../lib/scope';

/** Today in Brasília, as SQL: the day issue, validity and an invoice's age are counted in. */
export const TODAY = sql`(now() at time zone 'America/Sao_Paulo')::date`;

/** A table of issued documents: owned by an exporter (or manufacturer) under a trade association. */
type IssuedTable = PgTable & {
  id: AnyPgColumn;
  exporter_id: AnyPgColumn;
  trade_association_id: AnyPgColumn;
};

/**
 * The documents the actor acts on (DOMAIN.md §2): its own party's, the dispatcher's linked exporters', the
 * association's and those below the hierarchy. `undefined`: every row.
 */
export function ownedScope(actor: Actor, table: IssuedTable): SQL | undefined {
  return (
    exporterScope(actor, { exporterId: table.exporter_id, tradeAssociationId: table.trade_association_id }) ??
    undefined
  );
}

/** The stored row, locked for the rest of the transaction, if `scope` reaches it. */
export async function lockInScope<T extends IssuedTable>(
  db: Executor,
  table: T,
  id: number,
  scope: SQL | undefined,
): Promise<T['$inferSelect'] | null> {
  const [row] = await db
    .select()
    .from(table as IssuedTable)
    .where(and(eq(table.id, id), scope))
    .for('update');
  return (row as T['$inferSelect'] | undefined) ?? null;
}

/** The note of the record's last step taken by one of `actions` (the reason of a refusal), from its history. */
export async function lastNote(
  db: Executor,
  flow: string,
  id: number,
  actions: readonly string[],
): Promise<string | null> {
  const rows = await queryRows<{ note: string | null }>(
    db,
    sql`select note from flow_steps where flow = ${flow} and record_id = ${id}
          and action in (${sql.join(
            actions.map((a) => sql`${a}`),
            sql`, `,
          )}) order by id desc limit 1`,
  );
  return rows[0]?.note ?? null;
}

// ---- the references a save names ---------------------------------------------------------------------------------

/** Whether `id` is a live legal representative of `exporterId`. */
export async function representativeOf(db: Executor, exporterId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: legalRepresentatives.id })
    .from(legalRepresentatives)
    .where(
      and(
        eq(legalRepresentatives.id, id),
        eq(legalRepresentatives.exporter_id, exporterId),
        isNull(legalRepresentatives.deleted_at),
      ),
    );
  return Boolean(row);
}

/** The deal a form names: whether it takes new documents, and its nomenclature. */
export async function findDeal(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: deals.id,
      active: deals.active,
      classification_type: deals.classification_type,
      abbreviation: deals.abbreviation,
      // The COD settings a digital certificate is checked against (modules/deals/cod-settings.ts).
      aladi_acronym: deals.aladi_acronym,
      accepts_digital: deals.accepts_digital,
      cod_form: deals.cod_form,
      cod_automotive_form: deals.cod_automotive_form,
      cod_automotive_ncm: deals.cod_automotive_ncm,
      cod_versions: deals.cod_versions,
    })
    .from(deals)
    .where(eq(deals.id, id));
  return row ?? null;
}

/** The ids of `ids` that exist in `table` (reference lookups a form names). */
export async function existingIds(
  db: Executor,
  table: PgTable,
  idColumn: AnyPgColumn,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: idColumn })
    .from(table)
    .where(inArray(idColumn, [...new Set(ids)]));
  return new Set(rows.map((r) => Number(r.id)));
}
