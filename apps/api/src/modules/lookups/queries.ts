import type { LookupDefinition, LookupRow } from '@origem/contract/schemas/lookups';
import { eq, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { humanOrder } from '../../lib/collation';
import { keysetOrder, likePattern, mapPage, type PageRequest, paginate } from '../../lib/paging';

type Columns = Record<string, PgColumn>;

function columnsOf(table: PgTable, def: LookupDefinition) {
  const all = getTableColumns(table) as Columns;
  const id = all.id;
  if (!id) throw new Error(`${getTableName(table)} has no id`);
  const selected: Columns = { id };
  for (const field of def.fields) {
    const column = all[field.name];
    if (!column) throw new Error(`${getTableName(table)} has no column ${field.name}`);
    selected[field.name] = column;
  }
  return { id, selected, all };
}

/** Alphabetical by name where there is one, else by the first field. */
function orderOf(def: LookupDefinition, all: Columns, by?: string): SQL {
  const column = all[by ?? (all.name ? 'name' : (def.fields[0]?.name ?? 'id'))] ?? all.id;
  return humanOrder(column as PgColumn);
}

function searchCondition(def: LookupDefinition, all: Columns, text?: string): SQL | undefined {
  if (!text) return undefined;
  const textual = def.fields.filter((f) => f.kind !== 'boolean').map((f) => all[f.name] as PgColumn);
  return sql`(${sql.join(
    textual.map((c) => sql`${c} ilike ${likePattern(text)}`),
    sql` or `,
  )})`;
}

export async function pageRows(
  db: Executor,
  table: PgTable,
  def: LookupDefinition,
  request: PageRequest,
  text?: string,
) {
  const { selected, all, id } = columnsOf(table, def);
  const page = await paginate(db, request, {
    where: searchCondition(def, all, text),
    order: keysetOrder(table, 'asc', [orderOf(def, all)], id),
    rows: (where) => db.select(selected).from(table).where(where).$dynamic(),
    ids: (where) => db.select({ id }).from(table).where(where).$dynamic(),
  });
  return mapPage(page, (row) => row as LookupRow);
}

export async function allRows(db: Executor, table: PgTable, def: LookupDefinition, orderBy?: string) {
  const { selected, all } = columnsOf(table, def);
  const rows = await db
    .select(selected)
    .from(table)
    .orderBy(orderOf(def, all, orderBy))
    .limit(5000);
  return rows as LookupRow[];
}

export async function findRow(db: Executor, table: PgTable, def: LookupDefinition, id: number) {
  const { selected, id: idColumn } = columnsOf(table, def);
  const [row] = await db.select(selected).from(table).where(eq(idColumn, id));
  return (row as LookupRow | undefined) ?? null;
}

export async function insertRow(
  db: Executor,
  table: PgTable,
  def: LookupDefinition,
  values: Record<string, unknown>,
) {
  const { selected } = columnsOf(table, def);
  const [row] = await db.insert(table).values(values).returning(selected);
  return row as LookupRow;
}

export async function updateRow(
  db: Executor,
  table: PgTable,
  def: LookupDefinition,
  id: number,
  values: Record<string, unknown>,
) {
  const { selected, id: idColumn } = columnsOf(table, def);
  const [row] = await db.update(table).set(values).where(eq(idColumn, id)).returning(selected);
  return (row as LookupRow | undefined) ?? null;
}

export async function deleteRow(db: Executor, table: PgTable, def: LookupDefinition, id: number) {
  const { id: idColumn } = columnsOf(table, def);
  const rows = await db.delete(table).where(eq(idColumn, id)).returning({ id: idColumn });
  return rows.length > 0;
}

export const tableName = (table: PgTable) => getTableName(table);
