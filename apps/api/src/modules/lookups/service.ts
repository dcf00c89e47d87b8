import { messages } from '@origem/contract/messages.pt';
import type { LookupDefinition, LookupRow } from '@origem/contract/schemas/lookups';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { changedValues, recordAudit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { conflict, databaseError, fieldError, isForeignKeyViolation, notFound } from '../../lib/errors';
import type { PageRequest } from '../../lib/paging';
import * as q from './queries';

export type Lookup = { def: LookupDefinition; table: PgTable };

/** A unique index `<table>_<column>_unique` refused the value: say so on that field. */
function uniqueRefusal(err: unknown, { def, table }: Lookup): never {
  const constraint = databaseError(err)?.constraint;
  const prefix = `${q.tableName(table)}_`;
  if (constraint?.startsWith(prefix) && constraint.endsWith('_unique')) {
    const column = constraint.slice(prefix.length, -'_unique'.length);
    const field = def.fields.find((f) => f.name === column);
    if (field) throw fieldError(column, `Já existe um registro com este valor de "${field.label}".`);
  }
  throw err;
}

export async function list(db: Database, lookup: Lookup, page: PageRequest, text?: string) {
  return q.pageRows(db, lookup.table, lookup.def, page, text);
}

export async function all(db: Database, lookup: Lookup, orderBy?: string) {
  return { data: await q.allRows(db, lookup.table, lookup.def, orderBy) };
}

export async function get(db: Database, lookup: Lookup, id: number): Promise<LookupRow> {
  const row = await q.findRow(db, lookup.table, lookup.def, id);
  if (!row) throw notFound();
  return row;
}

export async function create(
  db: Database,
  ctx: ServiceContext,
  lookup: Lookup,
  values: Record<string, unknown>,
) {
  try {
    return await db.transaction(async (tx) => {
      const row = await q.insertRow(tx, lookup.table, lookup.def, values);
      await recordAudit(tx, ctx, { event: 'created', type: lookup.def.key, id: row.id, new: row });
      return row;
    });
  } catch (err) {
    uniqueRefusal(err, lookup);
  }
}

export async function update(
  db: Database,
  ctx: ServiceContext,
  lookup: Lookup,
  id: number,
  values: Record<string, unknown>,
) {
  try {
    return await db.transaction(async (tx) => {
      const before = await q.findRow(tx, lookup.table, lookup.def, id);
      if (!before) throw notFound();
      const row = await q.updateRow(tx, lookup.table, lookup.def, id, values);
      if (!row) throw notFound();
      const diff = changedValues(before, row);
      await recordAudit(tx, ctx, {
        event: 'updated',
        type: lookup.def.key,
        id,
        old: diff.old,
        new: diff.new,
      });
      return row;
    });
  } catch (err) {
    uniqueRefusal(err, lookup);
  }
}

/** A value other records point at cannot go: the foreign keys refuse, and we say why. */
export async function remove(db: Database, ctx: ServiceContext, lookup: Lookup, id: number) {
  try {
    await db.transaction(async (tx) => {
      const before = await q.findRow(tx, lookup.table, lookup.def, id);
      if (!before) throw notFound();
      await q.deleteRow(tx, lookup.table, lookup.def, id);
      await recordAudit(tx, ctx, { event: 'deleted', type: lookup.def.key, id, old: before });
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw conflict(messages.lookup.inUse);
    throw err;
  }
  return { message: messages.lookup.deleted };
}
