import { MAX_ALL_ROWS } from '@origem/contract/paging';
import {
  type LegalRepresentativeListQuery,
  procurationExpired,
} from '@origem/contract/schemas/legal-representatives';
import { and, asc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { exporters, jobPositions, legalRepresentatives, storedFiles } from '../../db/schema';
import { storedFileView } from '../../files/records';
import { humanOrder } from '../../lib/collation';
import type { Actor } from '../../lib/context';
import { containsFolded, keysetOrder, lookup, mapPage, paginate } from '../../lib/paging';
import { exporterScope } from '../../lib/scope';

/** The procuration is stored as the representative's file under the role `procuration`. */
export const PROCURATION_ROLE = 'procuration';
export const procurationOwner = (id: number) => ({ type: 'legal_representative', id });
const PROCURATION_OWNER_TYPE = `legal_representative.${PROCURATION_ROLE}`;

const procuration = alias(storedFiles, 'procuration_file');

/** Live representatives of exporters the actor reaches (DOMAIN.md §2; the association is read from the exporter). */
function visible(actor: Actor): SQL {
  return and(
    isNull(legalRepresentatives.deleted_at),
    exporterScope(actor, { exporterId: legalRepresentatives.exporter_id }) ?? undefined,
  ) as SQL;
}

const columns = {
  id: legalRepresentatives.id,
  exporter_id: legalRepresentatives.exporter_id,
  // Names as lookups, not joins (lib/paging.ts `lookup`).
  exporter_name: sql<string>`${lookup(exporters.name, legalRepresentatives.exporter_id)}`,
  name: legalRepresentatives.name,
  cpf: legalRepresentatives.cpf,
  email: legalRepresentatives.email,
  phone: legalRepresentatives.phone,
  job_position_id: legalRepresentatives.job_position_id,
  job_position_name: lookup(jobPositions.name, legalRepresentatives.job_position_id),
  procuration_valid_until: legalRepresentatives.procuration_valid_until,
  file_name: procuration.original_name,
  file_mime: procuration.mime_type,
  file_size: procuration.size,
  file_created_at: procuration.created_at,
  created_at: legalRepresentatives.created_at,
  updated_at: legalRepresentatives.updated_at,
};

function selectRepresentatives(db: Executor) {
  return db
    .select(columns)
    .from(legalRepresentatives)
    .leftJoin(
      procuration,
      and(
        eq(procuration.owner_type, PROCURATION_OWNER_TYPE),
        eq(procuration.owner_id, legalRepresentatives.id),
      ),
    );
}

type Row = Awaited<ReturnType<typeof selectRepresentatives>>[number];

function toView(row: Row, today: string) {
  return {
    id: row.id,
    exporter_id: row.exporter_id,
    exporter: { id: row.exporter_id, name: row.exporter_name },
    name: row.name,
    cpf: row.cpf,
    email: row.email,
    phone: row.phone,
    job_position_id: row.job_position_id,
    job_position:
      row.job_position_id && row.job_position_name
        ? { id: row.job_position_id, name: row.job_position_name }
        : null,
    procuration_valid_until: row.procuration_valid_until,
    procuration_expired: procurationExpired(row.procuration_valid_until, today),
    has_procuration: row.file_name !== null,
    procuration: storedFileView(row),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
export type LegalRepresentativeView = ReturnType<typeof toView>;

function filters(actor: Actor, query: { exporter_id?: number }): SQL {
  return and(
    visible(actor),
    query.exporter_id ? eq(legalRepresentatives.exporter_id, query.exporter_id) : undefined,
  ) as SQL;
}

export async function pageRepresentatives(
  db: Executor,
  actor: Actor,
  query: LegalRepresentativeListQuery,
  today: string,
) {
  const page = await paginate(db, query, {
    where: filters(actor, query),
    // "Contains", served by legal_representatives_name_search_trgm_idx.
    search: query.name ? containsFolded(legalRepresentatives.name_search, query.name) : undefined,
    containsText: true,
    order: keysetOrder(
      legalRepresentatives,
      'asc',
      [humanOrder(legalRepresentatives.name)],
      legalRepresentatives.id,
    ),
    rows: (where) => selectRepresentatives(db).where(where).$dynamic(),
    ids: (where) =>
      db.select({ id: legalRepresentatives.id }).from(legalRepresentatives).where(where).$dynamic(),
  });
  return mapPage(page, (row) => toView(row, today));
}

export async function allRepresentatives(
  db: Executor,
  actor: Actor,
  exporterId: number | undefined,
  today: string,
) {
  const rows = await db
    .select({
      id: legalRepresentatives.id,
      name: legalRepresentatives.name,
      cpf: legalRepresentatives.cpf,
      exporter_id: legalRepresentatives.exporter_id,
      job_position: jobPositions.name,
      procuration_valid_until: legalRepresentatives.procuration_valid_until,
    })
    .from(legalRepresentatives)
    .leftJoin(jobPositions, eq(jobPositions.id, legalRepresentatives.job_position_id))
    .where(filters(actor, { exporter_id: exporterId }))
    .orderBy(humanOrder(legalRepresentatives.name), asc(legalRepresentatives.id))
    .limit(MAX_ALL_ROWS);
  return rows.map((row) => ({
    ...row,
    procuration_expired: procurationExpired(row.procuration_valid_until, today),
  }));
}

export async function findRepresentative(
  db: Executor,
  actor: Actor,
  id: number,
  today: string,
): Promise<LegalRepresentativeView | null> {
  const [row] = await selectRepresentatives(db).where(and(visible(actor), eq(legalRepresentatives.id, id)));
  return row ? toView(row, today) : null;
}

/** The stored row, locked for the rest of the transaction, if the actor reaches it (two edits queue up). */
export async function lockRepresentative(db: Executor, actor: Actor, id: number) {
  const [row] = await db
    .select()
    .from(legalRepresentatives)
    .where(and(visible(actor), eq(legalRepresentatives.id, id)))
    .for('update');
  return row ?? null;
}

export async function jobPositionExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: jobPositions.id }).from(jobPositions).where(eq(jobPositions.id, id));
  return Boolean(row);
}

/** Another live representative of the same exporter with this CPF. */
export async function cpfTaken(
  db: Executor,
  exporterId: number,
  cpf: string,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: legalRepresentatives.id })
    .from(legalRepresentatives)
    .where(
      and(
        eq(legalRepresentatives.exporter_id, exporterId),
        eq(legalRepresentatives.cpf, cpf),
        isNull(legalRepresentatives.deleted_at),
        exceptId ? ne(legalRepresentatives.id, exceptId) : undefined,
      ),
    );
  return Boolean(row);
}

export type RepresentativeValues = Omit<
  typeof legalRepresentatives.$inferInsert,
  'id' | 'created_at' | 'updated_at' | 'deleted_at'
>;

export async function insertRepresentative(db: Executor, values: RepresentativeValues): Promise<number> {
  const [row] = await db
    .insert(legalRepresentatives)
    .values(values)
    .returning({ id: legalRepresentatives.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
}

export async function updateRepresentative(db: Executor, id: number, values: RepresentativeValues) {
  await db
    .update(legalRepresentatives)
    .set({ ...values, updated_at: new Date() })
    .where(eq(legalRepresentatives.id, id));
}

export async function softDeleteRepresentative(db: Executor, id: number) {
  await db
    .update(legalRepresentatives)
    .set({ deleted_at: new Date() })
    .where(eq(legalRepresentatives.id, id));
}
